/**
 * Settings → Integrations → Webhooks in the real product (issue 26, decision 60): the owner adds a
 * webhook to a receiver this test runs on 127.0.0.1 (scripts/e2e.mjs allowlists it, as an operator
 * would with WEBHOOK_ALLOW_HOSTS), copies the secret shown once, sends a test event, and reads the
 * delivery log: the attempt's status, time and the receiver's answer; Send again delivers the same
 * event id. The receiver checks every signature with the recipe of docs/api/admin.md.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { test, expect } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { axeSummary, signIn } from './helpers.ts';

const OWNER = 'owner2@demo.local';

interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}

function verified(r: Received, secret: string): boolean {
  const ts = String(r.headers['x-venuedesk-timestamp']);
  const expected = createHmac('sha256', secret).update(`${ts}.${r.body}`).digest();
  return String(r.headers['x-venuedesk-signature'])
    .split(',')
    .some((part) => {
      const given = Buffer.from(part.trim().replace(/^v1=/, ''), 'hex');
      return given.length === expected.length && timingSafeEqual(given, expected);
    });
}

const received: Received[] = [];
let receiver: http.Server;
let url: string;

test.beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"thanks":"from the e2e receiver"}');
    });
  });
  await new Promise<void>((ok) => receiver.listen(0, '127.0.0.1', ok));
  url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/venuedesk`;
});

test.afterAll(async () => {
  receiver.closeAllConnections();
  await new Promise((ok) => receiver.close(ok));
});

test('the owner adds a webhook, sends a test event and reads the delivery log', async ({ page }) => {
  await signIn(page, OWNER);
  await page.goto('/SettingsIntegrations');
  const card = page.getByTestId('webhooks');
  await expect(card.getByRole('heading', { name: 'Webhooks' })).toBeVisible();

  await card.getByRole('button', { name: 'Add webhook' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add webhook' });
  await dialog.getByRole('textbox', { name: /Address \(URL\)/ }).fill(url);
  await dialog.getByRole('textbox', { name: /Description/ }).fill('E2E receiver');
  await dialog.getByText('Booking confirmed', { exact: true }).click();
  await dialog.getByText('Invoice paid', { exact: true }).click();
  expect(axeSummary(await new AxeBuilder({ page }).include('[role="dialog"]').analyze())).toEqual([]);
  await dialog.getByRole('button', { name: 'Add webhook' }).click();

  const shown = page.getByRole('dialog', { name: 'Webhook added' });
  const secret = (await shown.getByTestId('webhook-secret').innerText()).trim();
  expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
  await shown.getByRole('button', { name: 'Done' }).click();
  await expect(shown).toBeHidden();

  const row = card.getByTestId('webhook-row').filter({ hasText: url });
  await expect(row.getByText('Active')).toBeVisible();
  await expect(row.getByText('Booking confirmed, Invoice paid')).toBeVisible();
  expect(axeSummary(await new AxeBuilder({ page }).include('main').analyze())).toEqual([]);

  await row.getByRole('button', { name: 'Send test event to E2E receiver' }).click();
  await expect(card.getByText(/Test event queued/)).toBeVisible();
  // the queued delivery wakes the delivery job once its transaction commits
  await expect.poll(() => received.length, { timeout: 20_000 }).toBe(1);
  const first = received[0]!;
  expect(verified(first, secret)).toBe(true);
  const body = JSON.parse(first.body) as { id: string; type: string; tenantId: string };
  expect(body.type).toBe('webhook.test');
  expect(first.headers['x-venuedesk-event-id']).toBe(body.id);

  await row.getByRole('button', { name: 'Delivery log of E2E receiver' }).click();
  const log = page.getByRole('dialog', { name: 'Delivery log: E2E receiver' });
  const delivery = log.getByTestId('webhook-delivery').first();
  await expect(async () => {
    await log.getByRole('button', { name: 'Refresh' }).click();
    await expect(delivery.getByText('Delivered (200)')).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 20_000 });
  await expect(delivery.getByText('Test event')).toBeVisible();
  await expect(delivery.getByText(/· HTTP 200 · \d+ ms/)).toBeVisible();
  await expect(delivery.getByText('{"thanks":"from the e2e receiver"}')).toBeVisible();
  expect(axeSummary(await new AxeBuilder({ page }).include('[role="dialog"]').analyze())).toEqual([]);

  await delivery.getByRole('button', { name: /^Send again Test event/ }).click();
  await expect(log.getByText(/Sending again/)).toBeVisible();
  await expect.poll(() => received.length, { timeout: 20_000 }).toBe(2);
  expect(received[1]!.body).toBe(first.body);
  expect(received[1]!.headers['x-venuedesk-event-id']).toBe(body.id);
  expect(verified(received[1]!, secret)).toBe(true);
  await expect(async () => {
    await log.getByRole('button', { name: 'Refresh' }).click();
    await expect(delivery.getByText('2 attempts')).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 20_000 });
  await page.keyboard.press('Escape');
  await expect(log).toBeHidden();

  // Delete asks first, then the webhook and its log are gone.
  await row.getByRole('button', { name: 'Delete E2E receiver' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete webhook' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(card.getByText('Webhook deleted.')).toBeVisible();
  await expect(card.getByTestId('webhook-row').filter({ hasText: url })).toHaveCount(0);
});
