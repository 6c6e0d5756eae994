/**
 * Reports' nine calls against a known set of events (testing/reports-scenario.ts), every KPI, table and
 * chart series worked out by hand (issue 14 item 3): the period and the one before it, the
 * segments, history and pipeline by month, the forecast, the heatmap, the funnel, payment
 * timeliness and aging, cohorts, cancellation reasons. Then: replaying every event twice and
 * rebuilding the read model give the same figures. Runs on PGlite, and on PostgreSQL with
 * TEST_DATABASE_URL.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { REPORTS_PATHS } from '@venue/contracts/insights';
import {
  OWNER,
  OWNER2,
  STAFF,
  SUPER,
  bookingEvent,
  startInsights,
  type Harness,
} from '../testing/harness.ts';
import { loadReports, reportsClock, type ReportCall } from './load.ts';
import { K, NOW, R1, R2, scenario } from '../testing/reports-scenario.ts';

describe('insights: Reports from the read model', () => {
  let h: Harness;
  const realClock = reportsClock.now;

  before(async () => {
    reportsClock.now = () => new Date(NOW);
    h = await startInsights();
    for (const e of scenario()) await h.deliver(e);
  });
  after(async () => {
    reportsClock.now = realClock;
    await h?.close();
  });

  async function get(path: string, as = OWNER) {
    const r = await h.call('GET', path, as);
    assert.equal(r.status, 200, `${path}: ${r.text.slice(0, 400)}`);
    return r.body;
  }

  /** Every call's answer for a query string. */
  async function all(query = 'period=30d&months=6&periods=6') {
    const out: Record<string, unknown> = {};
    for (const [call, path] of Object.entries(REPORTS_PATHS)) out[call] = await get(`${path}?${query}`);
    return out;
  }

  it('the six KPIs of the last 30 days against the 30 days before', async () => {
    const r = await get('/api/reports/executive-kpis?period=30d');
    assert.deepEqual([r.period, r.from, r.to], ['30d', '2026-10-20', '2026-11-18']);
    const k = r.kpis;
    const pick = (x: { unit: string; value: number; change: number | null; trend: string }) => [
      x.unit,
      x.value,
      x.change,
      x.trend,
    ];
    // 4 bookings take place (1, 2, 5, 11; 3 was cancelled, 9 expired) against 1 (7): +300 %.
    assert.deepEqual(pick(k.bookings), ['count', 4, 300, 'up']);
    // Received 300 + 2,500 + 150 + 500 − 200 refunded = $3,250 against 600 + 200 = $800.
    assert.deepEqual(pick(k.revenue), ['cents', 325000, 306.3, 'up']);
    assert.equal(k.revenue.basis, 'payment-date');
    assert.match(k.revenue.note, /by payment date/);
    // 10 booked hours (4 + 4 + 2) of 476 open (Main 30 × 10 h, Garden 22 weekdays × 8 h) = 2.1 %,
    // against 5 of 468 = 1.1 %: +1 point.
    assert.deepEqual(pick(k.utilisation), ['percent', 2.1, 1, 'up']);
    // 1 of 3 deposit invoices issued is paid, against 1 of 1.
    assert.deepEqual(pick(k.depositConversion), ['percent', 33.3, -66.7, 'down']);
    assert.match(k.depositConversion.note, /^1 of 3 deposit invoices/);
    // Due in the period: 1 (on time), 2 (paid 2 Nov 01:00 at the venue, due 1 Nov), 3 (unpaid),
    // 6 (paid, later refunded: on time) = 50 %; before: 4 on time, 9 late = 50 %.
    assert.deepEqual(pick(k.onTimePayments), ['percent', 50, 0, 'neutral']);
    // 1 of 5 cancelled against 1 of 2.
    assert.deepEqual(pick(k.cancellationRate), ['percent', 20, -30, 'down']);
    assert.equal(k.bookings.period, '20 Oct – 18 Nov 2026');
  });

  it('the default period is the last 90 days; This year runs from 1 January', async () => {
    const r = await get('/api/reports/executive-kpis');
    assert.deepEqual([r.period, r.from, r.to], ['90d', '2026-08-21', '2026-11-18']);
    // 1, 2, 5, 7, 11 (8 and 3 cancelled)
    assert.equal(r.kpis.bookings.value, 5);
    const y = await get('/api/reports/executive-kpis?period=1y');
    assert.deepEqual([y.from, y.to], ['2026-01-01', '2026-11-18']);
    assert.equal(y.kpis.bookings.value, 6); // and 10 in June
  });

  it('segments: Community/NFP is the customer tier, VIP the spend rule; several add up', async () => {
    const nfp = (await get('/api/reports/executive-kpis?period=30d&segments=nfp')).kpis;
    assert.deepEqual([nfp.bookings.value, nfp.bookings.change, nfp.revenue.value], [3, null, 30000]);
    const vip = (await get('/api/reports/executive-kpis?period=30d&segments=vip')).kpis;
    assert.deepEqual([vip.bookings.value, vip.revenue.value], [1, 265000]);
    const both = (await get('/api/reports/executive-kpis?period=30d&segments=nfp,vip')).kpis;
    assert.deepEqual([both.bookings.value, both.revenue.value], [4, 295000]);
    const everyone = (await get('/api/reports/executive-kpis?period=30d&segments=all,vip')).kpis;
    assert.equal(everyone.bookings.value, 4);
    const funnel = await get('/api/reports/funnel-data?period=30d&segments=nfp');
    assert.deepEqual(
      funnel.funnelData.map((s: { count: number }) => s.count),
      [3, 2, 2, 0],
    );
    assert.match(funnel.note, /not split by segment/);
  });

  it('history and pipeline by month: the current month split at now', async () => {
    const h6 = await get('/api/reports/historical-data?months=6');
    assert.equal(h6.basis, 'event-date');
    assert.deepEqual(
      h6.historicalData.map((m: Record<string, unknown>) => [
        m.month,
        m.bookings,
        m.revenueCents,
        m.receivedCents,
      ]),
      [
        ['2026-06', 1, 120000, 0],
        ['2026-07', 0, 0, 0],
        ['2026-08', 0, 0, 0],
        ['2026-09', 0, 0, 0],
        ['2026-10', 2, 160000, 160000],
        ['2026-11', 1, 250000, 245000],
      ],
    );
    assert.equal(h6.historicalData[5].revenue, 2500);
    const p6 = await get('/api/reports/pipeline-data?months=6');
    assert.deepEqual(
      p6.pipelineData.map((m: Record<string, unknown>) => [m.month, m.bookings, m.revenueCents]),
      [
        ['2026-11', 2, 100000],
        ['2026-12', 1, 150000],
        ['2027-01', 0, 0],
        ['2027-02', 0, 0],
        ['2027-03', 0, 0],
        ['2027-04', 0, 0],
      ],
    );
    assert.equal((await get('/api/reports/historical-data?months=2')).historicalData.length, 2);
  });

  it('the forecast: confirmed pipeline topped up to the trend of history, ±15 %', async () => {
    const f = (await get('/api/reports/forecast?periods=6')).forecastData;
    // History May–Oct: bookings 0,1,0,0,0,2 → trend 0.2·x; revenue 0,1200,0,0,0,1600 dollars →
    // 15,238.10 + 12,571.43·x cents. Confirmed: Nov 2 bookings $2,700; Dec 1 booking $1,500.
    assert.deepEqual(
      f.scenarios.base.map((p: Record<string, unknown>) => [p.month, p.bookings, p.revenueCents]),
      [
        ['2026-11', 2, 270000],
        ['2026-12', 1.4, 150000],
        ['2027-01', 1.6, 115810],
        ['2027-02', 1.8, 128381],
        ['2027-03', 2, 140952],
        ['2027-04', 2.2, 153524],
      ],
    );
    assert.deepEqual(
      f.scenarios.optimistic.slice(0, 2).map((p: Record<string, number>) => [p.bookings, p.revenueCents]),
      [
        [2.3, 310500],
        [1.6, 172500],
      ],
    );
    assert.deepEqual(
      f.scenarios.cautious.slice(0, 2).map((p: Record<string, number>) => [p.bookings, p.revenueCents]),
      [
        [1.7, 229500],
        [1.2, 127500],
      ],
    );
    assert.match(
      f.method,
      /least squares.*May 2026 – Oct 2026.*Optimistic: base \+15 %\. Cautious: base −15 %\./,
    );
  });

  it('the heatmap: weekday × hour 06:00–22:00 against opening hours, with buffers', async () => {
    const u = (await get('/api/reports/resource-utilisation?period=30d')).utilisationData;
    assert.deepEqual(
      u.map((r: { name: string; bufferMinutes: number }) => [r.name, r.bufferMinutes]),
      [
        ['Garden', 60],
        ['Main Hall', 60],
      ],
    );
    const row = (name: string, day: string) =>
      u.find((r: { name: string }) => r.name === name).data.find((d: { day: string }) => d.day === day);
    const rates = (d: { utilisation: Array<{ hour: number; rate: number }> }) =>
      Object.fromEntries(d.utilisation.filter((c) => c.rate > 0).map((c) => [c.hour, c.rate]));
    const buffers = (d: { utilisation: Array<{ hour: number; hasBuffers: boolean }> }) =>
      d.utilisation.filter((c) => c.hasBuffers).map((c) => c.hour);
    // Booking 1: 10:00–14:00 on one of four Thursdays; 30-minute buffers either side.
    const thu = row('Main Hall', 'Thursday');
    assert.equal(thu.utilisation.length, 16);
    assert.deepEqual([thu.utilisation[0].hour, thu.utilisation[15].hour], [6, 21]);
    assert.deepEqual(rates(thu), { 10: 25, 11: 25, 12: 25, 13: 25 });
    assert.deepEqual(buffers(thu), [9, 14]);
    // Booking 11: 14:00–16:00 on one of five Wednesdays.
    const wed = row('Main Hall', 'Wednesday');
    assert.deepEqual(rates(wed), { 14: 20, 15: 20 });
    assert.deepEqual(buffers(wed), [13, 16]);
    assert.deepEqual([wed.peakHour, wed.peakRate, wed.averageRate, wed.lowHour], [14, 20, 4, 8]);
    // Booking 2: 09:00–13:00 on one of four Mondays in the Garden; its setup falls before opening.
    const mon = row('Garden', 'Monday');
    assert.deepEqual(rates(mon), { 9: 25, 10: 25, 11: 25, 12: 25 });
    assert.deepEqual(buffers(mon), [8, 13]);
    const sat = row('Garden', 'Saturday');
    assert.deepEqual([sat.peakHour, sat.averageRate, sat.lowHour], [null, 0, null]);
    const one = (await get(`/api/reports/resource-utilisation?period=30d&resourceId=${R2}`)).utilisationData;
    assert.deepEqual(
      one.map((r: { name: string }) => r.name),
      ['Garden'],
    );
  });

  it('the funnel counts the furthest stage reached; quotes sent → accepted', async () => {
    const f = await get('/api/reports/funnel-data?period=30d');
    assert.deepEqual(f.funnelData, [
      { stage: 'Requests', count: 12 },
      { stage: 'Held', count: 7 },
      // 3 was confirmed, then cancelled: still confirmed
      { stage: 'Confirmed', count: 5 },
      { stage: 'Completed', count: 1 },
    ]);
    assert.deepEqual(f.quotes, [
      { stage: 'Quotes sent', count: 2 },
      { stage: 'Quotes accepted', count: 1 },
    ]);
  });

  it('cancellation reasons of the period, in words', async () => {
    assert.deepEqual((await get('/api/reports/cancellation-reasons?period=30d')).reasons, [
      { reason: 'Customer request', count: 1 },
    ]);
    assert.deepEqual((await get('/api/reports/cancellation-reasons?period=90d')).reasons, [
      { reason: 'Customer request', count: 1 },
      { reason: 'Not specified', count: 1 },
    ]);
  });

  it('payment timeliness over the period and aging as of today', async () => {
    const p = (await get('/api/reports/payment-analysis?period=30d')).paymentData;
    assert.deepEqual([p.onTime, p.overdue, p.dueCount, p.asOf], [50, 50, 4, '2026-11-18']);
    assert.deepEqual(
      p.aging.map((a: Record<string, unknown>) => [a.bucket, a.count, a.amountCents, a.amount]),
      [
        ['current', 1, 30000, 300],
        ['1-30', 1, 20000, 200],
        ['31-60', 0, 0, 0],
        ['61-90', 0, 0, 0],
        ['90+', 1, 120000, 1200],
      ],
    );
    const q = (await get('/api/reports/payment-analysis?period=90d')).paymentData;
    assert.deepEqual([q.onTime, q.dueCount], [50, 6]);
  });

  it('the summary: totals and cohorts from real first bookings', async () => {
    const s = (await get('/api/reports/summary?period=30d')).summary;
    assert.deepEqual(
      [s.bookings, s.revenueCents, s.revenueBasis, s.customers],
      [4, 325000, 'payment-date', 2],
    );
    // Dan and Eve first booked in the week of 26 Oct; Dan again in weeks 1 and 3; week 4 is ahead.
    assert.deepEqual(s.cohorts, [{ cohort: '2026-10-26', customers: 2, retention: [100, 50, 0, 50] }]);
    assert.deepEqual((await get('/api/reports/summary?period=30d&segments=nfp')).summary.cohorts, []);
  });

  it('loadReports gives every call’s answer, as the routes do', async () => {
    const bundle = await h.t.kit.db.tenantTx(OWNER, (tx) =>
      loadReports(tx, OWNER, { period: '30d', months: 6, periods: 6 }, NOW),
    );
    const routes = await all();
    for (const call of Object.keys(REPORTS_PATHS) as ReportCall[]) {
      assert.deepEqual(bundle[call], routes[call], call);
    }
  });

  it('replaying every event twice gives the same figures', async () => {
    const before = await all();
    const again = (await all('period=90d&segments=nfp,vip')) as unknown;
    for (let i = 0; i < 2; i++) {
      for (const e of scenario()) {
        // once as the same delivery (the inbox drops it), once as a new event of the same fact
        await h.deliver(e);
        await h.deliver({ ...e, id: randomUUID() });
      }
    }
    assert.deepEqual(await all(), before);
    assert.deepEqual(await all('period=90d&segments=nfp,vip'), again);
  });

  it('the calls want the reports permission, the venue’s settings and a sound query', async () => {
    assert.equal((await h.call('GET', '/api/reports/summary')).status, 401);
    assert.equal((await h.call('GET', '/api/reports/summary', STAFF)).status, 403);
    const missing = await h.call('GET', '/api/reports/executive-kpis', OWNER2);
    assert.equal(missing.status, 503);
    assert.deepEqual(
      (await get(`/api/reports/executive-kpis?period=30d&hallOwnerId=${OWNER}`, SUPER)).kpis,
      (await get('/api/reports/executive-kpis?period=30d')).kpis,
    );
    for (const [query, field] of [
      ['period=2y', /period/],
      ['segments=gold', /segments/],
      ['months=0', /months/],
      ['resourceId=abc', /resourceId/],
    ] as const) {
      const r = await h.call('GET', `/api/reports/resource-utilisation?${query}`, OWNER);
      assert.equal(r.status, 400, query);
      assert.match(r.text, field);
    }
  });

  it('a hold that lapsed is not spend: it makes no customer VIP (as bookings counts it, issue 24 item 7)', async () => {
    const fran = {
      resourceId: R1,
      resourceName: 'Main Hall',
      customerId: 'CUST-FRAN',
      customerName: 'Fran',
      customerEmail: 'fran@example.com',
    };
    // $3,000 held for Tue 17 Nov, let lapse; then $100 booked for Mon 16 Nov
    const hold = {
      ...fran,
      id: K(90),
      code: 'BK-0090',
      totalCents: 300000,
      createdAt: '2026-11-02T00:00:00.000Z',
    };
    const at = { startsAt: '2026-11-17T08:00:00.000+11:00', endsAt: '2026-11-17T10:00:00.000+11:00' };
    await h.deliver(bookingEvent(OWNER, { ...hold, ...at, status: 'tentative' }));
    await h.deliver(bookingEvent(OWNER, { ...hold, ...at, status: 'expired' }, 'booking.status_changed'));
    await h.deliver(
      bookingEvent(OWNER, {
        ...fran,
        id: K(91),
        code: 'BK-0091',
        status: 'confirmed',
        startsAt: '2026-11-16T14:00:00.000+11:00',
        endsAt: '2026-11-16T15:00:00.000+11:00',
        totalCents: 10000,
        createdAt: '2026-11-05T00:00:00.000Z',
      }),
    );
    // Bob alone, as before Fran
    const vip = (await get('/api/reports/executive-kpis?period=30d&segments=vip')).kpis;
    assert.deepEqual([vip.bookings.value, vip.revenue.value], [1, 265000]);
  });
});
