/**
 * What the accounting files say, read page by page by key (issue 26 item 4): the documents of a
 * range of venue days (invoices issued, adjustment notes, bonds held and settled) and the money
 * that moved in it (payments, refunds, reversals, bonds received and returned). Each reader walks
 * a tenant index in key order `paging.size` rows at a time, so a long range never loads a table at once:
 * - invoices by (issue day, created, id) on invoices_page_issue_idx, bounded to the range's days;
 * - adjustment notes by number (credit_notes_number_key), filtered to the range's days;
 * - bonds by (created, id) on bonds_list_idx, filtered to those received or settled in the range;
 * - payments by (recorded, id) on payments_list_idx, bounded to the range's instants.
 * Figures are the stored integer cents: each line's GST is what its tax invoice states (decision
 * 44), never worked out again here.
 */
import type { InvoiceLine, PaymentMethod } from '@venue/contracts/money-api';
import {
  keysetAfterCursor,
  keysetColumns,
  keysetOrder,
  sql,
  zonedInstant,
  type Tx,
} from '@venue/service-kit';
import type { KeysetKey } from '@venue/service-kit/paging';
import { dateText, db } from '../db/query.ts';
import { INVOICE_SORT_KEYS, dayNumber } from '../invoices/list-page.ts';
import { addDays } from '../shared/settings.ts';

/** Rows read per query (a test lowers it to walk many pages with few rows). */
export const paging = { size: 500 };

export interface DocLine {
  description: string;
  quantity: number;
  /** GST-inclusive, signed (negative on a credit). */
  unitCents: number;
  totalCents: number;
  gstCents: number;
  /** GST on Income (true) or GST Free Income (a bond held). */
  taxable: boolean;
  /** A bond's line goes to the bond account. */
  bond: boolean;
}

export interface SalesDoc {
  kind: 'invoice' | 'credit' | 'bond' | 'bondCredit';
  number: string;
  reference: string;
  customerName: string;
  customerEmail: string;
  /** Venue days, yyyy-MM-dd. */
  date: string;
  dueDate: string;
  lines: DocLine[];
  /** Invoice total incl. GST (signed): the sum of the lines. */
  totalCents: number;
  gstCents: number;
}

export interface Movement {
  /** The venue's day it was recorded. */
  date: string;
  /** Signed: money in positive, money paid back negative. */
  amountCents: number;
  payee: string;
  /** The document it settles (invoice number or BOND-…). */
  number: string;
  description: string;
  method: PaymentMethod;
  receipt: string;
}

export interface Range {
  tenantId: string;
  from: string;
  to: string;
  zone: string;
}

/** The instants the range's venue days start and end (the midnight after `to`). */
function instants(r: Range): { start: Date; end: Date } {
  return {
    start: zonedInstant(r.from, '00:00', r.zone),
    end: zonedInstant(addDays(r.to, 1), '00:00', r.zone),
  };
}

/** The venue's day of an instant. */
function dayAt(at: Date | string, zone: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(at));
}

type Keyed = Record<string, unknown>;

/** Every page of a keyset read: `read(after)` answers up to paging.size + 1 rows after the cursor values. */
async function* pages<R extends Keyed>(
  keys: readonly KeysetKey[],
  read: (after: string[] | null) => Promise<R[]>,
): AsyncGenerator<R[]> {
  let after: string[] | null = null;
  for (;;) {
    const rows = await read(after);
    const page = rows.slice(0, paging.size);
    if (page.length) yield page;
    if (rows.length <= paging.size) return;
    const last = page[page.length - 1]!;
    after = keys.map((_, i) => String(last[`cursor_k${i}`]));
  }
}

const n = (v: number | string | null | undefined): number => Number(v ?? 0);
const bondNumber = (code: string | null, bookingId: string) => `BOND-${code || bookingId.slice(0, 8)}`;

