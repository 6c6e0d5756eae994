// Demo history (decision 48) against the real services: bookings, money, comms and insights on
// fresh databases (PGlite, or schemas on TEST_DATABASE_URL), their relays delivering events to
// each other as in production. The seed writes both demo venues; the test checks the spread a
// new user's Dashboard and Reports see, that the money adds up, that no customer is e-mailed
// today about last season, that the events reached insights, and that a second run adds nothing.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { startEventSink, startTestService, testKeys, type TestService } from '@venue/service-kit/testing';
import { createBookingsService } from '../../services/bookings/src/app.ts';
import { createCommsService } from '../../services/comms/src/app.ts';
import { insightsService } from '../../services/insights/src/app.ts';
import { createMoneyService } from '../../services/money/src/app.ts';
// @ts-expect-error plain JavaScript module of the launcher
import { addDays, venueDay } from './demo-seed-plan.mjs';
// @ts-expect-error plain JavaScript module of the launcher
import { DEMO_TENANT_IDS, postInternal, seedHistories, seedVenueHistory } from './demo-seed-history.mjs';
import { DEMO_ZONE, demoResources, introduceVenue, isolateServices } from './demo-venues.ts';

const ZONE = DEMO_ZONE;
/** Subscribers this test does not run (admin's audit log, the catalogue's busy times): they take every event. */
const ACK_ALL = ['admin', 'catalogue', 'gateway'];
const VENUES = { owner: demoResources('owner'), owner2: demoResources('owner2') };

