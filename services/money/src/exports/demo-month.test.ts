/**
 * Issue 26 "what it must show": the Xero and MYOB files for the demo venue's last month, checked
 * column by column against the templates (the fixtures), with totals equal to the Invoices
 * screen's for that month and payments files equal to the money recorded in it. The demo venue's
 * history is the real one `npm start` writes (scripts/lib/demo-seed-plan.mjs through bookings'
 * and money's internal demo routes, decision 48), on real bookings and money services whose
 * relays deliver bookings' events to money. PGlite, or PostgreSQL with TEST_DATABASE_URL.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import {
  makePrincipal,
  startEventSink,
  startTestService,
  testKeys,
  type TestService,
} from '@venue/service-kit/testing';
import { venueToday } from '@venue/service-kit';
import { createBookingsService } from '../../../bookings/src/app.ts';
import { createMoneyService } from '../app.ts';
// @ts-expect-error plain JavaScript module of the launcher
import { buildPlan } from '../../../../scripts/lib/demo-seed-plan.mjs';
// @ts-expect-error plain JavaScript module of the launcher
import { DEMO_TENANT_IDS, postInternal } from '../../../../scripts/lib/demo-seed-history.mjs';
import {
  DEAD_URL,
  DEMO_ZONE,
  demoResources,
  introduceVenue,
  isolateServices,
} from '../../../../scripts/lib/demo-venues.ts';
import { addDays } from '../shared/settings.ts';

const ZONE = DEMO_ZONE;
const OWNER = DEMO_TENANT_IDS.owner as string;
const RESOURCES = demoResources('owner');

/** Last month at the venue (what the Export for accounting dialog offers first). */
const today = venueToday(new Date(), ZONE);
const TO = addDays(`${today.slice(0, 8)}01`, -1);
const FROM = `${TO.slice(0, 8)}01`;
const RANGE = `from=${FROM}&to=${TO}`;

function parse(text: string): string[][] {
  return text
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .slice(0, -1)
    .map((line) => [...line.matchAll(/"((?:[^"]|"")*)"/g)].map((m) => (m[1] ?? '').replace(/""/g, '"')));
}
const fixture = (name: string) =>
  readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8')
    .split(/\r?\n/)[0]!
    .split(',');
function cents(cell: string | undefined): number {
  const m = /^(-?)(\d+)\.(\d\d)$/.exec(cell ?? '');
  assert.ok(m, `an exact decimal amount, got ${cell}`);
  return (m[1] ? -1 : 1) * (Number(m[2]) * 100 + Number(m[3]));
}
const named = (header: string[], rows: string[][]) =>
  rows.filter((r) => r.length > 0).map((row) => Object.fromEntries(header.map((c, i) => [c, row[i] ?? ''])));