/** Issued invoices of the range (not drafts, which have no issue day; not void ones). */
export async function* invoiceDocs(tx: Tx, r: Range): AsyncGenerator<SalesDoc[]> {
  const keys = INVOICE_SORT_KEYS.issueDate;
  const from = dayNumber(r.from);
  const to = dayNumber(r.to);
  for await (const rows of pages(keys, (after) =>
    db(tx)
      .selectFrom('invoices as i')
      .select((eb) => [
        'i.invoice_number',
        'i.status',
        'i.type',
        'i.booking_code',
        'i.customer_name',
        'i.customer_email',
        dateText(eb.ref('i.issue_date')).as('issue_date'),
        dateText(eb.ref('i.due_date')).as('due_date'),
        'i.line_items',
        'i.total_cents',
        'i.gst_cents',
        ...keysetColumns(keys),
      ])
      .where('i.tenant_id', '=', r.tenantId)
      // sql: migration 050's stored day number (not in MoneyDb's typed columns), the range's days
      .where(sql<boolean>`i.list_issue_key >= ${from}`)
      // sql: as above
      .where(sql<boolean>`i.list_issue_key <= ${to}`)
      .where('i.status', '<>', 'VOID')
      .$if(after !== null, (qb) => qb.where(keysetAfterCursor(keys, 'asc', after!)))
      .orderBy(keysetOrder(keys, 'asc'))
      .limit(paging.size + 1)
      .execute(),
  )) {
    yield rows.map((i): SalesDoc => {
      const lines = (i.line_items as InvoiceLine[]).map((l): DocLine => ({
        description: l.description,
        quantity: l.quantity,
        unitCents: l.unitAmountCents,
        totalCents: l.totalCents,
        gstCents: l.gstCents,
        taxable: l.taxable,
        bond: false,
      }));
      return {
        kind: 'invoice',
        number: i.invoice_number ?? '',
        reference: i.booking_code ?? '',
        customerName: i.customer_name,
        customerEmail: i.customer_email,
        date: i.issue_date,
        dueDate: i.due_date,
        lines,
        totalCents: n(i.total_cents),
        gstCents: n(i.gst_cents),
      };
    });
  }
}

/** Adjustment notes issued in the range, as negative documents naming their invoice. */
export async function* creditNoteDocs(tx: Tx, r: Range): AsyncGenerator<SalesDoc[]> {
  const keys: KeysetKey[] = [{ expr: 'c.credit_note_number', type: 'text', index: 'ASC' }];
  for await (const rows of pages(keys, (after) =>
    db(tx)
      .selectFrom('credit_notes as c')
      .innerJoin('invoices as i', (j) =>
        j.onRef('i.tenant_id', '=', 'c.tenant_id').onRef('i.id', '=', 'c.invoice_id'),
      )
      .select((eb) => [
        'c.credit_note_number',
        'c.reason',
        'c.amount_cents',
        'c.gst_cents',
        dateText(eb.ref('c.issue_date')).as('issue_date'),
        'i.invoice_number',
        'i.customer_name',
        'i.customer_email',
        ...keysetColumns(keys),
      ])
      .where('c.tenant_id', '=', r.tenantId)
      .where('c.issue_date', '>=', r.from)
      .where('c.issue_date', '<=', r.to)
      .$if(after !== null, (qb) => qb.where(keysetAfterCursor(keys, 'asc', after!)))
      .orderBy(keysetOrder(keys, 'asc'))
      .limit(paging.size + 1)
      .execute(),
  )) {
    yield rows.map((c): SalesDoc => {
      const amount = n(c.amount_cents);
      const gst = n(c.gst_cents);
      return {
        kind: 'credit',
        number: c.credit_note_number,
        reference: c.invoice_number ?? '',
        customerName: c.customer_name,
        customerEmail: c.customer_email,
        date: c.issue_date,
        dueDate: c.issue_date,
        lines: [
          {
            description: `Adjustment note for ${c.invoice_number ?? 'invoice'}: ${c.reason}`,
            quantity: 1,
            unitCents: -amount,
            totalCents: -amount,
            gstCents: -gst,
            // the GST it takes back is the invoice's: GST on Income (0 when the invoice had none)
            taxable: true,
            bond: false,
          },
        ],
        totalCents: -amount,
        gstCents: -gst,
      };
    });
  }
}

