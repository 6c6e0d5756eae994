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
 * 44), never worked out again here. *
 * Here the documents' shapes, invoices, adjustment notes and payments; the paging is in
 * range-reading.ts and the bonds in bond-documents.ts.
 */
import type { InvoiceLine, PaymentMethod } from '@venue/contracts/money-api';
import { keysetAfterCursor, keysetColumns, keysetOrder, sql, type Tx } from '@venue/service-kit';
import type { KeysetKey } from '@venue/service-kit/paging';
import { dateText, db } from '../db/query.ts';
import { INVOICE_SORT_KEYS, dayNumber } from '../invoices/list-page.ts';
import { bondDocs, bondMovements } from './bond-documents.ts';
import { dayAt, instants, n, pages, paging, type Range } from './range-reading.ts';

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
  yield* bondMovements(tx, r);
}
