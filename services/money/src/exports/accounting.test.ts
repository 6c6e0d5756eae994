/**
 * Accounting exports (issue 26 item 4) with real money made through the API: invoices issued,
 * paid in part and in full, a draft and a void one, adjustment notes with and without a refund,
 * a bond held and one partly kept. The four files' headers equal the published templates' header
 * rows kept as fixtures (fixtures/README.md names their sources); every document reconciles (its
 * lines add up to the invoice total incl. GST, each line's GST is the money module's rounding of
 * it, adjustment notes negative); the totals equal the Invoices screen's for the range; the
 * payments files add up to the money recorded; another venue's rows never appear; bad ranges are
 * a 400 naming the field. On PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { gstOfInclusive } from '@venue/contracts';
import { venueToday } from '@venue/service-kit';
import { OWNER, OWNER2, SUB_DEPOSITS, SUB_INVOICES, startMoney, type Harness } from '../testing/harness.ts';
import { addDays } from '../shared/settings.ts';
import { paging } from './range-reading.ts';

let h: Harness;
const ZONE = 'Australia/Sydney';
const today = venueToday(new Date(), ZONE);
const FROM = addDays(today, -1);
const TO = addDays(today, 1);
const range = `from=${FROM}&to=${TO}`;

/** The file's records as cells (every cell is quoted; these fixtures hold no line breaks). */
function parse(text: string): string[][] {
  return text
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .slice(0, -1)
    .map((line) => [...line.matchAll(/"((?:[^"]|"")*)"/g)].map((m) => (m[1] ?? '').replace(/""/g, '"')));
}

/** A fixture's header row (the published template's, unquoted as the templates are written). */
function fixture(name: string): string[] {
  const text = readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
  return text.split(/\r?\n/)[0]!.split(',');
}

/** Cents of an exact decimal cell ("-12.50" → -1250). */
function cents(cell: string | undefined): number {
  const m = /^(-?)(\d+)\.(\d\d)$/.exec(cell ?? '');
  assert.ok(m, `an exact decimal amount, got ${cell}`);
  return (m[1] ? -1 : 1) * (Number(m[2]) * 100 + Number(m[3]));
}

async function file(path: string, as = OWNER) {
  const r = await h.call('GET', path, as);
  assert.equal(r.status, 200, r.text);
  assert.match(r.headers.get('content-type') ?? '', /^text\/csv/);
  const [header, ...rows] = parse(r.text);
  return { header: header!, rows, text: r.text, disposition: r.headers.get('content-disposition') };
}

/** Rows as objects by column name. */
const named = (header: string[], rows: string[][]) =>
  rows.map((row) => Object.fromEntries(header.map((col, i) => [col, row[i] ?? ''])));

interface Made {
  id: string;
  invoiceNumber: string;
  totalCents: number;
  gstCents: number;
}

const ok = async (method: string, path: string, body?: unknown, as = OWNER) => {
  const r = await h.call(method, path, as, body);
  assert.ok(r.status < 300, `${method} ${path}: ${r.status} ${r.text}`);
  return r.body;
};

/** A booking with its own code (the harness's all share one; a venue's never do). */
async function codedBooking(customerName: string, code: string) {
  const id = await h.booking('booking.created', { customerName, totalCents: 50_000 });
  await h.t.kit.db.systemTx((tx) =>
    tx.query('UPDATE booking_copy SET booking_code = $1 WHERE tenant_id = $2 AND booking_id = $3', [
      code,
      OWNER,
      id,
    ]),
  );
  return id;
}

async function issued(customerName: string, totalCents: number, as = OWNER): Promise<Made> {
  const bookingId = await h.booking('booking.created', { customerName, totalCents, hallOwnerId: as }, as);
  return ok('POST', '/api/invoices', { bookingId, invoiceType: 'FINAL', issue: true }, as);
}

