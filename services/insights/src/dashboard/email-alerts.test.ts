/**
 * Alerts & Tasks: an e-mail comms gave up on (email.failed, the spec's `webhook` alert) shows
 * for 30 days unless resolved or dismissed (per user), once however often the event arrives,
 * with the customer's name gone after their erasure. A failed SMS (the same event with
 * `channel: 'sms'`, its E.164 number as `toEmail`) says SMS and what to do, never "E-mail"; one
 * published before the event had `channel` is told by its number. Runs on PGlite, and on
 * PostgreSQL with TEST_DATABASE_URL.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import type { DomainEvent } from '@venue/contracts';
import { SMS_OPTED_OUT } from '@venue/contracts/comms';
import { dashboardClock } from './read-dashboard.ts';
import {
  OWNER,
  STAFF,
  bookingEvent,
  resourceEvent,
  settingsEvent,
  startInsights,
  type Harness,
} from '../testing/harness.ts';

const NOW = new Date('2026-11-18T01:00:00.000Z'); // Wed 18 Nov 2026, 12:00 in Sydney
const R1 = '1a000000-0000-4000-8000-000000000001';
const B1 = '2b000000-0000-4000-8000-000000000001';
const E1 = '7e000000-0000-4000-8000-000000000001';
const E2 = '7e000000-0000-4000-8000-000000000002';
const E3 = '7e000000-0000-4000-8000-000000000003';
const S1 = '7e000000-0000-4000-8000-000000000011';
const S2 = '7e000000-0000-4000-8000-000000000012';
const S3 = '7e000000-0000-4000-8000-000000000013';
const S4 = '7e000000-0000-4000-8000-000000000014';

function failed(
  emailId: string,
  over: {
    bounced: boolean;
    failedAt: string;
    bookingId?: string | null;
    toName?: string;
    toEmail?: string;
    subject?: string;
    reason?: string;
    channel?: 'email' | 'sms';
  },
): DomainEvent {
  return {
    id: randomUUID(),
    type: 'email.failed',
    source: 'comms',
    tenantId: OWNER,
    occurredAt: over.failedAt,
    data: {
      emailId,
      hallOwnerId: OWNER,
      toEmail: over.toEmail ?? 'jane@example.com',
      toName: over.toName ?? 'Jane Smith',
      subject: over.subject ?? 'Your booking BK-0001',
      reason: over.reason ?? (over.bounced ? '550 5.1.1 No such mailbox' : 'ECONNREFUSED: connect failed'),
      bounced: over.bounced,
      bookingId: over.bookingId ?? null,
      failedAt: over.failedAt,
      ...(over.channel ? { channel: over.channel } : {}),
    },
  };
}

describe('insights: failed e-mails in Alerts & Tasks', () => {
  let h: Harness;
  const realClock = dashboardClock.now;

  before(async () => {
    dashboardClock.now = () => new Date(NOW);
    h = await startInsights();
    const bounce = failed(E1, { bounced: true, failedAt: '2026-11-17T22:30:00.000Z', bookingId: B1 });
    for (const e of [
      settingsEvent(OWNER),
      resourceEvent(OWNER, { id: R1, name: 'Main Hall' }),
      bookingEvent(OWNER, {
        id: B1,
        code: 'BK-0001',
        resourceId: R1,
        resourceName: 'Main Hall',
        status: 'completed',
        customerId: 'CUST-JANE',
        startsAt: '2026-11-01T10:00:00.000+11:00',
        endsAt: '2026-11-01T12:00:00.000+11:00',
      }),
      bounce,
      // the same event again, and the same fact as a new event: still one alert
      bounce,
      { ...bounce, id: randomUUID() },
      failed(E2, { bounced: false, failedAt: '2026-11-10T03:00:00.000Z', toName: 'Bob' }),
      // 40 days ago: no longer an alert
      failed(E3, { bounced: true, failedAt: '2026-10-09T00:00:00.000Z' }),
    ])
      await h.deliver(e);
  });
  after(async () => {
    dashboardClock.now = realClock;
    await h?.close();
  });

  const webhooks = async (as: string) => {
    const r = await h.call('GET', '/api/dashboard/alerts', as);
    assert.equal(r.status, 200, r.text);
    return r.body.alerts.filter((a: { type: string }) => a.type === 'webhook');
  };

  it('each failed e-mail of the last 30 days is one alert, newest first, saying what happened', async () => {
    const alerts = await webhooks(OWNER);
    assert.deepEqual(
      alerts.map((a: { key: string; bookingId: string | null }) => [a.key, a.bookingId]),
      [
        [`webhook:${E1}`, B1],
        [`webhook:${E2}`, null],
      ],
    );
    // dayLabel's words (the runtime's en-AU: "Wed, 18 Nov")
    assert.match(
      alerts[0].text,
      /^E-mail "Your booking BK-0001" to Jane Smith <jane@example\.com> bounced on Wed,? 18 Nov 09:30: 550 5\.1\.1 No such mailbox$/,
    );
    assert.match(
      alerts[1].text,
      /^E-mail "Your booking BK-0001" to Bob <jane@example.com> could not be delivered after several attempts on Tue,? 10 Nov 14:00: ECONNREFUSED/,
    );
    assert.equal(alerts[0].at, '2026-11-18T09:30:00.000+11:00');
  });

  it('dismissed by one user, still there for another', async () => {
    const done = await h.call('POST', `/api/dashboard/alerts/webhook:${E1}/dismiss`, OWNER);
    assert.equal(done.status, 200, done.text);
    assert.deepEqual(
      (await webhooks(OWNER)).map((a: { key: string }) => a.key),
      [`webhook:${E2}`],
    );
    assert.equal((await webhooks(STAFF)).length, 2);
    assert.equal((await h.call('POST', '/api/dashboard/alerts/webhook:nope/resolve', OWNER)).status, 400);
  });

  it('the customer’s erasure takes their name and address out of the alert', async () => {
    await h.deliver({
      id: randomUUID(),
      type: 'customer.anonymised',
      source: 'bookings',
      tenantId: OWNER,
      occurredAt: NOW.toISOString(),
      data: { id: 'CUST-JANE' },
    });
    const [first] = await webhooks(STAFF);
    assert.match(first.text, /to Anonymised customer bounced/);
    assert.doesNotMatch(first.text, /jane@example\.com/);
  });
});

describe('insights: failed SMS in Alerts & Tasks', () => {
  let h: Harness;
  const realClock = dashboardClock.now;

  // As comms publishes a given-up SMS (mail/worker.ts recordFailure): channel sms, the number as
  // toEmail. `legacy` is one published before the event had `channel`: told by the number alone.
  const sms = (id: string, over: Parameters<typeof failed>[1]) =>
    failed(id, { toEmail: '+61412345678', subject: 'Event reminder (SMS)', channel: 'sms', ...over });
  const legacySms = (id: string, over: Parameters<typeof failed>[1]) =>
    failed(id, { toEmail: '+61412345678', subject: 'Event reminder (SMS)', ...over });

  before(async () => {
    dashboardClock.now = () => new Date(NOW);
    h = await startInsights();
    for (const e of [
      settingsEvent(OWNER),
      resourceEvent(OWNER, { id: R1, name: 'Main Hall' }),
      bookingEvent(OWNER, {
        id: B1,
        code: 'BK-0001',
        resourceId: R1,
        resourceName: 'Main Hall',
        status: 'confirmed',
        customerId: 'CUST-JANE',
        startsAt: '2026-11-25T10:00:00.000+11:00',
        endsAt: '2026-11-25T12:00:00.000+11:00',
      }),
      sms(S1, {
        bounced: false,
        failedAt: '2026-11-17T22:30:00.000Z',
        bookingId: B1,
        reason:
          'SMS provider answered 400: {"code":21211,"message":"The To number is not a valid phone number."}',
      }),
      // a person's SMS to a typed number: no name but the number, no template
      sms(S2, {
        bounced: false,
        failedAt: '2026-11-17T21:00:00.000Z',
        toName: '+61412345678',
        subject: 'SMS',
        reason: 'The SMS provider did not answer within 10 s.',
      }),
      legacySms(S3, { bounced: false, failedAt: '2026-11-17T20:00:00.000Z', reason: SMS_OPTED_OUT }),
      // an e-mail beside them keeps its own words
      failed(E1, { bounced: true, failedAt: '2026-11-17T19:00:00.000Z', channel: 'email' }),
      // the channel is read, not guessed: an SMS whose number was lost (comms sends '') is an SMS
      sms(S4, { bounced: false, failedAt: '2026-11-17T18:00:00.000Z', toEmail: '', reason: 'Refused.' }),
    ])
      await h.deliver(e);
  });
  after(async () => {
    dashboardClock.now = realClock;
    await h?.close();
  });

  const webhooks = async (as: string) => {
    const r = await h.call('GET', '/api/dashboard/alerts', as);
    assert.equal(r.status, 200, r.text);
    return r.body.alerts.filter((a: { type: string }) => a.type === 'webhook');
  };

  it('says SMS, names the person and number, and what to do; the e-mail keeps its words', async () => {
    const alerts = await webhooks(OWNER);
    assert.deepEqual(
      alerts.map((a: { key: string; bookingId: string | null }) => [a.key, a.bookingId]),
      [
        [`webhook:${S1}`, B1],
        [`webhook:${S2}`, null],
        [`webhook:${S3}`, null],
        [`webhook:${E1}`, null],
        [`webhook:${S4}`, null],
      ],
    );
    assert.match(
      alerts[0].text,
      /^An SMS \("Event reminder \(SMS\)"\) to Jane Smith \(\+61412345678\) could not be delivered on Wed,? 18 Nov 09:30: SMS provider answered 400: .*not a valid phone number\."\}\. Check the phone number with the customer, correct it on their booking and send the SMS again\.$/,
    );
    assert.match(
      alerts[1].text,
      /^An SMS to \+61412345678 could not be delivered on Wed,? 18 Nov 08:00: The SMS provider did not answer within 10 s\. Check the phone number/,
    );
    assert.match(
      alerts[2].text,
      /^An SMS .* was not sent on .*: the number has opted out of SMS\. Reach them by e-mail or phone instead\.$/,
    );
    for (const a of alerts.slice(0, 3)) assert.doesNotMatch(a.text, /E-mail "/);
    assert.match(alerts[3].text, /^E-mail "Your booking BK-0001" to Jane Smith <jane@example\.com> bounced/);
    assert.match(alerts[4].text, /^An SMS \("Event reminder \(SMS\)"\) to Jane Smith could not be delivered/);
  });

  it('the customer’s erasure takes their name and number out, and it still says SMS', async () => {
    await h.deliver({
      id: randomUUID(),
      type: 'customer.anonymised',
      source: 'bookings',
      tenantId: OWNER,
      occurredAt: NOW.toISOString(),
      data: { id: 'CUST-JANE' },
    });
    const [first] = await webhooks(STAFF);
    assert.match(
      first.text,
      /^An SMS \("Event reminder \(SMS\)"\) to Anonymised customer could not be delivered/,
    );
    assert.doesNotMatch(first.text, /\+61412345678/);
  });
});
