/** The Dashboard's Payments Due list (spec 01 §2): invoices and bonds owed, a page at a time. */
import { centsToDollars } from '@venue/contracts';
import type { PaymentDue } from '@venue/contracts/insights';
import { sql, type Tx } from '@venue/service-kit';
import { decodeCursor, encodeCursor, type KeysetKey } from '@venue/service-kit/paging';
import { db, resourceBookingIds } from '../db/query.ts';
import { addDays, dayStart } from './days.ts';
import type { ListInput } from './lists.ts';

/** How far ahead Payments Due lists what falls due ("Due Soon"). */
export const DUE_SOON_DAYS = 7;

/** Payments Due's order: the due day (venue), the invoice number or booking code, the row's key. */
const DUE_KEYS: readonly KeysetKey[] = [
  { expr: 'x.due', type: 'text', index: 'ASC' },
  { expr: 'x.invoice', type: 'text', index: 'ASC' },
  { expr: 'x.k', type: 'text', index: 'ASC' },
];
const DUE_SORT = 'due';

export interface DuePage {
  limit: number;
  cursor?: string | undefined;
}

/**
 * Invoices with something left to pay, due by `day` + 7 (DEPOSIT, FINAL and the BOND invoice of
 * a kept bond), and bonds a confirmed booking requires that are not on record, due on the
 * event's day. Overdue first, then by due date: an overdue item is due before `day`, so the due
 * day alone gives that order (then the invoice, then the row, for a stable keyset). Paged in
 * SQL (`limit` after `cursor`), so a tenant with thousands of open invoices answers one page.
 */
export async function paymentsDue(
  tx: Tx,
  input: ListInput,
  page: DuePage = { limit: 25 },
): Promise<{ payments: PaymentDue[]; nextCursor: string | null }> {
  const horizon = addDays(input.day, DUE_SOON_DAYS);
  const after = page.cursor ? decodeCursor(page.cursor, DUE_SORT, 'asc', DUE_KEYS) : null;
  const q = db(tx);
  const invoices = dueInvoices(tx, input, horizon, after, page.limit);
  const bonds = bondsNotHeld(tx, input, horizon);
  const rows = await q
    .selectFrom(
      q
        .selectFrom(invoices.as('xi'))
        .selectAll()
        .unionAll(q.selectFrom(bonds.as('xb')).selectAll())
        .as('x'),
    )
    .selectAll()
    .$if(after !== null, (w) =>
      // sql: a row comparison in byte order, as the order below (the builder's tuple has no COLLATE)
      w.where(
        sql<boolean>`(x.due COLLATE "C", x.invoice COLLATE "C", x.k COLLATE "C") > (${after![0]!}::text, ${after![1]!}::text, ${after![2]!}::text)`,
      ),
    )
    // sql: byte order, so the keyset's row comparison and the order agree on every collation
    .orderBy(sql`x.due COLLATE "C"`)
    .orderBy(sql`x.invoice COLLATE "C"`)
    .orderBy(sql`x.k COLLATE "C"`)
    .limit(page.limit + 1)
    .execute();
  const payments = rows.slice(0, page.limit).map((r) => toPaymentDue(r, input.day));
  const last = rows.length > page.limit ? rows[page.limit - 1] : undefined;
  return {
    payments,
    nextCursor: last ? encodeCursor(DUE_SORT, 'asc', [last.due, last.invoice, last.k]) : null,
  };
}