describe('demo history (decision 48)', () => {
  const svc: Record<string, TestService> = {};
  let sink: Awaited<ReturnType<typeof startEventSink>> | undefined;
  let services: { secret: string; urls: Record<string, string> };
  const now = new Date();
  const today = venueDay(now, ZONE);
  const runs: Record<string, Awaited<ReturnType<typeof seedVenueHistory>>> = {};
  let restoreEnv = () => {};

  const rows = async <T = Record<string, unknown>>(name: string, tenantId: string, sql: string) =>
    (await svc[name]!.kit.db.tenantTx(tenantId, (tx) => tx.query(sql, [tenantId]))).rows as T[];

  before(async () => {
    restoreEnv = isolateServices();
    await testKeys();
    svc.bookings = await startTestService(createBookingsService());
    svc.money = await startTestService(createMoneyService());
    svc.comms = await startTestService(createCommsService());
    svc.insights = await startTestService(insightsService);
    for (const n of ['bookings', 'money', 'comms', 'insights'])
      process.env[`${n.toUpperCase()}_URL`] = svc[n]!.url;
    // A subscriber that never answers would hold back every later event for it and, while its
    // retries wait, the event itself for the others: the ones not under test take everything.
    sink = await startEventSink(ACK_ALL);
    services = {
      secret: process.env.INTERNAL_SECRET!,
      urls: { bookings: svc.bookings.url, money: svc.money.url, comms: svc.comms.url },
    };
    for (const [key, resources] of Object.entries(VENUES)) {
      const tenantId = DEMO_TENANT_IDS[key as keyof typeof DEMO_TENANT_IDS];
      await introduceVenue(
        tenantId,
        resources,
        {
          settings: ['bookings', 'money', 'comms', 'insights'].map((n) => svc[n]!),
          resources: [svc.bookings!, svc.insights!],
        },
        now,
      );
    }
    // Both venues at once, by phase, as `npm start` does.
    const venues = Object.entries(VENUES).map(([key, resources]) => ({
      key,
      tenantId: DEMO_TENANT_IDS[key as keyof typeof DEMO_TENANT_IDS],
      resources,
      blocked: [],
    }));
    const both = await seedHistories(services, venues, { now, timeZone: ZONE });
    venues.forEach((venue, i) => (runs[venue.key] = both[i]));
  });

  after(async () => {
    for (const s of Object.values(svc)) await s.close();
    await sink?.close();
    restoreEnv();
  });

  for (const key of ['owner', 'owner2'] as const) {
    const tenantId = DEMO_TENANT_IDS[key];

    it(`${key}: bookings in every status, six months back and three ahead, holds under 2 h and 12 h`, async () => {
      const list = await rows<{ status: string; day: string; reason: string | null; hold: string | null }>(
        'bookings',
        tenantId,
        `SELECT status, to_char(booking_date, 'YYYY-MM-DD') AS day, cancellation_reason AS reason,
                hold_expires_at AS hold FROM bookings WHERE tenant_id = $1`,
      );
      assert.equal(list.length, runs[key]!.plan.bookings.length);
      const statuses = new Set(list.map((b) => b.status));
      for (const s of ['pending', 'tentative', 'confirmed', 'completed', 'cancelled', 'expired'])
        assert.ok(statuses.has(s), `a ${s} booking`);
      const days = list.map((b) => b.day).sort();
      assert.ok(days[0]! <= addDays(today, -160), `history starts ${days[0]}`);
      assert.ok(days.at(-1)! >= addDays(today, 60), `the future reaches ${days.at(-1)}`);
      assert.ok(
        list.some((b) => b.day === today && b.status === 'confirmed'),
        'something on today',
      );
      const cancelled = list.filter((b) => b.status === 'cancelled');
      assert.ok(
        cancelled.some((b) => b.reason?.startsWith('Declined - ')),
        'a declined request',
      );
      assert.ok(
        cancelled.some((b) => b.reason && !b.reason.startsWith('Declined - ')),
        'a cancellation with its reason',
      );
      const left = list
        .filter((b) => b.status === 'tentative')
        .map((b) => (Date.parse(String(new Date(b.hold!).toISOString())) - now.getTime()) / 3_600_000);
      assert.ok(
        left.some((h) => h > 0 && h < 2),
        `a hold under 2 h (${left.join(', ')})`,
      );
      assert.ok(
        left.some((h) => h >= 2 && h < 12),
        'a hold under 12 h',
      );
      assert.ok(
        left.every((h) => h > 0),
        'no hold already lapsed',
      );
    });

    it(`${key}: customers include Community/NFP and VIP`, async () => {
      const customers = await rows<{ tier: string; vip: boolean }>(
        'bookings',
        tenantId,
        `SELECT tier, vip FROM customers WHERE tenant_id = $1`,
      );
      assert.ok(
        customers.some((c) => c.tier === 'nonprofit'),
        'an NFP customer',
      );
      assert.ok(
        customers.some((c) => c.vip),
        'a VIP customer',
      );
    });

    it(`${key}: invoices in every status, payments never past the total, numbers gap-free`, async () => {
      const invoices = await rows<{
        id: string;
        status: string;
        number: string | null;
        total: string;
        paid: string;
        credited: string;
      }>(
        'money',
        tenantId,
        `SELECT id, status, invoice_number AS number, total_cents AS total, paid_cents AS paid, credited_cents AS credited
           FROM invoices WHERE tenant_id = $1`,
      );
      // The statuses are the ones the plan promised for today (demo-seed-plan.test.ts checks
      // that those cover every status on each of the next 400 days).
      const predicted = runs[key]!.plan.meta.invoiceStatuses;
      for (const inv of invoices)
        assert.equal(
          inv.status,
          predicted.get(inv.id),
          `invoice ${inv.number ?? inv.id}: the planned status`,
        );
      const statuses = new Set(invoices.map((i) => i.status));
      for (const s of ['DRAFT', 'SENT', 'PARTIAL', 'PAID', 'OVERDUE', 'VOID', 'REFUNDED'])
        assert.ok(statuses.has(s), `a ${s} invoice (have ${[...statuses].join(', ')})`);
      const moves = await rows<{
        invoice_id: string;
        kind: string;
        cents: string;
        at: string;
        receipt: string;
      }>(
        'money',
        tenantId,
        `SELECT invoice_id, kind, amount_cents AS cents, processed_at AS at, receipt_number AS receipt
           FROM payments WHERE tenant_id = $1`,
      );
      for (const inv of invoices) {
        const mine = moves.filter((m) => m.invoice_id === inv.id);
        const net = mine.reduce((s, m) => s + (m.kind === 'payment' ? 1 : -1) * Number(m.cents), 0);
        assert.equal(net, Number(inv.paid), `invoice ${inv.number}: payments add up to what it shows paid`);
        assert.ok(
          Number(inv.paid) + Number(inv.credited) <= Number(inv.total),
          `invoice ${inv.number} not overpaid`,
        );
        assert.ok(
          mine.filter((m) => m.kind === 'payment').reduce((s, m) => s + Number(m.cents), 0) <=
            Number(inv.total),
        );
      }
      const gapFree = (numbers: string[]) => {
        const byYear = new Map<string, number[]>();
        for (const n of numbers) {
          const [, year, seq] = /-(\d{4})-(\d+)$/.exec(n)!;
          byYear.set(year!, [...(byYear.get(year!) ?? []), Number(seq)]);
        }
        for (const [year, seqs] of byYear)
          assert.deepEqual(
            seqs.sort((a, b) => a - b),
            seqs.map((_, i) => i + 1),
            `numbers of ${year} gap-free`,
          );
      };
      gapFree(invoices.flatMap((i) => (i.number ? [i.number] : [])));
      gapFree(moves.map((m) => m.receipt));
      const paidDays = moves.map((m) => venueDay(new Date(m.at), ZONE)).sort();
      assert.ok(paidDays[0]! <= addDays(today, -120), `payments go back to ${paidDays[0]}`);
      assert.ok(paidDays.at(-1)! <= today, 'no payment in the future');
      // The invoice numbers comms quoted in its e-mails are the ones money gave.
      const plan = runs[key]!.plan;
      for (const inv of invoices)
        if (inv.number)
          assert.equal(plan.numbers.invoice.get(inv.id), inv.number, 'predicted invoice number');
    });

    it(`${key}: bonds held and refunded; quotations draft, sent, accepted, declined and expired`, async () => {
      const bonds = await rows<{ status: string }>(
        'money',
        tenantId,
        `SELECT status FROM bonds WHERE tenant_id = $1`,
      );
      assert.ok(bonds.some((b) => b.status === 'HELD') && bonds.some((b) => b.status === 'REFUNDED'));
      const quotes = await rows<{ status: string; expired: boolean }>(
        'money',
        tenantId,
        `SELECT status, valid_until < '${today}'::date AS expired FROM quotations WHERE tenant_id = $1`,
      );
      const seen = new Set(quotes.map((q) => (q.status === 'Sent' && q.expired ? 'Expired' : q.status)));
      for (const s of ['Draft', 'Sent', 'Accepted', 'Declined', 'Expired'])
        assert.ok(seen.has(s), `a ${s} quotation`);
    });

    it(`${key}: e-mails sent on past days; the history's events e-mail nobody today`, async () => {
      // Wait until bookings' and money's events have reached comms (its booking copies).
      const expected = runs[key]!.plan.bookings.length;
      for (let i = 0; i < 200; i++) {
        const [c] = await rows<{ n: string }>(
          'comms',
          tenantId,
          `SELECT count(*) AS n FROM booking_copies WHERE tenant_id = $1`,
        );
        if (Number(c!.n) >= expected) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      const emails = await rows<{ status: string; sent: string | null; subject: string }>(
        'comms',
        tenantId,
        `SELECT status, sent_at AS sent, subject FROM emails WHERE tenant_id = $1`,
      );
      assert.ok(emails.length >= runs[key]!.plan.emails.length);
      assert.deepEqual(
        emails.filter((e) => e.status !== 'sent').map((e) => e.subject),
        [],
        'nothing queued today',
      );
      const first = emails.map((e) => venueDay(new Date(e.sent!), ZONE)).sort()[0]!;
      assert.ok(first <= addDays(today, -120), `e-mails go back to ${first}`);
      assert.ok(
        emails.some((e) => /^Invoice [A-Z]+-\d{4}-\d{5} for your booking HH-\d{4}-\d{4}$/.test(e.subject)),
      );
    });

    it(`${key}: the read model (insights) holds every booking and payment`, async () => {
      const plan = runs[key]!.plan;
      const payments = (plan.invoices as { payments: unknown[]; refund: unknown }[]).reduce(
        (s, i) => s + i.payments.length + (i.refund ? 1 : 0),
        0,
      );
      let got = { b: 0, p: 0 };
      for (let i = 0; i < 300; i++) {
        const [b] = await rows<{ n: string }>(
          'insights',
          tenantId,
          `SELECT count(*) AS n FROM bookings WHERE tenant_id = $1`,
        );
        const [p] = await rows<{ n: string }>(
          'insights',
          tenantId,
          `SELECT count(*) AS n FROM payments WHERE tenant_id = $1`,
        );
        got = { b: Number(b!.n), p: Number(p!.n) };
        if (got.b >= plan.bookings.length && got.p >= payments) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      assert.deepEqual(got, { b: plan.bookings.length, p: payments });
    });
  }

  it('a second run adds nothing', async () => {
    const count = async () => ({
      bookings: (await rows('bookings', DEMO_TENANT_IDS.owner, `SELECT 1 FROM bookings WHERE tenant_id = $1`))
        .length,
      invoices: (await rows('money', DEMO_TENANT_IDS.owner, `SELECT 1 FROM invoices WHERE tenant_id = $1`))
        .length,
      payments: (await rows('money', DEMO_TENANT_IDS.owner, `SELECT 1 FROM payments WHERE tenant_id = $1`))
        .length,
      emails: (await rows('comms', DEMO_TENANT_IDS.owner, `SELECT 1 FROM emails WHERE tenant_id = $1`))
        .length,
    });
    const before = await count();
    const again = await seedVenueHistory(
      services,
      { key: 'owner', tenantId: DEMO_TENANT_IDS.owner, resources: VENUES.owner, blocked: [] },
      { now, timeZone: ZONE },
    );
    assert.deepEqual([again.comms.already, again.bookings.already, again.money.already], [true, true, true]);
    assert.deepEqual(await count(), before);
  });

  it('refuses any tenant but the demo venues, and everything when SEED_DEMO=false', async () => {
    const body = runs.owner!.plan;
    for (const service of ['bookings', 'money', 'comms'])
      await assert.rejects(
        postInternal(services, service, `/internal/demo/history/${randomUUID()}`, body, 0),
        / 404 /,
      );
    process.env.SEED_DEMO = 'false';
    try {
      await assert.rejects(
        postInternal(services, 'bookings', `/internal/demo/history/${DEMO_TENANT_IDS.owner2}`, body, 0),
        / 404 /,
      );
    } finally {
      delete process.env.SEED_DEMO;
    }
  });
});
