/**
 * Schedule Email: stored per venue, the recipients checked, the first send 7 days or 1 month from
 * today at the venue's hour (Sydney, daylight saving included); the sweep hands a due schedule to
 * comms once (`report.email_requested` in the outbox) and plans the next; two sweeps at once send
 * it once (run with TEST_DATABASE_URL for the real race on PostgreSQL).
 */
import { after, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { REPORT_EXPORT_PATHS, REPORT_SCHEDULE_MESSAGES } from '@venue/contracts/insights';
import { OWNER, OWNER2, STAFF, settingsEvent, startInsights, type Harness } from '../testing/harness.ts';
import { exportClock } from './clock.ts';
import { addMonths, nextSend } from './schedule-plan.ts';
import { sweepReportSchedules } from './sweep.ts';

const NOW = new Date('2026-11-18T01:00:00.000Z'); // Wed 18 Nov 2026, 12:00 in Sydney (AEDT +11)
const PATH = REPORT_EXPORT_PATHS.schedules;
const SYD = 'Australia/Sydney';

describe('schedule plan (venue clock)', () => {
  it('weekly is 7 days on, monthly the same day next month or the month’s last day, at the venue’s hour', () => {
    assert.equal(addMonths('2026-01-31', 1), '2026-02-28');
    assert.equal(addMonths('2028-01-31', 1), '2028-02-29');
    const from = new Date('2026-01-31T01:00:00Z');
    const seq: string[] = [];
    let after: string | null = null;
    let now = from;
    for (let i = 0; i < 3; i++) {
      const n = nextSend('2026-01-31', 'monthly', 9, SYD, now, after);
      seq.push(n.date);
      after = n.date;
      now = n.at;
    }
    assert.deepEqual(seq, ['2026-02-28', '2026-03-31', '2026-04-30']);
    // Sydney's clocks go forward on 4 Oct 2026: 09:00 is +10:00 before and +11:00 after
    const w = nextSend('2026-09-30', 'weekly', 9, SYD, new Date('2026-09-30T02:00:00Z'));
    assert.deepEqual([w.date, w.at.toISOString()], ['2026-10-07', '2026-10-06T22:00:00.000Z']);
  });
});

describe('Schedule Email', () => {
  let h: Harness;
  const realClock = exportClock.now;
  let clock = new Date(NOW);

  before(async () => {
    exportClock.now = () => new Date(clock);
    h = await startInsights();
    await h.deliver(settingsEvent(OWNER));
    await h.deliver(settingsEvent(OWNER2));
  });
  after(async () => {
    exportClock.now = realClock;
    await h?.close();
  });
  beforeEach(async () => {
    clock = new Date(NOW);
    await h.t.kit.db.systemTx((tx) => tx.query(`DELETE FROM report_schedules`));
    await h.t.kit.db.query(`DELETE FROM outbox WHERE type = 'report.email_requested'`);
  });

  const requested = async () =>
    (
      await h.t.kit.db.query<{ tenant_id: string; data: Record<string, unknown> }>(
        `SELECT tenant_id, data FROM outbox WHERE type = 'report.email_requested' ORDER BY seq`,
      )
    ).rows;

  it('saves a weekly schedule: recipients trimmed, lower-cased, each once; first send next Wednesday 09:00 in Sydney', async () => {
    const r = await h.call('POST', PATH, OWNER, {
      frequency: 'weekly',
      recipients: ' Owner@Example.com, manager@example.com ,owner@example.com',
    });
    assert.equal(r.status, 201, r.text);
    assert.equal(r.body.message, REPORT_SCHEDULE_MESSAGES.created);
    const s = r.body.schedule;
    assert.deepEqual(s.recipients, ['owner@example.com', 'manager@example.com']);
    assert.deepEqual([s.frequency, s.sendHour, s.period, s.segments], ['weekly', 9, '90d', ['all']]);
    assert.equal(s.nextSendDate, '2026-11-25');
    assert.equal(s.nextSendAt, '2026-11-24T22:00:00.000Z');
    assert.equal(s.lastSentAt, null);

    clock = new Date(NOW.getTime() + 60_000); // a minute later: the list is in the order they were made
    const m = await h.call('POST', PATH, OWNER, {
      frequency: 'monthly',
      recipients: ['finance@example.com'],
      sendHour: 7,
      period: '30d',
      segments: ['vip', 'nfp'],
    });
    assert.equal(m.status, 201, m.text);
    assert.equal(m.body.schedule.nextSendDate, '2026-12-18');
    assert.equal(m.body.schedule.nextSendAt, '2026-12-17T20:00:00.000Z');

    const list = await h.call('GET', PATH, OWNER);
    assert.deepEqual(
      list.body.schedules.map((x: { frequency: string }) => x.frequency),
      ['weekly', 'monthly'],
    );
    assert.deepEqual((await h.call('GET', PATH, OWNER2)).body.schedules, [], 'another venue sees none');
  });

  it('Save pressed twice with one Idempotency-Key stores one schedule', async () => {
    const post = () =>
      fetch(h.t.url + PATH, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${h.token[OWNER]}`,
          'content-type': 'application/json',
          'idempotency-key': 'schedule-save-1',
        },
        body: JSON.stringify({ frequency: 'monthly', recipients: 'owner@example.com' }),
      }).then(async (r) => ({ status: r.status, body: await r.json() }));
    const first = await post();
    const again = await post();
    assert.deepEqual([first.status, again.status], [201, 201]);
    assert.equal(again.body.schedule.id, first.body.schedule.id);
    assert.equal((await h.call('GET', PATH, OWNER)).body.schedules.length, 1);
  });

  it('refuses what cannot be sent, naming the field', async () => {
    const cases: Array<[unknown, string, string]> = [
      [
        { frequency: 'weekly', recipients: 'owner@example.com, not-an-email' },
        'recipients',
        '"not-an-email" is not an e-mail address.',
      ],
      [{ frequency: 'weekly', recipients: ' , ' }, 'recipients', REPORT_SCHEDULE_MESSAGES.recipientsRequired],
      [{ frequency: 'weekly' }, 'recipients', 'Recipients must be comma-separated e-mail addresses.'],
      [
        { frequency: 'weekly', recipients: Array.from({ length: 21 }, (_, i) => `p${i}@example.com`) },
        'recipients',
        REPORT_SCHEDULE_MESSAGES.tooManyRecipients,
      ],
      [{ frequency: 'daily', recipients: 'a@example.com' }, 'frequency', REPORT_SCHEDULE_MESSAGES.frequency],
      [
        { frequency: 'weekly', recipients: 'a@example.com', sendHour: 24 },
        'sendHour',
        REPORT_SCHEDULE_MESSAGES.sendHour,
      ],
      [
        { frequency: 'weekly', recipients: 'a@example.com', period: '2w' },
        'period',
        REPORT_SCHEDULE_MESSAGES.period,
      ],
    ];
    for (const [body, path, message] of cases) {
      const r = await h.call('POST', PATH, OWNER, body);
      assert.equal(r.status, 400, JSON.stringify(body));
      assert.equal(r.body.errors[0].path, path, JSON.stringify(r.body));
      assert.equal(r.body.errors[0].message, message);
    }
    assert.deepEqual((await h.call('GET', PATH, OWNER)).body.schedules, []);
    assert.equal(
      (await h.call('POST', PATH, STAFF, { frequency: 'weekly', recipients: 'a@example.com' })).status,
      403,
    );
  });

  it('a change of recipients keeps the next send; a change of frequency counts from today; delete stops it; another venue gets 404', async () => {
    const made = (await h.call('POST', PATH, OWNER, { frequency: 'weekly', recipients: 'a@example.com' }))
      .body.schedule;
    const id = made.id;
    clock = new Date('2026-11-20T01:00:00.000Z'); // two days on
    const r1 = await h.call('PATCH', `${PATH}/${id}`, OWNER, { recipients: 'b@example.com' });
    assert.equal(r1.status, 200, r1.text);
    assert.deepEqual(
      [r1.body.schedule.recipients, r1.body.schedule.nextSendDate],
      [['b@example.com'], '2026-11-25'],
    );
    const r2 = await h.call('PATCH', `${PATH}/${id}`, OWNER, { frequency: 'monthly' });
    assert.equal(r2.body.schedule.nextSendDate, '2026-12-20');
    assert.equal((await h.call('PATCH', `${PATH}/${id}`, OWNER2, { frequency: 'weekly' })).status, 404);
    assert.equal((await h.call('DELETE', `${PATH}/${id}`, OWNER2)).status, 404);
    assert.equal((await h.call('DELETE', `${PATH}/not-a-uuid`, OWNER)).status, 404);
    const del = await h.call('DELETE', `${PATH}/${id}`, OWNER);
    assert.equal(del.status, 200);
    assert.equal(del.body.message, REPORT_SCHEDULE_MESSAGES.deleted);
    assert.deepEqual((await h.call('GET', PATH, OWNER)).body.schedules, []);
  });

  it('the sweep sends a schedule once when its venue-local hour comes, then plans the next week', async () => {
    const s = (
      await h.call('POST', PATH, OWNER, {
        frequency: 'weekly',
        recipients: 'a@example.com, b@example.com',
        period: '30d',
      })
    ).body.schedule;
    assert.equal(
      await sweepReportSchedules(h.t.kit, new Date('2026-11-24T21:59:00.000Z')),
      0,
      '08:59 in Sydney',
    );
    assert.equal(await sweepReportSchedules(h.t.kit, new Date('2026-11-24T22:00:30.000Z')), 1);
    assert.equal(await sweepReportSchedules(h.t.kit, new Date('2026-11-24T22:01:30.000Z')), 0, 'once');
    const events = await requested();
    assert.equal(events.length, 1);
    assert.equal(events[0]!.tenant_id, OWNER);
    assert.deepEqual(events[0]!.data, {
      scheduleId: s.id,
      venueName: '',
      frequency: 'weekly',
      recipients: ['a@example.com', 'b@example.com'],
      dueDate: '2026-11-25',
      period: '30d',
      periodLabel: 'Last 30 days',
      pdfPath: `/internal/reports/${OWNER}/pdf?period=30d&segments=all`,
      filename: 'report-2026-11-25.pdf',
    });
    const after = (await h.call('GET', PATH, OWNER)).body.schedules[0];
    assert.equal(after.nextSendDate, '2026-12-02');
    assert.equal(after.lastSentAt, '2026-11-24T22:00:30.000Z');
  });

  it('a sweep that was down for five weeks sends once, not five times, and plans the next period', async () => {
    await h.call('POST', PATH, OWNER, { frequency: 'weekly', recipients: 'a@example.com' });
    assert.equal(await sweepReportSchedules(h.t.kit, new Date('2026-12-30T01:00:00.000Z')), 1);
    assert.equal(await sweepReportSchedules(h.t.kit, new Date('2026-12-30T01:05:00.000Z')), 0);
    const s = (await h.call('GET', PATH, OWNER)).body.schedules[0];
    assert.equal(s.nextSendDate, '2027-01-06');
    assert.equal((await requested())[0]!.data.dueDate, '2026-11-25');
  });

  it('two sweeps at once (two replicas) send a due schedule once', async () => {
    for (let i = 0; i < 5; i++)
      await h.call('POST', PATH, i % 2 ? OWNER2 : OWNER, {
        frequency: 'weekly',
        recipients: `p${i}@example.com`,
      });
    const at = new Date('2026-11-24T22:00:30.000Z');
    const counts = await Promise.all([
      sweepReportSchedules(h.t.kit, at),
      sweepReportSchedules(h.t.kit, at),
      sweepReportSchedules(h.t.kit, at),
    ]);
    assert.equal(
      counts.reduce((a, b) => a + b, 0),
      5,
      `each schedule once: ${counts}`,
    );
    const events = await requested();
    assert.equal(events.length, 5);
    assert.equal(new Set(events.map((e) => e.data.scheduleId)).size, 5);
  });
});