/** Invoices with something left to pay, due by `horizon`: the page's worth after `after`. */
function dueInvoices(tx: Tx, input: ListInput, horizon: string, after: string[] | null, limit: number) {
  const t = input.tenantId;
  return (
    db(tx)
      .selectFrom('invoices as i')
      .select((eb) => [
        eb.ref('i.id').$castTo<string | null>().as('id'),
        eb.fn.coalesce('i.invoice_number', eb.val('Draft')).as('invoice'),
        'i.customer_name as customer',
        'i.customer_email',
        eb.ref('i.type').$castTo<'DEPOSIT' | 'FINAL' | 'BOND'>().as('type'),
        'i.balance_cents as amount_cents',
        eb.cast<string>('i.due_date', 'text').as('due'),
        'i.booking_id',
        'i.booking_code',
        eb.cast<string>('i.id', 'text').as('k'),
      ])
      .where('i.tenant_id', '=', t)
      .where('i.status', 'in', ['SENT', 'PARTIAL', 'OVERDUE'])
      .where('i.balance_cents', '>', 0)
      .where('i.due_date', '<=', horizon)
      .$if(input.resourceId !== null, (w) =>
        w.where('i.booking_id', 'in', resourceBookingIds(tx, t, input.resourceId!)),
      )
      // The page is taken here already, in the order below, so the invoices are read in due order
      // through (tenant_id, due_date) and the read stops at the page's end: a venue with a backlog
      // of unpaid invoices read and sorted all of them on every Dashboard load. An ISO date's text
      // sorts as the date, so the index's order is the answer's.
      .$if(after !== null, (w) =>
        w
          .where('i.due_date', '>=', after![0]!)
          // sql: the keyset's row comparison in byte order (the builder's tuple has no COLLATE)
          .where(
            sql<boolean>`(i.due_date::text COLLATE "C", coalesce(i.invoice_number, 'Draft') COLLATE "C", i.id::text COLLATE "C") > (${after![0]!}::text, ${after![1]!}::text, ${after![2]!}::text)`,
          ),
      )
      .orderBy('i.due_date')
      // sql: byte order, as the keyset's
      .orderBy(sql`coalesce(i.invoice_number, 'Draft') COLLATE "C"`)
      // sql: byte order, as the keyset's
      .orderBy(sql`i.id::text COLLATE "C"`)
      .limit(limit + 1)
  );
}

/**
 * Bonds a confirmed booking from `input.day` to `horizon` requires that are not on record, due
 * on the event's day.
 */
function bondsNotHeld(tx: Tx, input: ListInput, horizon: string) {
  const t = input.tenantId;
  return db(tx)
    .selectFrom('bookings as b')
    .select((eb) => [
      eb.cast<string | null>(eb.lit(null), 'uuid').as('id'),
      'b.booking_code as invoice',
      'b.customer_name as customer',
      'b.customer_email',
      eb.cast<'DEPOSIT' | 'FINAL' | 'BOND'>(eb.val('BOND'), 'text').as('type'),
      'b.bond_cents as amount_cents',
      // A bond is due on the event's day at the venue.
      // sql: the event's venue day as YYYY-MM-DD (AT TIME ZONE has no builder form)
      sql<string>`to_char(b.starts_at AT TIME ZONE ${input.zone}, 'YYYY-MM-DD')`.as('due'),
      eb.ref('b.id').$castTo<string | null>().as('booking_id'),
      'b.booking_code',
      // sql: a key that cannot meet an invoice's id
      sql<string>`'bond:' || b.id::text`.as('k'),
    ])
    .where('b.tenant_id', '=', t)
    .where('b.status', '=', 'confirmed')
    .where('b.bond_required', '=', true)
    .where('b.bond_cents', '>', 0)
    .where('b.bond_paid', '=', false)
    .where('b.starts_at', '>=', dayStart(input.day, input.zone))
    .where('b.starts_at', '<', dayStart(addDays(horizon, 1), input.zone))
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('bonds as d')
            .select(eb.lit(1).as('one'))
            .where('d.tenant_id', '=', t)
            .whereRef('d.booking_id', '=', 'b.id'),
        ),
      ),
    )
    .$if(input.resourceId !== null, (w) => w.where('b.resource_id', '=', input.resourceId!));
}

/** A row of Payments Due as the Dashboard shows it on `day`. */
function toPaymentDue(
  r: {
    id: string | null;
    invoice: string;
    customer: string;
    customer_email: string;
    type: PaymentDue['type'];
    amount_cents: number | string;
    due: string;
    booking_id: string | null;
    booking_code: string | null;
  },
  day: string,
): PaymentDue {
  const due = r.due.slice(0, 10);
  const daysOverdue = Math.max(
    0,
    Math.round((Date.parse(`${day}T00:00:00Z`) - Date.parse(`${due}T00:00:00Z`)) / 86_400_000),
  );
  const cents = Number(r.amount_cents);
  return {
    invoice: r.invoice,
    invoiceId: r.id,
    customer: r.customer,
    customerEmail: r.customer_email,
    type: r.type,
    amountCents: cents,
    amountAud: centsToDollars(cents),
    dueDate: due,
    status: due < day ? 'Overdue' : due === day ? 'Due Today' : 'Due Soon',
    daysOverdue,
    bookingId: r.booking_id,
    bookingCode: r.booking_code,
  };
}