describe("the demo venue's last month in Xero and MYOB (issue 26)", () => {
  const svc: Record<string, TestService> = {};
  let sink: Awaited<ReturnType<typeof startEventSink>> | undefined;
  let token = '';
  let restoreEnv = () => {};

  const get = async (path: string) => {
    const res = await fetch(svc.money!.url + path, { headers: { authorization: `Bearer ${token}` } });
    const text = await res.text();
    assert.equal(res.status, 200, `${path}: ${text.slice(0, 300)}`);
    return text;
  };
  const json = async (path: string) => JSON.parse(await get(path));
  /** Every item of a paged money list. */
  async function all<T>(path: string): Promise<T[]> {
    const items: T[] = [];
    let cursor = '';
    for (;;) {
      const page = await json(`${path}${path.includes('?') ? '&' : '?'}limit=100${cursor}`);
      items.push(...page.items);
      if (!page.nextCursor) return items;
      cursor = `&cursor=${encodeURIComponent(page.nextCursor)}`;
    }
  }

  before(async () => {
    restoreEnv = isolateServices();
    const keys = await testKeys();
    svc.bookings = await startTestService(createBookingsService());
    svc.money = await startTestService({
      ...createMoneyService(),
      resolvePrincipal: async (id) => (id === OWNER ? makePrincipal({ userId: OWNER }) : null),
    });
    process.env.BOOKINGS_URL = svc.bookings.url;
    process.env.MONEY_URL = svc.money.url;
    // The subscribers not under test take every event, so none holds the others back.
    sink = await startEventSink(['admin', 'catalogue', 'comms', 'insights', 'gateway']);
    await introduceVenue(OWNER, RESOURCES, {
      settings: [svc.bookings, svc.money],
      resources: [svc.bookings],
    });
    const plan = buildPlan({
      key: 'owner',
      tenantId: OWNER,
      resources: RESOURCES,
      blocked: [],
      now: new Date(),
      timeZone: ZONE,
    });
    const services = {
      secret: process.env.INTERNAL_SECRET!,
      urls: { bookings: svc.bookings.url, money: svc.money.url, comms: DEAD_URL },
    };
    const path = `/internal/demo/history/${OWNER}`;
    await postInternal(services, 'bookings', path, { customers: plan.customers, bookings: plan.bookings });
    // money answers 503 until bookings' events have reached its booking copies
    await postInternal(services, 'money', path, {
      invoices: plan.invoices,
      bonds: plan.bonds,
      quotations: plan.quotations,
    });
    token = await keys.token({ sub: OWNER, role: 'hall_owner', tid: OWNER, pv: 1 });
  });

  after(async () => {
    await Promise.all(Object.values(svc).map((s) => s.close()));
    await sink?.close();
    restoreEnv();
  });

  it("sales files: the templates' columns, each invoice as on the Invoices screen, the month's total equal", async () => {
    const screen = (
      await all<{
        id: string;
        invoiceNumber: string | null;
        status: string;
        totalCents: number;
        gstCents: number;
      }>(`/api/invoices?${RANGE}`)
    ).filter((i) => i.status !== 'DRAFT' && i.status !== 'VOID');
    assert.ok(screen.length >= 5, `the demo month has invoices (${screen.length})`);
    const screenTotal = screen.reduce((s, i) => s + i.totalCents, 0);

    const xeroText = parse(await get(`/api/invoices/export/xero?${RANGE}`));
    assert.deepEqual(xeroText[0], fixture('xero-sales-invoice-template.csv'), 'Xero columns, one by one');
    const xero = named(xeroText[0]!, xeroText.slice(1));
    const myobText = parse(await get(`/api/invoices/export/myob?${RANGE}`));
    assert.deepEqual(myobText[0], fixture('myob-service-sales-import.csv'), 'MYOB columns, one by one');
    const myob = named(myobText[0]!, myobText.slice(1));

    for (const [rows, number, amount, tax] of [
      [
        xero,
        '*InvoiceNumber',
        (r: Record<string, string>) => Number(r['*Quantity']) * cents(r['*UnitAmount']),
        'TaxAmount',
      ],
      [myob, 'Invoice No.', (r: Record<string, string>) => cents(r.Amount), 'Tax Amount'],
    ] as const) {
      const invoices = rows.filter((r) => r[number]!.startsWith('INV-'));
      assert.deepEqual(
        [...new Set(invoices.map((r) => r[number]))].sort(),
        screen.map((i) => i.invoiceNumber).sort(),
        'the invoices issued in the month, by the numbers they were issued with',
      );
      for (const inv of screen) {
        const lines = invoices.filter((r) => r[number] === inv.invoiceNumber);
        assert.equal(
          lines.reduce((s, r) => s + amount(r), 0),
          inv.totalCents,
          `${inv.invoiceNumber} total`,
        );
        assert.equal(
          lines.reduce((s, r) => s + cents(r[tax]), 0),
          inv.gstCents,
          `${inv.invoiceNumber} GST`,
        );
      }
      assert.equal(
        invoices.reduce((s, r) => s + amount(r), 0),
        screenTotal,
        "the month's invoices add up to the Invoices screen's",
      );
      for (const r of rows.filter((x) => x[number]!.startsWith('CN-')))
        assert.ok(amount(r) < 0, 'credits negative');
    }

    // Xero's Total: each document's total incl. GST on every one of its lines, as the screen has it
    const totals = new Map<string, Set<string>>();
    for (const r of xero)
      totals.set(r['*InvoiceNumber']!, (totals.get(r['*InvoiceNumber']!) ?? new Set()).add(r.Total!));
    for (const [number, seen] of totals) assert.equal(seen.size, 1, `${number}: one Total on every line`);
    for (const inv of screen)
      assert.equal(
        cents([...totals.get(inv.invoiceNumber!)!][0]),
        inv.totalCents,
        `${inv.invoiceNumber} Total`,
      );
    assert.equal(
      screen.reduce((s, inv) => s + cents([...totals.get(inv.invoiceNumber!)!][0]), 0),
      screenTotal,
      "the month's Totals add up to the Invoices screen's",
    );
    for (const [number, seen] of totals)
      if (number.startsWith('CN-')) assert.ok(cents([...seen][0]) < 0, `${number}: a negative Total`);
  });

  it('payments files: the templates’ columns, adding up to the money recorded in the month', async () => {
    const inMonth = (at: string | null) =>
      at !== null && venueToday(new Date(at), ZONE) >= FROM && venueToday(new Date(at), ZONE) <= TO;
    const payments = await all<{ kind: string; amountCents: number; processedAt: string; invoiceId: string }>(
      '/api/payments',
    );
    const bondInvoices = new Set(
      (await all<{ id: string; type: string }>('/api/invoices?type=BOND')).map((i) => i.id),
    );
    const bonds = await all<{
      amountCents: number;
      refundedCents: number;
      receivedAt: string;
      settledAt: string | null;
    }>('/api/deposits/bonds');
    const expected =
      payments
        .filter((p) => inMonth(p.processedAt) && !bondInvoices.has(p.invoiceId))
        .reduce((s, p) => s + (p.kind === 'payment' ? p.amountCents : -p.amountCents), 0) +
      bonds.filter((b) => inMonth(b.receivedAt)).reduce((s, b) => s + b.amountCents, 0) -
      bonds.filter((b) => inMonth(b.settledAt)).reduce((s, b) => s + b.refundedCents, 0);
    assert.ok(
      payments.some((p) => inMonth(p.processedAt)),
      'the demo month has payments',
    );

    const xero = parse(await get(`/api/payments/export/xero?${RANGE}`));
    assert.deepEqual(xero[0], fixture('xero-bank-statement-template.csv'));
    assert.equal(
      named(xero[0]!, xero.slice(1)).reduce((s, r) => s + cents(r['*Amount']), 0),
      expected,
    );
    const myob = parse(await get(`/api/payments/export/myob?${RANGE}`));
    assert.deepEqual(myob[0], fixture('myob-customer-payments-import.csv'));
    assert.equal(
      named(myob[0]!, myob.slice(1)).reduce((s, r) => s + cents(r['Amount Applied']), 0),
      expected,
    );
  });
});
