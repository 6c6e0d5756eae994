/**
 * Contract test: real answers of every comms call, checked against the route table in
 * contracts (the zod schema accepts each answer, and each field it carries is documented), so
 * the published OpenAPI document is what the service sends. Ends by naming any call of the
 * table no answer was checked for, and any /api route the service serves that the table lacks.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { contractRecorder, routesMissingFromTable } from '@venue/contracts/api';
import { COMMS_ROUTES } from '@venue/contracts/comms';
import { startCaptureServer, type CaptureServer } from './mail/capture.ts';
import { deliverDue } from './mail/worker.ts';
import { inboundPath } from './sms/sms-store.ts';
import { statusPath } from './sms/status-store.ts';
import { booking, bookingEvent, OWNER, startComms, type Comms } from './testing/harness.ts';

const contract = contractRecorder(COMMS_ROUTES);

describe('comms answers match the API contract', () => {
  let c: Comms;
  let capture: CaptureServer;
  before(async () => {
    c = await startComms();
    // the embedded mail server, so Mail preview has mail to show
    capture = await startCaptureServer(c.t.kit, 0);
    c.useSmtp(capture.port);
  });
  after(async () => {
    // comms first: closing its transport ends the pooled connection to the capture server, which
    // then closes at once instead of waiting out its 30 s for that connection
    await c.close();
    await capture.close();
  });

  /** Calls as the owner, expects `status`, and checks the answer (JSON or file) against the table. */
  async function ok(method: string, path: string, status: number, body?: unknown) {
    const r = await c.call(method, path, c.tokens.owner, body);
    assert.equal(r.status, status, `${method} ${path}: ${r.text.slice(0, 300)}`);
    const file = !(r.headers.get('content-type') ?? '').includes('json');
    const problems = contract.check(method, path, status, file ? undefined : (r.body ?? undefined));
    assert.deepEqual(problems, [], problems.join('\n'));
    return r;
  }

  it('templates: list (seeding), create, read, edit, preview with a booking, delete', async () => {
    const b = booking({ customerEmail: 'contract@example.com', status: 'confirmed' });
    await c.deliver(bookingEvent('booking.created', b));
    await ok('GET', '/api/email-templates', 200);
    await ok('GET', '/api/email-templates?type=email&active=true&search=Invoice', 200);
    const t = (
      await ok('POST', '/api/email-templates', 201, {
        name: 'Contract',
        subject: 'Hello {{customerName}}',
        body: 'See you on {{bookingDate}} at {{hallName}}.',
      })
    ).body.template;
    await ok('GET', `/api/email-templates/${t.id}`, 200);
    await ok('PUT', `/api/email-templates/${t.id}`, 200, { isActive: false });
    await ok('POST', '/api/email-templates/preview', 200, {
      subject: t.subject,
      body: t.body,
      bookingId: b.id,
    });
    await ok('DELETE', `/api/email-templates/${t.id}`, 200);
  });

  it('sending: an e-mail, reminders, history, recipients, bounces, settings', async () => {
    const b = booking({ customerEmail: 'history@example.com', status: 'confirmed' });
    await c.deliver(bookingEvent('booking.created', b));
    const sent = (
      await ok('POST', '/api/email-comms/send', 202, {
        recipientEmail: 'history@example.com',
        customSubject: 'Contract',
        customBody: 'Hello',
        bookingId: b.id,
      })
    ).body.email;
    await ok('POST', '/api/email-comms/reminders', 200, { bookingIds: [b.id] });
    await deliverDue(c.t.kit, c.deps);
    await ok('GET', '/api/email-comms/history?status=all&limit=2', 200);
    await ok('GET', `/api/email-comms/history/${sent.id}`, 200);
    await ok('GET', '/api/email-comms/customers?search=history', 200);
    await ok('GET', `/api/email-comms/bookings/${encodeURIComponent('history@example.com')}`, 200);
    await ok('GET', `/api/email-comms/bounces?email=${encodeURIComponent('history@example.com')}`, 200);
    await ok('DELETE', `/api/email-comms/bounces?email=${encodeURIComponent('history@example.com')}`, 200);
    await ok('GET', '/api/email-comms/settings', 200);
    await ok('PUT', '/api/email-comms/settings', 200, { sendHour: 8 });
  });

  it('Mail preview: the list, one message, its attachment', async () => {
    const form = new FormData();
    form.append(
      'payload',
      JSON.stringify({ recipientEmail: 'files@example.com', customSubject: 'Plan', customBody: 'Attached.' }),
    );
    form.append('attachments', new Blob(['a,b\n1,2\n']), 'plan.csv');
    await ok('POST', '/api/email-comms/send', 202, form);
    await deliverDue(c.t.kit, c.deps);
    const list = (await ok('GET', '/api/email-comms/mail-preview?limit=10', 200)).body;
    const item = list.items.find((i: { subject: string }) => i.subject === 'Plan');
    assert.ok(item, 'the message reached the embedded server');
    await ok('GET', `/api/email-comms/mail-preview/${item.id}`, 200);
    await ok('GET', `/api/email-comms/mail-preview/${item.id}/attachments/0`, 200);
  });

  it('SMS: send, cost preview, settings, the inbound webhook; in the history and Mail preview (issue 26)', async () => {
    const b = booking({
      customerEmail: 'sms@example.com',
      customerPhone: '+61412345678',
      status: 'confirmed',
    });
    await c.deliver(bookingEvent('booking.created', b));
    await ok('POST', '/api/email-comms/sms/preview', 200, {
      customBody: 'Hi {{customerName}}',
      bookingIds: [b.id],
    });
    const sent = (await ok('POST', '/api/email-comms/sms', 202, { customBody: 'Hi', bookingId: b.id })).body
      .sms;
    await ok('GET', '/api/email-comms/sms/settings', 200);
    await ok('POST', inboundPath(OWNER), 200, { From: '+61412999999', Body: 'STOP' });
    await ok('POST', statusPath(OWNER), 200, { MessageSid: 'SMunknown', MessageStatus: 'delivered' });
    await deliverDue(c.t.kit, c.deps);
    await ok('GET', `/api/email-comms/history/${sent.id}`, 200);
    await ok('GET', '/api/email-comms/history?channel=sms', 200);
    await ok('GET', '/api/email-comms/mail-preview', 200);
  });

  it('SMS opt-outs: read by number and by booking, marked by staff, opted back in (issue 26)', async () => {
    const b = booking({ customerPhone: '+61412345600', status: 'confirmed' });
    await c.deliver(bookingEvent('booking.created', b));
    await ok('GET', `/api/email-comms/sms/opt-outs?bookingId=${b.id}`, 200);
    await ok('PUT', '/api/email-comms/sms/opt-outs', 200, { phone: '+61412345600' });
    await ok('GET', '/api/email-comms/sms/opt-outs?phone=%2B61412345600', 200);
    await ok('DELETE', '/api/email-comms/sms/opt-outs?phone=%2B61412345600', 200);
  });

  it('every call of the table had an answer checked', () => {
    assert.deepEqual(contract.unchecked(), []);
  });

  it('every /api route the service serves is in the table', () => {
    assert.deepEqual(routesMissingFromTable(COMMS_ROUTES, c.t.service.router.stack), []);
  });
});
