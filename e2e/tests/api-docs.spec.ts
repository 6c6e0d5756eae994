import { test, expect } from '@playwright/test';

/**
 * The API reference (issue 10 item 2): /api/docs renders in the browser from this origin alone,
 * lists every call of /api/openapi.json, and loads nothing from elsewhere.
 */
test('the API reference renders every call of the OpenAPI document, same origin only', async ({
  page,
  request,
  baseURL,
}) => {
  const origin = new URL(baseURL ?? 'http://localhost:8080').origin;
  const doc = (await (await request.get('/api/openapi.json')).json()) as {
    openapi: string;
    paths: Record<string, Record<string, unknown>>;
  };
  expect(doc.openapi).toBe('3.1.0');
  const calls = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.keys(ops).map((method) => ({ method: method.toUpperCase(), path })),
  );
  const elsewhere: string[] = [];
  const errors: string[] = [];
  page.on('request', (r) => {
    if (!r.url().startsWith('data:') && new URL(r.url()).origin !== origin) elsewhere.push(r.url());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  await page.goto('/api/docs');
  // Every call is listed on the page (the list at the end, server-rendered from the document).
  const rows = page.locator('.vd-docs-calls tbody tr');
  await expect(rows).toHaveCount(calls.length);
  for (const { method, path } of [
    { method: 'GET', path: '/api/bookings/{id}' },
    { method: 'POST', path: '/api/bookings/admin' },
    { method: 'GET', path: '/api/resources' },
    { method: 'POST', path: '/api/invoices' },
    { method: 'POST', path: '/api/email-comms/send' },
    { method: 'POST', path: '/api/login' },
  ]) {
    await expect(
      rows.filter({ has: page.locator('td:nth-child(1)', { hasText: method }) }).filter({
        has: page.locator('td:nth-child(2) code', {
          hasText: new RegExp(`^${path.replace(/[{}]/g, '\\$&')}$`),
        }),
      }),
    ).toHaveCount(1);
  }
  // Swagger UI draws the interactive reference above it (a large document a few blocks at a
  // time, as the page scrolls): its first section is there and a call opens with its schema.
  const login = page
    .locator('.swagger-ui .opblock', { has: page.locator('[data-path="/api/login"]') })
    .filter({ has: page.locator('.opblock-summary-method', { hasText: 'POST' }) });
  await expect(login).toHaveCount(1);
  await login.locator('.opblock-summary').first().click();
  await expect(login.locator('.opblock-body')).toBeVisible();
  expect(elsewhere).toEqual([]);
  expect(errors).toEqual([]);
});
