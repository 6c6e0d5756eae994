/* eslint-disable @typescript-eslint/no-explicit-any -- tests probe JSON response bodies field by field */
/**
 * SMS through a stand-in provider (issue 26 item 3, decision 61): a real node:http server on
 * loopback taking the Twilio-style form posts with basic auth, answering as the test scripts it.
 * A person's SMS from a template, a 500 retried, a 400 failed with the answer, STOP recorded and
 * honoured, night waits, the cost before sending, automatic reminders by SMS, tenancy, the inbound
 * webhook's Twilio signature when SMS_URL carries the auth token (without one, as in the first
 * suite, the secret URL alone admits a post), and Mail preview without SMS_URL.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMS_BAD_PHONE, SMS_NO_PHONE, SMS_OPTED_OUT } from '@venue/contracts/comms';
import { queueScheduled } from '../automatic/scheduled.ts';
import { db } from '../db/query.ts';
import { deliverDue } from '../mail/worker.ts';
import { booking, bookingEvent, OTHER, OWNER, startComms, type Comms } from '../testing/harness.ts';
import { inboundPath } from './sms-store.ts';
import { statusPath } from './status-store.ts';
import { twilioSignature } from './signature.ts';
import { httpSmsSender, smsConfigFromEnv } from './transport.ts';

interface Got {
  auth: string | null;
  contentType: string | null;
  form: URLSearchParams;
}

/** The stand-in provider: keeps each post, answers the next scripted answer (default 201 with a sid). */
async function startStandIn() {
  const got: Got[] = [];
  const script: Array<{ status: number; body: string }> = [];
  let n = 0;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      got.push({
        auth: req.headers.authorization ?? null,
        contentType: req.headers['content-type'] ?? null,
        form: new URLSearchParams(Buffer.concat(chunks).toString('utf8')),
      });
      const next = script.shift() ?? {
        status: 201,
        body: JSON.stringify({ sid: `SM${++n}`, status: 'queued' }),
      };
      res.writeHead(next.status, { 'content-type': 'application/json' });
      res.end(next.body);
    });
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', () => ok()));
  const port = (server.address() as AddressInfo).port;
  return {
    got,
    script,
    url: `http://AC123:s3cret%21@127.0.0.1:${port}/2010-04-01/Accounts/AC123/Messages.json`,
    close: () => new Promise<void>((ok) => server.close(() => ok())),
  };
}

const MOBILE = '+61412345678';

