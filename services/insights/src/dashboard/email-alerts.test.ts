/**
 * Alerts & Tasks: an e-mail comms gave up on (email.failed, the spec's `webhook` alert) shows
 * for 30 days unless resolved or dismissed (per user), once however often the event arrives,
 * with the customer's name gone after their erasure. Runs on PGlite, and on PostgreSQL with
 * TEST_DATABASE_URL.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import type { DomainEvent } from '@venue/contracts';
import { dashboardClock } from './dashboard-routes.ts';
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

function failed(
  emailId: string,
  over: { bounced: boolean; failedAt: string; bookingId?: string | null; toName?: string },
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
      toEmail: 'jane@example.com',
      toName: over.toName ?? 'Jane Smith',
      subject: 'Your booking BK-0001',
      reason: over.bounced ? '550 5.1.1 No such mailbox' : 'ECONNREFUSED: connect failed',
      bounced: over.bounced,
      bookingId: over.bookingId ?? null,
      failedAt: over.failedAt,
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