let partPaid: Made;
let paidThenCredited: Made;
let hostile: Made;
let voided: Made;
let theirs: Made;
let creditPlain: { creditNoteNumber: string; amountCents: number; gstCents: number };
let creditRefund: { creditNoteNumber: string; amountCents: number; gstCents: number };
let keptInvoiceNumber: string;

// A suite of its own: its money starts before this file's tests and stops after them (decision 70).
describe('exports/accounting.test.ts', () => {
  before(async () => {
    h = await startMoney();
    partPaid = await issued('Priya Partial', 110_005);
    await ok('POST', `/api/invoices/${partPaid.id}/payments`, { amount: 500, paymentMethod: 'Cash' });
    creditPlain = (
      await ok('POST', `/api/invoices/${partPaid.id}/credit-notes`, {
        amount: 100.01,
        reason: 'Shorter hire',
      })
    ).creditNote;
    paidThenCredited = await issued('Sam Settled', 66_666);
    await ok('PUT', `/api/invoices/${paidThenCredited.id}/status`, { status: 'PAID', paymentMethod: 'Card' });
    creditRefund = (
      await ok('POST', `/api/invoices/${paidThenCredited.id}/credit-notes`, {
        amount: 50,
        reason: 'No projector',
        refund: { paymentMethod: 'Card', reference: 'RF-1' },
      })
    ).creditNote;
    hostile = await issued(`=cmd|' /C calc'!A0`, 12_345);
    const draftBooking = await h.booking('booking.created', {
      customerName: 'Dora Draft',
      totalCents: 20_000,
    });
    await ok('POST', '/api/invoices', { bookingId: draftBooking, invoiceType: 'FINAL' });
    voided = await issued('Vic Void', 30_000);
    await ok('PUT', `/api/invoices/${voided.id}/status`, { status: 'VOID', reason: 'Raised in error' });
    // a bond held, and one kept in part (its BOND tax invoice, GST on Income) with the rest returned
    const held = await codedBooking('Bea Bond', 'HH-2026-0101');
    await ok('POST', '/api/deposits/bonds', {
      bookingId: held,
      amount: 500,
      paymentMethod: 'Cash',
      reference: 'B1',
    });
    const keptBooking = await codedBooking('Ken Kept', 'HH-2026-0102');
    const bond = await ok('POST', '/api/deposits/bonds', {
      bookingId: keptBooking,
      amount: 300,
      paymentMethod: 'Bank Transfer',
    });
    const forfeited = await ok('POST', `/api/deposits/bonds/${bond.id}/forfeit`, {
      amount: 110.55,
      reason: 'Broken chair',
    });
    keptInvoiceNumber = (await ok('GET', `/api/invoices/${forfeited.forfeitInvoiceId}`)).invoiceNumber;
    theirs = await issued('Other Venue Customer', 99_900, OWNER2);
    await ok('POST', `/api/invoices/${theirs.id}/payments`, { amount: 10, paymentMethod: 'Cash' }, OWNER2);
  });
  after(() => h.close());

  /** The venue's issued invoices of the range as the Invoices screen lists them (all pages). */
  async function screenInvoices(as = OWNER) {
    const items: { invoiceNumber: string | null; status: string; totalCents: number; id: string }[] = [];
    let cursor = '';
    for (;;) {
      const page = await ok('GET', `/api/invoices?${range}&limit=100${cursor}`, undefined, as);
      items.push(...page.items);
      if (!page.nextCursor) break;
      cursor = `&cursor=${encodeURIComponent(page.nextCursor)}`;
    }
    return items.filter((i) => i.status !== 'DRAFT' && i.status !== 'VOID');
  }

  /** Groups rows by a document number column. */
  function byNumber(rows: Record<string, string>[], col: string) {
    const docs = new Map<string, Record<string, string>[]>();
    for (const r of rows) docs.set(r[col]!, [...(docs.get(r[col]!) ?? []), r]);
    return docs;
  }

  describe('Xero sales invoice import', () => {
    test('columns equal the template, file named by system and range', async () => {
      const f = await file(`/api/invoices/export/xero?${range}`);
      assert.deepEqual(f.header, fixture('xero-sales-invoice-template.csv'));
      assert.equal(f.header.length, 29, "the current template's 29 columns");
      assert.equal(f.header[f.header.indexOf('*DueDate') + 1], 'Total');
      assert.ok(
        f.rows.every((r) => r.length === 29),
        'every row has a cell for every column',
      );
      assert.equal(f.disposition, `attachment; filename="xero-invoices-${FROM}-to-${TO}.csv"`);
    });

    test('every issued invoice, as issued, adding up to its total incl. GST; drafts and void ones never', async () => {
      const f = await file(`/api/invoices/export/xero?${range}`);
      const docs = byNumber(named(f.header, f.rows), '*InvoiceNumber');
      const screen = await screenInvoices();
      const invoiceDocs = [...docs.keys()].filter((k) => k.startsWith('INV-'));
      assert.deepEqual(
        invoiceDocs.sort(),
        screen.map((i) => i.invoiceNumber!).sort(),
        'the issued invoices the Invoices screen lists for the range, by their numbers',
      );
      assert.ok(!invoiceDocs.includes(voided.invoiceNumber), 'a void invoice is left out');
      assert.ok(!f.text.includes('Dora Draft'), 'a draft is never exported');
      for (const [number, lines] of docs) {
        assert.equal(
          new Set(lines.map((l) => l['*ContactName'])).size,
          1,
          `${number} is one customer's document`,
        );
        // Total: the document's total incl. GST on each of its lines, the sum of the lines
        assert.equal(new Set(lines.map((l) => l.Total)).size, 1, `${number}: one Total on every line`);
        assert.equal(
          cents(lines[0]!.Total),
          lines.reduce((s, l) => s + Number(l['*Quantity']) * cents(l['*UnitAmount']), 0),
          `${number}: Total is the sum of its lines`,
        );
      }
      assert.ok(invoiceDocs.includes(keptInvoiceNumber), "the bond's kept part is a tax invoice");
      for (const inv of screen) {
        const detail = await ok('GET', `/api/invoices/${inv.id}`);
        const lines = docs.get(inv.invoiceNumber!)!;
        const sum = lines.reduce((s, l) => s + Number(l['*Quantity']) * cents(l['*UnitAmount']), 0);
        assert.equal(sum, detail.totalCents, `${inv.invoiceNumber}: lines add up to the total incl. GST`);
        assert.equal(cents(lines[0]!.Total), detail.totalCents, `${inv.invoiceNumber}: Total as issued`);
        assert.equal(
          lines.reduce((s, l) => s + cents(l.TaxAmount), 0),
          detail.gstCents,
          `${inv.invoiceNumber}: the GST of the tax invoice`,
        );
        for (const l of lines) {
          const lineTotal = Number(l['*Quantity']) * cents(l['*UnitAmount']);
          assert.equal(
            cents(l.TaxAmount),
            gstOfInclusive(lineTotal, detail.taxRateBp),
            'GST rounded as the money module',
          );
          assert.equal(l['*TaxType'], 'GST on Income');
          assert.equal(l['*AccountCode'], '200');
          const [y, m, d] = (detail.issueDate as string).split('-');
          assert.equal(l['*InvoiceDate'], `${d}/${m}/${y}`, "the issue day in the venue's DD/MM/YYYY");
        }
      }
      // totals equal the Invoices screen's for the range
      const fileTotal = invoiceDocs
        .flatMap((k) => docs.get(k)!)
        .reduce((s, l) => s + Number(l['*Quantity']) * cents(l['*UnitAmount']), 0);
      assert.equal(
        fileTotal,
        screen.reduce((s, i) => s + i.totalCents, 0),
      );
      // and so do the documents' Totals, one per invoice
      assert.equal(
        invoiceDocs.reduce((s, k) => s + cents(docs.get(k)![0]!.Total), 0),
        screen.reduce((s, i) => s + i.totalCents, 0),
      );
    });

    test('adjustment notes are credit notes: negative, GST taken back, the invoice as reference', async () => {
      const f = await file(`/api/invoices/export/xero?${range}`);
      const docs = byNumber(named(f.header, f.rows), '*InvoiceNumber');
      for (const [note, invoice] of [
        [creditPlain, partPaid],
        [creditRefund, paidThenCredited],
      ] as const) {
        const [line, ...more] = docs.get(note.creditNoteNumber) ?? [];
        assert.ok(line, `${note.creditNoteNumber} is in the file`);
        assert.equal(more.length, 0);
        assert.equal(line['*Quantity'], '1');
        assert.equal(cents(line['*UnitAmount']), -note.amountCents);
        assert.equal(cents(line.Total), -note.amountCents, 'a negative Total: a credit note');
        assert.equal(cents(line.TaxAmount), -gstOfInclusive(note.amountCents, 1000));
        assert.equal(cents(line.TaxAmount), -note.gstCents);
        assert.equal(line.Reference, invoice.invoiceNumber);
        assert.equal(line['*TaxType'], 'GST on Income');
      }
      assert.equal(
        docs.get(creditPlain.creditNoteNumber)![0]!['*UnitAmount'],
        '-100.01',
        'a negative number, not text',
      );
    });

    test('bonds held are GST Free Income, and their settlement a GST-free credit', async () => {
      const f = await file(`/api/invoices/export/xero?${range}&account=4000&bondAccount=2150`);
      const rows = named(f.header, f.rows);
      const bea = rows.filter((r) => r['*ContactName'] === 'Bea Bond');
      assert.equal(bea.length, 1);
      assert.equal(bea[0]!['*InvoiceNumber'], 'BOND-HH-2026-0101');
      assert.equal(bea[0]!['*TaxType'], 'GST Free Income');
      assert.equal(bea[0]!.TaxAmount, '0.00');
      assert.equal(bea[0]!['*UnitAmount'], '500.00');
      assert.equal(bea[0]!.Total, '500.00');
      assert.equal(bea[0]!['*AccountCode'], '2150');
      const ken = rows.filter((r) => r['*ContactName'] === 'Ken Kept');
      const held = ken.find(
        (r) => r['*InvoiceNumber']!.startsWith('BOND-') && !r['*InvoiceNumber']!.endsWith('-CR'),
      );
      const credit = ken.find((r) => r['*InvoiceNumber']!.endsWith('-CR'));
      const kept = ken.find((r) => r['*InvoiceNumber'] === keptInvoiceNumber);
      assert.equal(held?.['*UnitAmount'], '300.00');
      assert.equal(credit?.['*UnitAmount'], '-300.00');
      assert.equal(credit?.Total, '-300.00');
      assert.equal(credit?.['*TaxType'], 'GST Free Income');
      assert.equal(credit?.Reference, held?.['*InvoiceNumber']);
      assert.equal(kept?.['*UnitAmount'], '110.55');
      assert.equal(kept?.Total, '110.55');
      assert.equal(kept?.['*TaxType'], 'GST on Income');
      assert.equal(kept?.TaxAmount, '10.05');
      assert.equal(kept?.['*AccountCode'], '4000');
    });

    test('a formula in a name comes out as text', async () => {
      const f = await file(`/api/invoices/export/xero?${range}`);
      const row = named(f.header, f.rows).find((r) => r['*InvoiceNumber'] === hostile.invoiceNumber);
      assert.equal(row?.['*ContactName'], `'=cmd|' /C calc'!A0`);
    });

    test('read page by page by key: with pages of 2 every document is there once', async () => {
      const whole = (await file(`/api/invoices/export/xero?${range}`)).rows;
      const wholePayments = (await file(`/api/payments/export/xero?${range}`)).rows;
      paging.size = 2;
      try {
        const paged = (await file(`/api/invoices/export/xero?${range}`)).rows;
        assert.deepEqual(paged, whole);
        assert.deepEqual((await file(`/api/payments/export/xero?${range}`)).rows, wholePayments);
      } finally {
        paging.size = 500;
      }
      assert.ok(whole.length > 8, `enough rows to need several pages (${whole.length})`);
    });
  });

  describe('MYOB service sales import', () => {
    test('columns equal the import fields, sales GST-inclusive with GST and FRE tax codes', async () => {
      const f = await file(`/api/invoices/export/myob?${range}`);
      assert.deepEqual(f.header, fixture('myob-service-sales-import.csv'));
      assert.equal(f.disposition, `attachment; filename="myob-invoices-${FROM}-to-${TO}.csv"`);
      // each sale ends with a blank record, as MYOB's import separates sales
      const blank = f.rows.filter((r) => r.length === 0).length;
      assert.ok(
        f.rows.every((r) => r.length === 0 || r.length === f.header.length),
        'a cell for every column',
      );
      const rows = named(
        f.header,
        f.rows.filter((r) => r.length > 0),
      );
      const docs = byNumber(rows, 'Invoice No.');
      assert.equal(blank, docs.size);
      for (const inv of await screenInvoices()) {
        const detail = await ok('GET', `/api/invoices/${inv.id}`);
        const lines = docs.get(inv.invoiceNumber!)!;
        assert.equal(
          lines.reduce((s, l) => s + cents(l.Amount), 0),
          detail.totalCents,
          'Amount is GST-inclusive (Inclusive X)',
        );
        assert.equal(
          lines.reduce((s, l) => s + cents(l['Tax Amount']), 0),
          detail.gstCents,
        );
        for (const l of lines) {
          assert.equal(l['Tax Code'], 'GST');
          assert.equal(l.Inclusive, 'X');
          assert.equal(l['Account No.'], '4-1000');
        }
      }
      const note = docs.get(creditRefund.creditNoteNumber)![0]!;
      assert.equal(cents(note.Amount), -creditRefund.amountCents);
      assert.equal(cents(note['Tax Amount']), -creditRefund.gstCents);
      const bea = rows.find((r) => r['Co./Last Name'] === 'Bea Bond')!;
      assert.equal(bea['Tax Code'], 'FRE');
      assert.equal(bea['Tax Amount'], '0.00');
    });
  });

  describe('payments files', () => {
    /** What was recorded in the range: payments in, refunds and reversals out, bonds in and returned; a bond kept moved no money. */
    async function recorded(as = OWNER) {
      const payments = (await ok('GET', '/api/payments?limit=100', undefined, as)).items as {
        kind: string;
        amountCents: number;
        invoiceNumber: string | null;
      }[];
      const money = payments
        .filter((p) => p.invoiceNumber !== keptInvoiceNumber)
        .reduce((s, p) => s + (p.kind === 'payment' ? p.amountCents : -p.amountCents), 0);
      const bonds = (await ok('GET', '/api/deposits/bonds?limit=100', undefined, as)).items as {
        amountCents: number;
        refundedCents: number;
      }[];
      return money + bonds.reduce((s, b) => s + b.amountCents - b.refundedCents, 0);
    }

    test('Xero bank statement: the template columns, adding up to the money recorded', async () => {
      const f = await file(`/api/payments/export/xero?${range}`);
      assert.deepEqual(f.header, fixture('xero-bank-statement-template.csv'));
      assert.equal(f.disposition, `attachment; filename="xero-payments-${FROM}-to-${TO}.csv"`);
      assert.ok(f.rows.every((r) => r.length === f.header.length));
      const rows = named(f.header, f.rows);
      assert.equal(
        rows.reduce((s, r) => s + cents(r['*Amount']), 0),
        await recorded(),
      );
      assert.ok(!rows.some((r) => r.Reference === keptInvoiceNumber), 'the bond kept moved no money');
      const refund = rows.find(
        (r) => r.Reference === paidThenCredited.invoiceNumber && r['*Amount']!.startsWith('-'),
      );
      assert.equal(refund?.['*Amount'], '-50.00');
      assert.match(refund?.Description ?? '', new RegExp(creditRefund.creditNoteNumber));
      assert.ok(rows.some((r) => r.Reference === partPaid.invoiceNumber && r['*Amount'] === '500.00'));
    });

    test('MYOB customer payments: the import fields, adding up to the money recorded', async () => {
      const f = await file(`/api/payments/export/myob?${range}&bankAccount=1-1120`);
      assert.deepEqual(f.header, fixture('myob-customer-payments-import.csv'));
      assert.ok(f.rows.every((r) => r.length === f.header.length));
      const rows = named(f.header, f.rows);
      assert.equal(
        rows.reduce((s, r) => s + cents(r['Amount Applied']), 0),
        await recorded(),
      );
      assert.ok(rows.every((r) => r['Deposit Account No.'] === '1-1120'));
    });
  });

  describe('tenancy, permissions and bad ranges', () => {
    test("another venue's export has none of this venue's documents or money, and the other way round", async () => {
      const mine = (await file(`/api/invoices/export/xero?${range}`)).text;
      const theirsFile = await file(`/api/invoices/export/xero?${range}`, OWNER2);
      assert.ok(!mine.includes('Other Venue Customer'));
      const names = named(theirsFile.header, theirsFile.rows).map((r) => r['*ContactName']);
      assert.deepEqual(names, ['Other Venue Customer']);
      for (const who of ['Priya Partial', 'Sam Settled', 'Bea Bond', 'Ken Kept'])
        for (const path of ['invoices/export/myob', 'payments/export/xero', 'payments/export/myob'])
          assert.ok(!(await file(`/api/${path}?${range}`, OWNER2)).text.includes(who), `${path}: ${who}`);
      const theirPayments = named(
        ...(({ header, rows }) => [header, rows] as const)(
          await file(`/api/payments/export/xero?${range}`, OWNER2),
        ),
      );
      assert.deepEqual(
        theirPayments.map((r) => [r.Reference, r['*Amount']]),
        [[theirs.invoiceNumber, '10.00']],
      );
    });

    test('the invoices permission is needed', async () => {
      assert.equal((await h.call('GET', `/api/invoices/export/xero?${range}`, SUB_INVOICES)).status, 200);
      assert.equal((await h.call('GET', `/api/payments/export/myob?${range}`, SUB_INVOICES)).status, 200);
      assert.equal((await h.call('GET', `/api/invoices/export/xero?${range}`, SUB_DEPOSITS)).status, 403);
      assert.equal((await h.call('GET', `/api/payments/export/xero?${range}`, SUB_DEPOSITS)).status, 403);
    });

    test('a bad range is a 400 naming the field', async () => {
      const named400 = async (query: string, field: string) => {
        for (const path of ['/api/invoices/export/xero', '/api/payments/export/myob']) {
          const r = await h.call('GET', `${path}?${query}`, OWNER);
          assert.equal(r.status, 400, `${path}?${query}: ${r.text}`);
          assert.ok(
            (r.body.errors as { path: string }[]).some((e) => e.path === field),
            `${path}?${query} names ${field}: ${r.text}`,
          );
        }
      };
      await named400(`from=${TO}&to=${FROM}`, 'to');
      await named400('from=2026-02-30&to=2026-03-31', 'from');
      await named400('from=2026-01-01&to=2026-13-01', 'to');
      await named400('to=2026-03-31', 'from');
      await named400('from=2026-03-31', 'to');
      await named400('from=2025-01-01&to=2026-01-02', 'to');
      await named400(`${range}&from=2026-01-01`, 'from');
      const acct = await h.call('GET', `/api/invoices/export/xero?${range}&account=%3D1%2B1`, OWNER);
      assert.equal(acct.status, 400);
      assert.ok((acct.body.errors as { path: string }[]).some((e) => e.path === 'account'));
      // a whole leap year is one file
      assert.equal(
        (await h.call('GET', '/api/invoices/export/xero?from=2028-01-01&to=2028-12-31', OWNER)).status,
        200,
      );
    });
  });
});