describe('SMS through the stand-in provider', () => {
  let c: Comms;
  let provider: Awaited<ReturnType<typeof startStandIn>>;
  before(async () => {
    provider = await startStandIn();
    c = await startComms({
      sms: { send: httpSmsSender(provider.url), from: '+61400000001', segmentPriceCents: 6 },
    });
  });
  after(async () => {
    await c.close();
    await provider.close();
  });

  const history = async (token = c.tokens.owner, q = 'channel=sms&limit=100') =>
    (await c.call('GET', `/api/email-comms/history?${q}`, token)).body;
  const smsTemplate = async (kind = 'sms_event_reminder', token = c.tokens.owner) =>
    (await c.call('GET', '/api/email-templates?type=sms', token)).body.templates.find(
      (t: any) => t.kind === kind,
    );
  const newBooking = async (over: Record<string, unknown> = {}) => {
    const b = booking({ status: 'confirmed', customerPhone: MOBILE, ...over });
    await c.deliver(bookingEvent('booking.created', b));
    return b;
  };

  it('a person sends an SMS from a template: the provider gets To, From, Body with basic auth; the history shows it sent', async () => {
    const t = await smsTemplate();
    assert.ok(t, 'the venue has the seeded Event reminder (SMS) template');
    const b = await newBooking({ customerPhone: '+61412000111' });
    const r = await c.call('POST', '/api/email-comms/sms', c.tokens.owner, {
      templateId: t.id,
      bookingId: b.id,
    });
    assert.equal(r.status, 202, r.text);
    assert.equal(r.body.sms.channel, 'sms');
    assert.equal(r.body.sms.to, '+61412000111');
    assert.equal(r.body.sms.status, 'pending');
    assert.equal(r.body.notice, null);
    const before = provider.got.length;
    await deliverDue(c.t.kit, c.deps);
    const got = provider.got.slice(before);
    assert.equal(got.length, 1);
    assert.equal(got[0]!.auth, `Basic ${Buffer.from('AC123:s3cret!').toString('base64')}`);
    assert.match(got[0]!.contentType!, /application\/x-www-form-urlencoded/);
    assert.equal(got[0]!.form.get('To'), '+61412000111');
    assert.equal(got[0]!.form.get('From'), '+61400000001');
    assert.equal(
      got[0]!.form.get('Body'),
      // the venue's business name is learnt from admin by the worker's first e-mail (decision 29);
      // this venue's settings copy has none yet, so the neutral one
      `The venue team: reminder, your Wedding at Main Hall is on Fri 20 Mar 2026 at 18:00. Ref ${b.bookingCode}. Reply STOP to opt out.`,
    );
    const h = await history();
    const rec = h.items.find((i: any) => i.id === r.body.sms.id);
    assert.deepEqual(
      [rec.status, rec.channel, rec.to, rec.segments, rec.subject],
      ['sent', 'sms', '+61412000111', 1, 'Event reminder (SMS)'],
    );
    const stored = await c.t.kit.db.tenantTx(OWNER, (tx) =>
      db(tx)
        .selectFrom('emails')
        .select('provider_id')
        .where('tenant_id', '=', OWNER)
        .where('id', '=', rec.id)
        .executeTakeFirstOrThrow(),
    );
    assert.match(String(stored.provider_id), /^SM\d+$/, "the provider's id is kept");
  });

  it('a 500 is retried and then sent; a 400 fails at once with the answer', async () => {
    const b = await newBooking({ customerPhone: '+61412000222' });
    provider.script.push({ status: 500, body: '{"message":"upstream down"}' });
    const r = await c.call('POST', '/api/email-comms/sms', c.tokens.owner, {
      customBody: 'Doors open at 5.',
      bookingId: b.id,
    });
    assert.equal(r.status, 202, r.text);
    // (the booking's automatic e-mails retry beside it: no mail server in this test)
    await deliverDue(c.t.kit, c.deps);
    let rec = (await history()).items.find((i: any) => i.id === r.body.sms.id);
    assert.equal(rec.status, 'pending');
    assert.match(rec.lastError, /SMS provider answered 500: .*upstream down/);
    await deliverDue(c.t.kit, c.deps);
    rec = (await history()).items.find((i: any) => i.id === r.body.sms.id);
    assert.deepEqual([rec.status, rec.attempts], ['sent', 2]);

    provider.script.push({
      status: 400,
      body: '{"code":21211,"message":"The To number is not a valid phone number."}',
    });
    const bad = await c.call('POST', '/api/email-comms/sms', c.tokens.owner, {
      customBody: 'Hi',
      bookingId: b.id,
    });
    await deliverDue(c.t.kit, c.deps);
    rec = (await history()).items.find((i: any) => i.id === bad.body.sms.id);
    assert.equal(rec.status, 'failed');
    assert.match(rec.lastError, /SMS provider answered 400: .*not a valid phone number/);
    assert.equal(rec.attempts, 1, 'a 4xx is not tried again');
    // published once for the Dashboard as an SMS (`channel`), with the number where an e-mail has
    // its address: insights words the alert as one ("An SMS to … could not be delivered")
    const { rows: events } = await c.t.kit.db.systemTx((tx) =>
      tx.query<{ data: Record<string, unknown> }>(
        `SELECT data FROM outbox WHERE type = 'email.failed' AND data->>'emailId' = $1`,
        [bad.body.sms.id],
      ),
    );
    assert.equal(events.length, 1);
    assert.deepEqual(
      [
        events[0]!.data.channel,
        events[0]!.data.toEmail,
        events[0]!.data.toName,
        events[0]!.data.subject,
        events[0]!.data.bounced,
      ],
      ['sms', '+61412000222', b.customerName, 'SMS', false],
    );
    assert.match(String(events[0]!.data.reason), /SMS provider answered 400/);
  });

  it('STOP from the provider is recorded per number and venue, and the send is refused; UNSTOP lets it through again', async () => {
    const b = await newBooking({ customerPhone: '+61412000333' });
    const path = inboundPath(OWNER);
    const reply = (body: string, from = '+61412000333', p = path) =>
      fetch(`${c.t.url}${p}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          From: from,
          To: '+61400000001',
          Body: body,
          MessageSid: 'SMin1',
        }).toString(),
      });
    /** As a provider (or script) posting JSON: the answer says what was recorded. */
    const replyJson = async (body: string, from = '+61412000333', p = path) =>
      (
        await fetch(`${c.t.url}${p}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ From: from, Body: body }),
        })
      ).json();
    /** A Twilio-style form post is answered with TwiML that replies nothing. */
    const twiml = async (res: Response) => {
      assert.equal(res.status, 200);
      assert.match(res.headers.get('content-type') ?? '', /^text\/xml\b/);
      assert.equal(await res.text(), '<?xml version="1.0" encoding="UTF-8"?><Response></Response>');
    };
    // a token not issued by this product
    const forged = await reply(
      'STOP',
      '+61412000333',
      `/api/email-comms/sms/inbound/${OWNER}.${'A'.repeat(43)}`,
    );
    assert.equal(forged.status, 404);
    await twiml(await reply(' stop please'));
    const refused = await c.call('POST', '/api/email-comms/sms', c.tokens.owner, {
      customBody: 'Hi',
      bookingId: b.id,
    });
    assert.equal(refused.status, 400);
    assert.deepEqual(refused.body.errors, [{ path: 'bookingId', message: SMS_OPTED_OUT }]);
    // one queued before the STOP is not sent either
    const other = await c.call('POST', '/api/email-comms/sms', c.tokens.owner, {
      customBody: 'Hi',
      recipientPhone: '0412 000 444',
    });
    assert.equal(other.status, 202, other.text);
    assert.equal(other.body.sms.to, '+61412000444', "typed the venue's way, sent in E.164");
    assert.deepEqual(await replyJson('STOP', '+61412000444'), { recorded: 'opted_out' });
    await deliverDue(c.t.kit, c.deps);
    const rec = (await history()).items.find((i: any) => i.id === other.body.sms.id);
    assert.deepEqual([rec.status, rec.lastError], ['failed', SMS_OPTED_OUT]);
    // another venue's STOP for the same number changes nothing here, and this one's not there
    const hilltop = await c.call('GET', '/api/email-comms/sms/settings', c.tokens.other);
    assert.deepEqual(await replyJson('hello', '+61412000333', hilltop.body.inboundPath), {
      recorded: 'ignored',
    });
    // anything else by form is answered with the same empty TwiML, and changes nothing
    await twiml(await reply('Thanks, see you Friday'));
    assert.equal(
      (await c.call('POST', '/api/email-comms/sms', c.tokens.owner, { customBody: 'Hi', bookingId: b.id }))
        .status,
      400,
      'still opted out',
    );
    await twiml(await reply('UNSTOP'));
    const again = await c.call('POST', '/api/email-comms/sms', c.tokens.owner, {
      customBody: 'Hi',
      bookingId: b.id,
    });
    assert.equal(again.status, 202, again.text);
  });

  it('refuses what it cannot send, naming the field: no phone, a bad number, an e-mail template', async () => {
    const noPhone = await newBooking({ customerPhone: '' });
    let r = await c.call('POST', '/api/email-comms/sms', c.tokens.owner, {
      customBody: 'Hi',
      bookingId: noPhone.id,
    });
    assert.equal(r.status, 400);
    assert.deepEqual(r.body.errors, [{ path: 'bookingId', message: SMS_NO_PHONE }]);
    r = await c.call('POST', '/api/email-comms/sms', c.tokens.owner, {
      customBody: 'Hi',
      recipientPhone: '12',
    });
    assert.equal(r.status, 400);
    assert.deepEqual(r.body.errors, [{ path: 'recipientPhone', message: SMS_BAD_PHONE }]);
    const emailTemplate = (await c.call('GET', '/api/email-templates?type=email', c.tokens.owner)).body
      .templates[0];
    r = await c.call('POST', '/api/email-comms/sms', c.tokens.owner, {
      templateId: emailTemplate.id,
      recipientPhone: MOBILE,
    });
    assert.equal(r.status, 400);
    assert.equal(r.body.errors[0].path, 'templateId');
    r = await c.call('POST', '/api/email-comms/sms', c.tokens.owner, { recipientPhone: MOBILE });
    assert.equal(r.status, 400);
    assert.equal(r.body.errors[0].path, 'customBody');
  });

  it('never at night: a person’s SMS at 21:30 venue time waits until 08:00 and says so', async () => {
    const saved = c.clock.at;
    try {
      // 21:30 on Tue 10 Mar 2026 in Sydney (UTC+11)
      c.clock.at = new Date('2026-03-10T10:30:00.000Z');
      const r = await c.call('POST', '/api/email-comms/sms', c.tokens.owner, {
        customBody: 'Late note',
        recipientPhone: '+61412000555',
      });
      assert.equal(r.status, 202, r.text);
      assert.equal(r.body.scheduledFor, '2026-03-10T21:00:00.000Z');
      assert.match(r.body.notice, /outside 08:00–20:00 .* goes at /);
      const before = provider.got.length;
      await deliverDue(c.t.kit, c.deps);
      assert.equal(provider.got.slice(before).filter((g) => g.form.get('To') === '+61412000555').length, 0);
      // bulk reminders by SMS at night say so too
      const b = await newBooking({ customerPhone: '+61412000556' });
      const bulk = await c.call('POST', '/api/email-comms/reminders', c.tokens.owner, {
        bookingIds: [b.id],
        channel: 'sms',
      });
      assert.equal(
        bulk.body.message,
        'Sent 1 reminder(s), 0 failed. It is night at the venue: the SMS go at 08:00.',
      );
      c.clock.at = new Date('2026-03-10T21:00:00.000Z');
      await deliverDue(c.t.kit, c.deps);
      assert.equal(provider.got.slice(before).filter((g) => g.form.get('To') === '+61412000555').length, 1);
      assert.equal(provider.got.slice(before).filter((g) => g.form.get('To') === '+61412000556').length, 1);
    } finally {
      c.clock.at = saved;
    }
  });

  it('the cost before a bulk send: messages, segments and price, computed by the server', async () => {
    const a = await newBooking({ customerPhone: '+61412000601' });
    const u = await newBooking({ customerPhone: '+61412000602' });
    const none = await newBooking({ customerPhone: '' });
    const r = await c.call('POST', '/api/email-comms/sms/preview', c.tokens.owner, {
      customBody: 'Hi {{customerName}}, see you soon at {{hallName}}.',
      bookingIds: [a.id, u.id, none.id],
    });
    assert.equal(r.status, 200, r.text);
    assert.deepEqual(
      [r.body.messages, r.body.segments, r.body.segmentPriceCents, r.body.totalCents, r.body.summary],
      [2, 2, 6, 12, '2 messages, 2 segments, about $0.12'],
    );
    assert.deepEqual(r.body.skipped, [{ bookingId: none.id, reason: SMS_NO_PHONE }]);
    // one emoji makes it UCS-2: 70 units a part, 67 when split
    const long = await c.call('POST', '/api/email-comms/sms/preview', c.tokens.owner, {
      customBody: `🎉 ${'x'.repeat(80)}`,
      bookingIds: [a.id],
    });
    assert.deepEqual([long.body.segments, long.body.encodings], [2, ['UCS-2']]);
    // no template nor words: the SMS Event reminder template, the one reminders by SMS send
    const reminder = await c.call('POST', '/api/email-comms/sms/preview', c.tokens.owner, {
      bookingIds: [a.id, none.id],
    });
    assert.equal(reminder.status, 200, reminder.text);
    assert.equal(reminder.body.messages, 1);
    assert.ok(reminder.body.segments >= 1);
    assert.deepEqual(reminder.body.skipped, [{ bookingId: none.id, reason: SMS_NO_PHONE }]);
    // bulk reminders by SMS go to those with a phone and say why not for the others
    const sent = await c.call('POST', '/api/email-comms/reminders', c.tokens.owner, {
      bookingIds: [a.id, none.id],
      channel: 'sms',
    });
    assert.equal(sent.status, 200, sent.text);
    assert.deepEqual([sent.body.sent, sent.body.failed, sent.body.results[1].message], [1, 1, SMS_NO_PHONE]);
  });

  it('automatic event reminders by SMS to an Australian mobile when the venue chooses SMS; no phone is recorded as not sent', async () => {
    const put = await c.call('PUT', '/api/email-comms/settings', c.tokens.owner, {
      channels: { event_reminder: 'sms' },
    });
    assert.equal(put.status, 200, put.text);
    assert.equal(put.body.settings.channels.event_reminder, 'sms');
    const withPhone = await newBooking({
      customerPhone: '+61491570006',
      bookingDate: '2026-03-13',
      startsAt: '2026-03-13T18:00:00.000+11:00',
    });
    const without = await newBooking({
      customerPhone: '',
      bookingDate: '2026-03-13',
      startsAt: '2026-03-13T19:00:00.000+11:00',
    });
    const saved = c.clock.at;
    try {
      // 10:00 on Wed 11 Mar in Sydney: two days before
      c.clock.at = new Date('2026-03-10T23:00:00.000Z');
      await queueScheduled(c.t.kit, c.deps);
      assert.equal(await queueScheduled(c.t.kit, c.deps), 0, 'once');
      const before = provider.got.length;
      await deliverDue(c.t.kit, c.deps);
      const got = provider.got.slice(before).filter((g) => g.form.get('To') === '+61491570006');
      assert.equal(got.length, 1);
      assert.match(
        got[0]!.form.get('Body')!,
        /reminder, your Wedding at Main Hall is on Fri 13 Mar 2026 at 18:00/,
      );
      const mine = (await history(c.tokens.owner, `bookingId=${withPhone.id}`)).items;
      assert.deepEqual(
        mine.filter((i: any) => i.kind === 'event_reminder').map((i: any) => [i.channel, i.status]),
        [['sms', 'sent']],
        'by SMS only: no e-mail reminder',
      );
      const skipped = (await history(c.tokens.owner, `bookingId=${without.id}`)).items.filter(
        (i: any) => i.kind === 'event_reminder',
      );
      assert.deepEqual(
        skipped.map((i: any) => [i.channel, i.status, i.lastError, i.attempts]),
        [['sms', 'failed', `Not sent: ${SMS_NO_PHONE}`, 0]],
      );
    } finally {
      c.clock.at = saved;
      await c.call('PUT', '/api/email-comms/settings', c.tokens.owner, {
        channels: { event_reminder: 'email' },
      });
    }
  });

  it('payment reminders by e-mail and SMS when the venue chooses both: the SMS names the invoice and amount due', async () => {
    await c.call('PUT', '/api/email-comms/settings', c.tokens.owner, {
      channels: { payment_reminder: 'both' },
    });
    const b = await newBooking({ customerPhone: '+61412000901', customerEmail: 'payer@example.com' });
    const invoiceId = randomUUID();
    const reminder = {
      id: randomUUID(),
      type: 'invoice.reminder_requested' as const,
      version: 1,
      source: 'money',
      tenantId: OWNER,
      occurredAt: new Date().toISOString(),
      data: {
        id: invoiceId,
        invoiceNumber: 'INV-2026-00042',
        type: 'FINAL',
        status: 'SENT',
        bookingId: b.id,
        bookingCode: b.bookingCode,
        customerName: 'Ada Lovelace',
        customerEmail: 'payer@example.com',
        issueDate: '2026-03-01',
        dueDate: '2026-03-15',
        totalCents: 165_000,
        gstCents: 15_000,
        paidCents: 0,
        balanceCents: 165_000,
        creditedCents: 0,
        pdfPath: `/api/invoices/${invoiceId}/pdf`,
        businessName: 'Harbourside Hall',
        daysOverdue: 0,
        requestedBy: OWNER,
      },
    };
    try {
      await c.deliver(reminder);
      await c.deliver(reminder);
      const items = (await history(c.tokens.owner, `bookingId=${b.id}&limit=100`)).items.filter(
        (i: any) => i.kind === 'payment_reminder',
      );
      assert.deepEqual(items.map((i: any) => i.channel).sort(), ['email', 'sms'], 'one of each, once');
      const before = provider.got.length;
      await deliverDue(c.t.kit, c.deps);
      const got = provider.got.slice(before).filter((g) => g.form.get('To') === '+61412000901');
      assert.equal(got.length, 1);
      assert.match(
        got[0]!.form.get('Body')!,
        /invoice INV-2026-00042 has \$1,650\.00 due by Sun 15 Mar 2026/,
      );
    } finally {
      await c.call('PUT', '/api/email-comms/settings', c.tokens.owner, {
        channels: { payment_reminder: 'email' },
      });
    }
  });

  it('a provider that does not answer within the timeout is tried again later', async () => {
    const silent = createServer(() => {
      // never answers
    });
    await new Promise<void>((ok) => silent.listen(0, '127.0.0.1', () => ok()));
    const saved = c.deps.sms.send;
    c.deps.sms.send = httpSmsSender(`http://u:p@127.0.0.1:${(silent.address() as AddressInfo).port}/`, 300);
    try {
      const r = await c.call('POST', '/api/email-comms/sms', c.tokens.owner, {
        customBody: 'Slow',
        recipientPhone: '+61412000999',
      });
      await deliverDue(c.t.kit, c.deps);
      const rec = (await history()).items.find((i: any) => i.id === r.body.sms.id);
      assert.deepEqual(
        [rec.status, rec.lastError],
        ['pending', 'The SMS provider did not answer within 0.3 s.'],
      );
      c.deps.sms.send = saved;
      await deliverDue(c.t.kit, c.deps);
      assert.equal((await history()).items.find((i: any) => i.id === r.body.sms.id).status, 'sent');
    } finally {
      c.deps.sms.send = saved;
      silent.closeAllConnections();
      await new Promise<void>((ok) => silent.close(() => ok()));
    }
  });

  it('a customer erased in bookings loses their SMS here (the waiting one is not sent); their STOP stays and is exported', async () => {
    const b = await newBooking({ customerId: 'CUST-SMS-ERASE', customerPhone: '+61412000321' });
    const r = await c.call('POST', '/api/email-comms/sms', c.tokens.owner, {
      customBody: 'Private',
      bookingId: b.id,
    });
    assert.equal(r.status, 202, r.text);
    await fetch(`${c.t.url}${inboundPath(OWNER)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ From: '+61412000321', Body: 'STOP' }),
    });
    await c.deliver({
      id: randomUUID(),
      type: 'customer.anonymised',
      version: 1,
      source: 'bookings',
      tenantId: OWNER,
      occurredAt: new Date().toISOString(),
      data: { id: 'CUST-SMS-ERASE' },
    });
    const rec = (await c.call('GET', `/api/email-comms/history/${r.body.sms.id}`, c.tokens.owner)).body.email;
    assert.deepEqual([rec.to, rec.recipientName, rec.body, rec.status], ['', 'Anonymous', '', 'failed']);
    const exported = await (
      await fetch(`${c.t.url}/internal/tenant-export/${OWNER}`, {
        headers: { 'x-venue-internal': process.env.INTERNAL_SECRET! },
      })
    ).json();
    assert.ok(exported.smsOptOuts.some((o: any) => o.phone === '+61412000321' && o.word === 'STOP'));
    assert.ok(!JSON.stringify(exported.emails).includes('+61412000321'), 'no SMS row names the number');
  });

  /** Sends one SMS through the stand-in and answers what the provider got (its StatusCallback) and the sid it gave. */
  const sendOne = async (phone: string) => {
    const b = await newBooking({ customerPhone: phone });
    const r = await c.call('POST', '/api/email-comms/sms', c.tokens.owner, {
      customBody: 'See you at 5.',
      bookingId: b.id,
    });
    assert.equal(r.status, 202, r.text);
    const before = provider.got.length;
    await deliverDue(c.t.kit, c.deps);
    const got = provider.got.slice(before).find((g) => g.form.get('To') === phone);
    assert.ok(got, 'the provider got the SMS');
    const stored = await c.t.kit.db.tenantTx(OWNER, (tx) =>
      db(tx)
        .selectFrom('emails')
        .select('provider_id')
        .where('tenant_id', '=', OWNER)
        .where('id', '=', r.body.sms.id)
        .executeTakeFirstOrThrow(),
    );
    return {
      id: r.body.sms.id as string,
      callback: got.form.get('StatusCallback'),
      sid: stored.provider_id!,
    };
  };
  /** Posts a receipt as the provider does: a form to the StatusCallback URL's path, no sign-in. */
  const receipt = async (path: string, form: Record<string, string>) => {
    const res = await fetch(`${c.t.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
    });
    return { status: res.status, body: (await res.json().catch(() => null)) as any };
  };
  const record = async (id: string) =>
    (await c.call('GET', `/api/email-comms/history/${id}`, c.tokens.owner)).body.email;

  it("delivery receipts: the provider's status callback records delivered, or not delivered with its code; delivered never goes back", async () => {
    const a = await sendOne('+61412000901');
    assert.ok(a.callback, 'each SMS names its StatusCallback');
    const path = new URL(a.callback!).pathname;
    assert.equal(path, statusPath(OWNER));
    assert.equal((await record(a.id)).delivery, null, 'accepted, no receipt yet');
    // "sent" (handed to the carrier) changes nothing; "delivered" is recorded
    assert.deepEqual((await receipt(path, { MessageSid: a.sid, MessageStatus: 'sent' })).body, {
      recorded: 'ignored',
    });
    const d = await receipt(path, { MessageSid: a.sid, MessageStatus: 'delivered', AccountSid: 'AC123' });
    assert.deepEqual([d.status, d.body], [200, { recorded: 'delivered' }]);
    let rec = await record(a.id);
    assert.deepEqual([rec.status, rec.delivery, rec.deliveryError], ['sent', 'delivered', null]);
    // a late "undelivered" does not undo it
    const late = await receipt(path, { MessageSid: a.sid, MessageStatus: 'undelivered', ErrorCode: '30003' });
    assert.deepEqual([late.status, late.body], [200, { recorded: 'ignored' }]);
    assert.equal((await record(a.id)).delivery, 'delivered');

    const u = await sendOne('+61412000902');
    const f = await receipt(path, { MessageSid: u.sid, MessageStatus: 'undelivered', ErrorCode: '30005' });
    assert.deepEqual(f.body, { recorded: 'undelivered' });
    rec = (await history()).items.find((i: any) => i.id === u.id);
    assert.deepEqual([rec.status, rec.delivery, rec.deliveryError], ['sent', 'undelivered', '30005']);
    // an unknown id: 200, nothing changed; a token this product did not issue: 404
    assert.deepEqual((await receipt(path, { MessageSid: 'SMnope', MessageStatus: 'delivered' })).body, {
      recorded: 'ignored',
    });
    const forged = `${statusPath(OWNER).slice(0, -4)}AAAA`;
    assert.equal((await receipt(forged, { MessageSid: u.sid, MessageStatus: 'delivered' })).status, 404);
    // the inbound (STOP) URL is not a status URL
    assert.equal(
      (
        await receipt(inboundPath(OWNER).replace('/inbound/', '/status/'), {
          MessageSid: u.sid,
          MessageStatus: 'delivered',
        })
      ).status,
      404,
    );
    // a malformed receipt names the field
    const bad = await receipt(path, { MessageSid: u.sid, MessageStatus: 'exploded' });
    assert.equal(bad.status, 400);
    assert.match(JSON.stringify(bad.body), /MessageStatus/);
    assert.equal((await record(u.id)).delivery, 'undelivered');
  });

  it("delivery receipts and tenancy: another venue's status URL cannot touch this venue's SMS", async () => {
    const a = await sendOne('+61412000903');
    const theirs = await receipt(statusPath(OTHER), {
      MessageSid: a.sid,
      MessageStatus: 'undelivered',
      ErrorCode: '30003',
    });
    assert.deepEqual([theirs.status, theirs.body], [200, { recorded: 'ignored' }]);
    assert.equal((await record(a.id)).delivery, null);
    // a token naming this venue with the other venue's MAC is refused
    const mixed = `/api/email-comms/sms/status/${OWNER}.${statusPath(OTHER).split('.').pop()}`;
    assert.equal((await receipt(mixed, { MessageSid: a.sid, MessageStatus: 'delivered' })).status, 404);
    assert.equal((await record(a.id)).delivery, null);
  });

  it("tenancy: another venue sees none of this venue's SMS, and cannot price or send to its bookings", async () => {
    const b = await newBooking({ customerPhone: '+61412000777' });
    const h = await history(c.tokens.other);
    assert.equal(h.items.length, 0);
    const p = await c.call('POST', '/api/email-comms/sms/preview', c.tokens.other, {
      customBody: 'Hi',
      bookingIds: [b.id],
    });
    assert.deepEqual([p.body.messages, p.body.skipped[0].reason], [0, 'Booking not found']);
    const s = await c.call('POST', '/api/email-comms/sms', c.tokens.other, {
      customBody: 'Hi',
      bookingId: b.id,
    });
    assert.equal(s.status, 404);
    const mine = (await history()).items;
    assert.ok(mine.length > 0);
    const theirs = await c.call('GET', `/api/email-comms/history/${mine[0].id}`, c.tokens.other);
    assert.equal(theirs.status, 404);
    const settings = await c.call('GET', '/api/email-comms/sms/settings', c.tokens.other);
    assert.ok(settings.body.inboundPath.includes(OTHER));
    assert.notEqual(settings.body.inboundPath, inboundPath(OWNER));
    // staff see how SMS leave but not the secret URL
    assert.equal((await c.call('GET', '/api/email-comms/sms/settings', c.tokens.sub)).body.inboundPath, null);
  });
});

