/* eslint-disable @typescript-eslint/no-explicit-any -- tests probe JSON response bodies field by field */
/** Comms' guards, tenancy and row-level security. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { assertTenantTablesHaveRls, useStarted } from '@venue/service-kit/testing';
import { randomUUID } from 'node:crypto';
import { toRecord, type EmailRow } from './history/email-record.ts';
import { booking, bookingEvent, OWNER, startComms } from './testing/harness.ts';

describe('comms guards', () => {
  const c = useStarted(startComms);

  it('forces row-level security on every tenant table', async () => {
    await assertTenantTablesHaveRls(c.t.kit, [
      'emails',
      'email_templates',
      'booking_copies',
      'bounces',
      'captured_mail',
      'comms_settings',
    ]);
  });

  it('needs a sign-in and the comms page; Bookings staff may send reminders only', async () => {
    const anon = await fetch(`${c.t.url}/api/email-templates`);
    assert.equal(anon.status, 401);
    assert.equal((await c.call('GET', '/api/email-templates', c.tokens.subBookings)).status, 403);
    assert.equal((await c.call('GET', '/api/email-templates', c.tokens.sub)).status, 200);
    const r = await c.call('POST', '/api/email-comms/reminders', c.tokens.subBookings, {
      bookingIds: ['0f000000-0000-4000-8000-000000000000'],
    });
    assert.equal(r.status, 200, r.text);
    assert.deepEqual([r.body.sent, r.body.failed, r.body.message], [0, 1, 'No reminders were sent.']);
    // settings are the owner's
    assert.equal(
      (await c.call('PUT', '/api/email-comms/settings', c.tokens.sub, { sendHour: 10 })).status,
      403,
    );
  });

  it('keeps each venue’s templates and messages to itself', async () => {
    const mine = (await c.call('GET', '/api/email-templates', c.tokens.owner)).body.templates[0];
    assert.equal((await c.call('GET', `/api/email-templates/${mine.id}`, c.tokens.other)).status, 404);
    assert.equal(
      (await c.call('PUT', `/api/email-templates/${mine.id}`, c.tokens.other, { name: 'x' })).status,
      404,
    );
    assert.equal((await c.call('DELETE', `/api/email-templates/${mine.id}`, c.tokens.other)).status, 404);
    const sent = await c.call('POST', '/api/email-comms/send', c.tokens.owner, {
      recipientEmail: 'a@example.com',
      customSubject: 'Mine',
      customBody: 'Only mine',
    });
    assert.equal(
      (await c.call('GET', `/api/email-comms/history/${sent.body.email.id}`, c.tokens.other)).status,
      404,
    );
    const theirs = await c.call('GET', '/api/email-comms/history', c.tokens.other);
    assert.ok(!theirs.body.items.some((e: any) => e.id === sent.body.email.id));
  });

  it('a customer erased in bookings is erased here too: copy, messages, waiting mail, bounces', async () => {
    const b = booking({
      customerId: 'CUST-ERASEME',
      customerEmail: 'Erase.Me@example.com',
      customerName: 'Erin',
    });
    await c.deliver(bookingEvent('booking.created', b));
    const sent = await c.call('POST', '/api/email-comms/send', c.tokens.owner, {
      recipientEmail: 'erase.me@example.com',
      bookingId: b.id,
      customSubject: 'Hello {{customerName}}',
      customBody: 'Private words',
    });
    assert.equal(sent.status, 202, sent.text);
    await c.deliver({
      id: randomUUID(),
      type: 'customer.anonymised',
      version: 1,
      source: 'bookings',
      tenantId: OWNER,
      occurredAt: new Date().toISOString(),
      data: { id: 'CUST-ERASEME' },
    });
    const detail = (await c.call('GET', `/api/email-comms/history/${sent.body.email.id}`, c.tokens.owner))
      .body.email;
    assert.deepEqual(
      [detail.to, detail.recipientName, detail.body, detail.status],
      ['anonymised@invalid', 'Anonymous', '', 'failed'],
    );
    const found = await c.call('GET', '/api/email-comms/customers?search=erase', c.tokens.owner);
    assert.deepEqual(found.body.customers, []);
    const exported = await fetch(`${c.t.url}/internal/tenant-export/${OWNER}`, {
      headers: { 'x-venue-internal': process.env.INTERNAL_SECRET! },
    });
    assert.equal(exported.status, 200);
    const part = (await exported.json()) as any;
    assert.ok(part.emailTemplates.length >= 11);
    assert.ok(!JSON.stringify(part).toLowerCase().includes('erase.me@example.com'));
  });

  it('the tenant export holds each e-mail as the history shows it, attachments in their order', async () => {
    const form = new FormData();
    form.append(
      'payload',
      JSON.stringify({
        recipientEmail: 'files@example.com',
        customSubject: 'Plans',
        customBody: 'Attached.',
      }),
    );
    form.append('attachments', new Blob(['first file']), 'b-first.txt');
    form.append('attachments', new Blob(['the second file']), 'a-second.txt');
    const sent = await c.call('POST', '/api/email-comms/send', c.tokens.owner, form);
    assert.equal(sent.status, 202, sent.text);
    const history = await c.call('GET', '/api/email-comms/history', c.tokens.owner);
    const shown = history.body.items.find((e: any) => e.id === sent.body.email.id);
    assert.deepEqual(
      shown.attachments.map((a: any) => a.filename),
      ['b-first.txt', 'a-second.txt'],
    );
    const exported = await fetch(`${c.t.url}/internal/tenant-export/${OWNER}`, {
      headers: { 'x-venue-internal': process.env.INTERNAL_SECRET! },
    });
    assert.equal(exported.status, 200);
    const row = ((await exported.json()) as { emails: EmailRow[] }).emails.find((e) => e.id === shown.id);
    assert.ok(row, 'the e-mail is in the export');
    assert.deepEqual(toRecord(row), shown);
  });
});