const BOND_KEYS: KeysetKey[] = [
  { expr: 'o.created_at', type: 'timestamptz', index: 'DESC' },
  { expr: 'o.id', type: 'uuid', index: 'ASC' },
];

/** The venue's bonds received or settled in the range, with their booking's code and customer. */
async function* bondRows(tx: Tx, r: Range) {
  const { start, end } = instants(r);
  yield* pages(BOND_KEYS, (after) =>
    db(tx)
      .selectFrom('bonds as o')
      .leftJoin('booking_copy as b', (j) =>
        j.onRef('b.tenant_id', '=', 'o.tenant_id').onRef('b.booking_id', '=', 'o.booking_id'),
      )
      .leftJoin('invoices as f', (j) =>
        j.onRef('f.tenant_id', '=', 'o.tenant_id').onRef('f.id', '=', 'o.forfeit_invoice_id'),
      )
      .select([
        'o.booking_id',
        'o.status',
        'o.amount_cents',
        'o.refunded_cents',
        'o.forfeited_cents',
        'o.forfeit_reason',
        'o.payment_method',
        'o.reference',
        'o.received_at',
        'o.settled_at',
        'b.booking_code',
        'b.customer_name',
        'b.customer_email',
        'f.invoice_number as forfeit_number',
        ...keysetColumns(BOND_KEYS),
      ])
      .where('o.tenant_id', '=', r.tenantId)
      .where((eb) =>
        eb.or([
          eb.and([eb('o.received_at', '>=', start), eb('o.received_at', '<', end)]),
          eb.and([eb('o.settled_at', '>=', start), eb('o.settled_at', '<', end)]),
        ]),
      )
      .$if(after !== null, (qb) => qb.where(keysetAfterCursor(BOND_KEYS, 'asc', after!)))
      .orderBy(keysetOrder(BOND_KEYS, 'asc'))
      .limit(paging.size + 1)
      .execute(),
  );
}

const within = (at: Date | string | null, r: Range, s: { start: Date; end: Date }) =>
  at !== null && new Date(at) >= s.start && new Date(at) < s.end;

/**
 * A bond held is the customer's money, not a supply: a GST-free document when received and a
 * GST-free credit for the whole of it when settled (returned, kept or both). The part kept is
 * its own BOND tax invoice (GST on Income), among the invoices.
 */
export async function* bondDocs(tx: Tx, r: Range): AsyncGenerator<SalesDoc[]> {
  const s = instants(r);
  for await (const rows of bondRows(tx, r)) {
    const docs: SalesDoc[] = [];
    for (const o of rows) {
      const number = bondNumber(o.booking_code, o.booking_id);
      const who = { customerName: o.customer_name ?? '', customerEmail: o.customer_email ?? '' };
      const amount = n(o.amount_cents);
      if (within(o.received_at, r, s)) {
        const day = dayAt(o.received_at, r.zone);
        docs.push({
          kind: 'bond',
          number,
          reference: o.booking_code ?? '',
          ...who,
          date: day,
          dueDate: day,
          lines: [
            {
              description: `Bond held for booking ${o.booking_code ?? o.booking_id}`,
              quantity: 1,
              unitCents: amount,
              totalCents: amount,
              gstCents: 0,
              taxable: false,
              bond: true,
            },
          ],
          totalCents: amount,
          gstCents: 0,
        });
      }
      if (o.status !== 'HELD' && within(o.settled_at, r, s)) {
        const day = dayAt(o.settled_at!, r.zone);
        const settled = n(o.refunded_cents) + n(o.forfeited_cents);
        const kept = n(o.forfeited_cents);
        const what =
          kept === 0
            ? 'returned'
            : `${n(o.refunded_cents) > 0 ? 'partly returned, partly ' : ''}kept (${o.forfeit_number ?? 'BOND invoice'}: ${o.forfeit_reason ?? ''})`;
        docs.push({
          kind: 'bondCredit',
          number: `${number}-CR`,
          reference: number,
          ...who,
          date: day,
          dueDate: day,
          lines: [
            {
              description: `Bond for booking ${o.booking_code ?? o.booking_id} ${what}`,
              quantity: 1,
              unitCents: -settled,
              totalCents: -settled,
              gstCents: 0,
              taxable: false,
              bond: true,
            },
          ],
          totalCents: -settled,
          gstCents: 0,
        });
      }
    }
    if (docs.length) yield docs;
  }
}