describe("the inbound webhook checks Twilio's signature when SMS_URL carries the auth token", () => {
  const ORIGIN = 'https://venues.example';
  let c: Comms;
  before(async () => {
    c = await startComms({
      // the token is SMS_URL's password, as in production; nothing is sent in these tests
      sms: smsConfigFromEnv({
        SMS_URL: 'https://AC123:s3cret%21@api.twilio.example/2010-04-01/Messages.json',
      }),
      publicOrigin: ORIGIN,
    });
  });
  after(async () => {
    await c.close();
  });

  const post = (form: Record<string, string>, signature?: string, contentType = 'form') =>
    fetch(`${c.t.url}${inboundPath(OWNER)}`, {
      method: 'POST',
      headers: {
        'content-type': contentType === 'form' ? 'application/x-www-form-urlencoded' : 'application/json',
        ...(signature === undefined ? {} : { 'x-twilio-signature': signature }),
      },
      body: contentType === 'form' ? new URLSearchParams(form).toString() : JSON.stringify(form),
    });
  /** Signed the way Twilio does, for the URL it was given: the public origin, not this service's host. */
  const sign = (form: Record<string, string>, url = `${ORIGIN}${inboundPath(OWNER)}`) =>
    twilioSignature('s3cret!', url, new URLSearchParams(form));
  const optedOut = async (phone: string) =>
    (
      await c.t.kit.db.tenantTx(OWNER, (tx) =>
        db(tx)
          .selectFrom('sms_opt_outs')
          .select('phone')
          .where('tenant_id', '=', OWNER)
          .where('phone', '=', phone)
          .execute(),
      )
    ).length > 0;

  it("Twilio's published example signs as Twilio says; the token is SMS_URL's password, none without one", () => {
    // Twilio's documented example (security/signature_validation in TwilioDevEd/api-snippets)
    assert.equal(
      twilioSignature(
        '12345',
        'https://mycompany.com/myapp.php?foo=1&bar=2',
        new URLSearchParams({
          CallSid: 'CA1234567890ABCDE',
          Caller: '+14158675309',
          Digits: '1234',
          From: '+14158675309',
          To: '+18005551212',
        }),
      ),
      'RSOYDt4T1cUTdK1PDd93/VVr8B8=',
    );
    assert.equal(c.deps.sms.authToken, 's3cret!');
    assert.equal(smsConfigFromEnv({ SMS_URL: 'https://sms.example/send' }).authToken, null);
    assert.equal(smsConfigFromEnv({}).authToken, null);
  });

  it('a STOP signed by the provider is recorded and answered with TwiML', async () => {
    const form = { From: '+61412000701', To: '+61400000001', Body: 'STOP', MessageSid: 'SMin7' };
    const res = await post(form, sign(form));
    assert.equal(res.status, 200, await res.clone().text());
    assert.match(res.headers.get('content-type') ?? '', /^text\/xml\b/);
    assert.equal(await res.text(), '<?xml version="1.0" encoding="UTF-8"?><Response></Response>');
    assert.equal(await optedOut('+61412000701'), true);
    // START signed too undoes it
    const start = { ...form, Body: 'START' };
    assert.equal((await post(start, sign(start))).status, 200);
    assert.equal(await optedOut('+61412000701'), false);
  });

  it('a missing or wrong signature, one reused for other words, or one for the service’s own host, gets 403 and records nothing', async () => {
    const form = { From: '+61412000702', To: '+61400000001', Body: 'STOP', MessageSid: 'SMin8' };
    const refused = async (res: Response) => {
      assert.equal(res.status, 403);
      const body = (await res.json()) as any;
      assert.deepEqual(
        body.errors.map((e: any) => e.path),
        ['X-Twilio-Signature'],
      );
    };
    await refused(await post(form));
    await refused(await post(form, ''));
    await refused(await post(form, 'RSOYDt4T1cUTdK1PDd93/VVr8B8='));
    await refused(await post(form, sign(form).toLowerCase()));
    // the address this service sees is not the one the provider was given
    await refused(await post(form, sign(form, `${c.t.url}${inboundPath(OWNER)}`)));
    // a signature of one post does not carry another's words
    await refused(await post({ ...form, From: '+61412000703' }, sign(form)));
    // JSON cannot carry Twilio's form signature
    await refused(await post(form, sign(form), 'json'));
    assert.equal(await optedOut('+61412000702'), false);
    assert.equal(await optedOut('+61412000703'), false);
    // a token this product did not issue is still 404, signed or not
    const forged = await fetch(`${c.t.url}/api/email-comms/sms/inbound/${OWNER}.${'A'.repeat(43)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': sign(form) },
      body: new URLSearchParams(form).toString(),
    });
    assert.equal(forged.status, 404);
  });
});

describe('SMS without SMS_URL: captured for Mail preview', () => {
  let c: Comms;
  before(async () => {
    c = await startComms({ sms: { send: null, from: 'Harbourside', segmentPriceCents: 6 } });
  });
  after(async () => {
    await c.close();
  });

  it('goes to Mail preview marked as SMS, and the history says sent', async () => {
    const r = await c.call('POST', '/api/email-comms/sms', c.tokens.owner, {
      customBody: 'Your keys are at the front desk.',
      recipientPhone: '+61412000888',
    });
    assert.equal(r.status, 202, r.text);
    await deliverDue(c.t.kit, c.deps);
    await deliverDue(c.t.kit, c.deps);
    const list = (await c.call('GET', '/api/email-comms/mail-preview', c.tokens.owner)).body.items;
    const sms = list.filter((i: any) => i.channel === 'sms');
    assert.equal(sms.length, 1, 'kept once');
    assert.deepEqual(
      [sms[0].to, sms[0].from, sms[0].subject],
      ['+61412000888', 'Harbourside', 'SMS to +61412000888'],
    );
    const one = (await c.call('GET', `/api/email-comms/mail-preview/${sms[0].id}`, c.tokens.owner)).body.mail;
    assert.deepEqual([one.channel, one.text, one.html], ['sms', 'Your keys are at the front desk.', null]);
    const rec = (await c.call('GET', '/api/email-comms/history?channel=sms', c.tokens.owner)).body.items[0];
    assert.deepEqual([rec.status, rec.channel], ['sent', 'sms']);
    // the other venue's preview does not show it
    const theirs = (await c.call('GET', '/api/email-comms/mail-preview', c.tokens.other)).body.items;
    assert.equal(theirs.filter((i: any) => i.channel === 'sms').length, 0);
    assert.equal((await c.call('GET', '/api/email-comms/sms/settings', c.tokens.owner)).body.capturing, true);
  });
});
