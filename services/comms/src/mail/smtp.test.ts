/* eslint-disable @typescript-eslint/no-explicit-any -- tests probe JSON response bodies field by field */
/**
 * Sending through a real SMTP peer (issue 12 "Must show"): what arrives is what the tenant wrote,
 * with the variables filled and escaped in HTML, attachments byte for byte, From and Reply-To
 * per venue.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { deliverDue } from './worker.ts';
import {
  booking,
  bookingEvent,
  OTHER,
  OWNER,
  startComms,
  startPeer,
  type Comms,
} from '../testing/harness.ts';

describe('comms delivers over SMTP', () => {
  let c: Comms;
  let peer: Awaited<ReturnType<typeof startPeer>>;
  before(async () => {
    c = await startComms();
    peer = await startPeer();
    c.useSmtp(peer.port);
  });
  after(async () => {
    await peer.close();
    await c.close();
  });

  const deliver = () => deliverDue(c.t.kit, c.deps);

  it('fills a template with the booking’s values, escapes them in HTML, and signs as the venue', async () => {
    const b = booking({
      customerName: 'Tom <script>alert(1)</script> & Co',
      customerEmail: 'tom@example.com',
    });
    await c.deliver(bookingEvent('booking.created', b));
    const tpl = await c.call('POST', '/api/email-templates', c.tokens.owner, {
      name: 'Welcome',
      subject: 'Hello {{customerName}} — {{eventType}} on {{bookingDate}}',
      body: 'Dear {{customerName}},\n\nSee you at {{hallName}} from {{startTime}}. Total {{calculatedPrice}}.',
    });
    assert.equal(tpl.status, 201, tpl.text);
    assert.deepEqual(tpl.body.template.variables, [
      'customerName',
      'eventType',
      'bookingDate',
      'hallName',
      'startTime',
      'calculatedPrice',
    ]);
    const sent = await c.call('POST', '/api/email-comms/send', c.tokens.owner, {
      templateId: tpl.body.template.id,
      recipientEmail: 'tom@example.com',
      recipientName: 'Tom',
      bookingId: b.id,
    });
    assert.equal(sent.status, 202, sent.text);
    assert.equal(sent.body.email.status, 'pending');
    const round = await deliver();
    assert.equal(round.sent, 1);
    const got = peer.received.find(
      (r) =>
        r.mail.messageId === sent.body.email.messageId.slice(1, -1) ||
        r.mail.messageId === sent.body.email.messageId,
    );
    assert.ok(got, 'the peer received the message with its Message-ID');
    const m = got.mail;
    assert.equal(m.subject, 'Hello Tom <script>alert(1)</script> & Co — Wedding on Fri 20 Mar 2026');
    assert.match(m.text!, /Dear Tom <script>alert\(1\)<\/script> & Co,/);
    assert.match(m.text!, /See you at Main Hall from 18:00\. Total \$1,234\.50\./);
    assert.ok(typeof m.html === 'string');
    assert.ok(!(m.html as string).includes('<script>'), 'no markup from a value');
    assert.match(m.html as string, /Dear Tom &lt;script&gt;alert\(1\)&lt;\/script&gt; &amp; Co,/);
    assert.deepEqual(m.from?.value, [{ name: 'Harbourside Hall', address: 'mail@venuedesk.test' }]);
    assert.equal(m.replyTo?.value[0]?.address, 'hello@harbourside.example');
    assert.deepEqual(got.to, ['tom@example.com']);
    const history = await c.call('GET', '/api/email-comms/history?status=sent', c.tokens.owner);
    assert.equal(history.body.items[0].id, sent.body.email.id);
    assert.equal(history.body.items[0].status, 'sent');
    assert.ok(history.body.items[0].sentAt);
  });

  it('signs each venue’s mail with its own name and reply address', async () => {
    const sent = await c.call('POST', '/api/email-comms/send', c.tokens.other, {
      recipientEmail: 'guest@example.org',
      customSubject: 'Quick note',
      customBody: 'See you soon',
      isCustom: true,
    });
    assert.equal(sent.status, 202, sent.text);
    assert.equal(sent.body.email.recipientName, 'guest');
    await deliver();
    const m = peer.received.at(-1)!.mail;
    assert.equal(m.subject, 'Quick note');
    assert.deepEqual(m.from?.value, [{ name: 'Hilltop Centre', address: 'mail@venuedesk.test' }]);
    assert.equal(m.replyTo?.value[0]?.address, 'office@hilltop.example');
    assert.equal(m.headers.get('x-venuedesk-tenant'), OTHER);
  });

  it('carries attachments byte for byte and refuses programs, too many files and too many bytes', async () => {
    const png = Buffer.concat([
      // a 1×1 PNG, then bytes after its end that a careless pipeline would lose or change
      Buffer.from(
        'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
        'base64',
      ),
      randomBytes(3000),
    ]);
    const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(200_000), Buffer.from('\n%%EOF')]);
    const form = new FormData();
    form.append(
      'payload',
      JSON.stringify({
        recipientEmail: 'files@example.com',
        customSubject: 'Your files',
        customBody: 'Attached.',
      }),
    );
    form.append('attachments', new Blob([png]), 'floor plan.png');
    form.append('attachments', new Blob([pdf]), '../../etc/invoice.pdf');
    const sent = await c.call('POST', '/api/email-comms/send', c.tokens.owner, form);
    assert.equal(sent.status, 202, sent.text);
    assert.deepEqual(
      sent.body.email.attachments.map((a: any) => [a.filename, a.contentType, a.size]),
      [
        ['floor plan.png', 'image/png', png.length],
        ['invoice.pdf', 'application/pdf', pdf.length],
      ],
    );
    await deliver();
    const m = peer.received.at(-1)!.mail;
    assert.equal(m.subject, 'Your files');
    assert.equal(m.attachments.length, 2);
    assert.ok(m.attachments[0]!.content.equals(png), 'PNG bytes intact');
    assert.ok(m.attachments[1]!.content.equals(pdf), 'PDF bytes intact');

    const exe = new FormData();
    exe.append(
      'payload',
      JSON.stringify({ recipientEmail: 'x@example.com', customSubject: 'x', customBody: 'y' }),
    );
    exe.append(
      'attachments',
      new Blob([Buffer.concat([Buffer.from('MZ'), randomBytes(500)])]),
      'harmless.txt',
    );
    const refused = await c.call('POST', '/api/email-comms/send', c.tokens.owner, exe);
    assert.equal(refused.status, 400, refused.text);
    assert.equal(refused.body.errors[0].path, 'attachments');
    const script = new FormData();
    script.append(
      'payload',
      JSON.stringify({ recipientEmail: 'x@example.com', customSubject: 'x', customBody: 'y' }),
    );
    script.append('attachments', new Blob(['echo hi']), 'run.sh');
    assert.equal((await c.call('POST', '/api/email-comms/send', c.tokens.owner, script)).status, 400);

    const many = new FormData();
    many.append(
      'payload',
      JSON.stringify({ recipientEmail: 'x@example.com', customSubject: 'x', customBody: 'y' }),
    );
    for (let i = 0; i < 11; i++) many.append('attachments', new Blob([`note ${i}`]), `n${i}.txt`);
    const tooMany = await c.call('POST', '/api/email-comms/send', c.tokens.owner, many);
    assert.equal(tooMany.status, 413, tooMany.text);
    const big = new FormData();
    big.append(
      'payload',
      JSON.stringify({ recipientEmail: 'x@example.com', customSubject: 'x', customBody: 'y' }),
    );
    big.append('attachments', new Blob([randomBytes(6 * 1024 * 1024)]), 'a.bin');
    big.append('attachments', new Blob([randomBytes(5 * 1024 * 1024)]), 'b.bin');
    const tooBig = await c.call('POST', '/api/email-comms/send', c.tokens.owner, big);
    assert.equal(tooBig.status, 413, tooBig.text);
    const { rows } = await c.t.kit.db.tenantTx(OWNER, (tx) =>
      tx.query(`SELECT count(*)::int AS n FROM emails WHERE tenant_id = $1 AND to_email = 'x@example.com'`, [
        OWNER,
      ]),
    );
    assert.equal((rows[0] as any).n, 0, 'nothing refused was queued');
  });
});