/** Every sales document of the range: invoices, adjustment notes, then bonds. */
export async function* salesDocs(tx: Tx, r: Range): AsyncGenerator<SalesDoc[]> {
  yield* invoiceDocs(tx, r);
  yield* creditNoteDocs(tx, r);
  yield* bondDocs(tx, r);
}

const PAYMENT_KEYS: KeysetKey[] = [
  { expr: 'p.processed_at', type: 'timestamptz', index: 'DESC' },
  { expr: 'p.id', type: 'uuid', index: 'ASC' },
];

/**
 * The money of the range: payments in, refunds and reversals out (negative), bonds received and
 * returned. A payment of a BOND invoice is the bond kept: no money moved, so it is left out
 * (the bond's credit settles that invoice in the books).
 */
export async function* movements(tx: Tx, r: Range): AsyncGenerator<Movement[]> {
  const s = instants(r);
  for await (const rows of pages(PAYMENT_KEYS, (after) =>
    db(tx)
      .selectFrom('payments as p')
      .innerJoin('invoices as i', (j) =>
        j.onRef('i.tenant_id', '=', 'p.tenant_id').onRef('i.id', '=', 'p.invoice_id'),
      )
      .leftJoin('credit_notes as c', (j) =>
        j.onRef('c.tenant_id', '=', 'p.tenant_id').onRef('c.id', '=', 'p.credit_note_id'),
      )
      .select([
        'p.kind',
        'p.amount_cents',
        'p.payment_method',
        'p.reference',
        'p.receipt_number',
        'p.processed_at',
        'i.invoice_number',
        'i.customer_name',
        'c.credit_note_number',
        ...keysetColumns(PAYMENT_KEYS),
      ])
      .where('p.tenant_id', '=', r.tenantId)
      .where('p.processed_at', '>=', s.start)
      .where('p.processed_at', '<', s.end)
      .where('i.type', '<>', 'BOND')
      .$if(after !== null, (qb) => qb.where(keysetAfterCursor(PAYMENT_KEYS, 'asc', after!)))
      .orderBy(keysetOrder(PAYMENT_KEYS, 'asc'))
      .limit(paging.size + 1)
      .execute(),
  )) {
    yield rows.map((p): Movement => {
      const amount = n(p.amount_cents);
      const what =
        p.kind === 'payment'
          ? `Payment ${p.receipt_number}`
          : p.kind === 'refund'
            ? `Refund ${p.receipt_number} with ${p.credit_note_number ?? 'an adjustment note'}`
            : `Reversal ${p.receipt_number} (marked unpaid)`;
      return {
        date: dayAt(p.processed_at, r.zone),
        amountCents: p.kind === 'payment' ? amount : -amount,
        payee: p.customer_name,
        number: p.invoice_number ?? '',
        description: p.reference ? `${what}: ${p.reference}` : what,
        method: p.payment_method,
        receipt: p.receipt_number,
      };
    });
  }
  for await (const rows of bondRows(tx, r)) {
    const out: Movement[] = [];
    for (const o of rows) {
      const number = bondNumber(o.booking_code, o.booking_id);
      if (within(o.received_at, r, s))
        out.push({
          date: dayAt(o.received_at, r.zone),
          amountCents: n(o.amount_cents),
          payee: o.customer_name ?? '',
          number,
          description: `Bond received${o.reference ? `: ${o.reference}` : ''}`,
          method: o.payment_method,
          receipt: number,
        });
      if (n(o.refunded_cents) > 0 && within(o.settled_at, r, s))
        out.push({
          date: dayAt(o.settled_at!, r.zone),
          amountCents: -n(o.refunded_cents),
          payee: o.customer_name ?? '',
          number: `${number}-CR`,
          description: 'Bond returned',
          method: o.payment_method,
          receipt: `${number}-CR`,
        });
    }
    if (out.length) yield out;
  }
}
