/* eslint-disable @typescript-eslint/no-explicit-any -- tests probe JSON response bodies field by field */
/**
 * The embedded mail server (no SMTP_URL, as on npm start): what comms sends arrives in its own
 * small SMTP server and the Mail preview shows it as the customer would see it.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import nodemailer from 'nodemailer';
import { startCaptureServer, type CaptureServer } from './capture.ts';
import { deliverDue } from './worker.ts';
import { OWNER, startComms, type Comms } from '../testing/harness.ts';

describe('Mail preview (embedded SMTP server)', () => {
  let c: Comms;
  let capture: CaptureServer;
  before(async () => {
    c = await startComms();
    capture = await startCaptureServer(c.t.kit, 0);
    c.useSmtp(capture.port);
  });
  after(async () => {
    // comms first: closing its transport ends the pooled connection to the capture server, which
    // then closes at once instead of waiting out its 30 s for that connection
    await c.close();
    await capture.close();
  });

  it('shows each message sent, with its HTML, text, sender and attachments, to its venue only', async () => {
    const form = new FormData();
    form.append(
      'payload',
      JSON.stringify({
        recipientEmail: 'kim@example.com',
        customSubject: 'Plan & <menu>',
        customBody: 'Hi Kim,\n\nThe plan is attached.',
      }),
    );
    form.append('attachments', new Blob(['a,b\n1,2\n']), 'seating.csv');
    const sent = await c.call('POST', '/api/email-comms/send', c.tokens.owner, form);
    assert.equal(sent.status, 202, sent.text);
    assert.equal((await deliverDue(c.t.kit, c.deps)).sent, 1);

    const list = await c.call('GET', '/api/email-comms/mail-preview', c.tokens.owner);
    assert.equal(list.status, 200, list.text);
    assert.equal(list.body.capturing, true);
    const item = list.body.items.find((i: any) => i.subject === 'Plan & <menu>');
    assert.ok(item);
    assert.equal(item.messageId, sent.body.email.messageId);
    assert.equal(item.attachmentCount, 1);
    const detail = (await c.call('GET', `/api/email-comms/mail-preview/${item.id}`, c.tokens.owner)).body
      .mail;
    assert.match(detail.from, /Harbourside Hall/);
    assert.match(detail.replyTo, /hello@harbourside\.example/);
    assert.match(detail.to, /kim@example\.com/);
    assert.match(detail.html, /<p>Hi Kim,<\/p>/);
    assert.match(detail.text, /The plan is attached\./);
    assert.deepEqual(
      detail.attachments.map((a: any) => [a.index, a.filename, a.contentType]),
      [[0, 'seating.csv', 'text/csv']],
    );
    const file = await c.call(
      'GET',
      `/api/email-comms/mail-preview/${item.id}/attachments/0`,
      c.tokens.owner,
    );
    assert.equal(file.status, 200);
    assert.equal(file.text, 'a,b\n1,2\n');
    assert.match(file.headers.get('content-disposition') ?? '', /^attachment; filename="seating.csv"/);

    // Another venue sees none of it; the super admin (the product's operator) sees it.
    const theirs = await c.call('GET', '/api/email-comms/mail-preview', c.tokens.other);
    assert.ok(!theirs.body.items.some((i: any) => i.id === item.id));
    assert.equal(
      (await c.call('GET', `/api/email-comms/mail-preview/${item.id}`, c.tokens.other)).status,
      404,
    );
    const all = await c.call('GET', '/api/email-comms/mail-preview', c.tokens.super);
    assert.ok(all.body.items.some((i: any) => i.id === item.id));
  });

  it('keeps a message re-sent after a crash (same Message-ID) once', async () => {
    const t = nodemailer.createTransport({
      host: '127.0.0.1',
      port: capture.port,
      secure: false,
      ignoreTLS: true,
    });
    const mail = {
      messageId: '<same-one@venuedesk>',
      from: 'a@venuedesk.test',
      to: 'b@example.com',
      subject: 'Twice sent',
      text: 'x',
      headers: { 'X-VenueDesk-Tenant': OWNER },
    };
    await t.sendMail(mail);
    await t.sendMail(mail);
    const list = await c.call('GET', '/api/email-comms/mail-preview', c.tokens.owner);
    assert.equal(list.body.items.filter((i: any) => i.subject === 'Twice sent').length, 1);
  });
});
