/**
 * A booking's deposit as the Deposits page shows it (spec 03 §2.2): the booking copy with its
 * DEPOSIT invoice (paid when that invoice is: one writer, decision 32), the tab's order, search
 * and Paid/Unpaid filter.
 */
import type { DepositPageQuery, Deposit } from '@venue/contracts/money-api';
import type { Expression, ExpressionBuilder, SqlBool, Tx } from '@venue/service-kit';
import { dateText, db, type MoneyDb } from '../db/query.ts';
import type { BookingCopyTable, InvoicesTable } from '../db/schema.ts';
import { likePattern, type ListOrder } from '../invoices/list-page.ts';

/** A left-joined table's columns, each nullable (as Kysely types them). */
type Nullable<T> = { [K in keyof T]: T[K] | null };

/**
 * The booking copies with their deposit invoice (the non-void DEPOSIT one) and its last
 * standing payment; the caller states the tenant and which bookings.
 */
export function selectDeposits(tx: Tx) {
  return db(tx)
    .selectFrom('booking_copy as b')
    .leftJoin('invoices as d', (j) =>
      j
        .onRef('d.tenant_id', '=', 'b.tenant_id')
        .onRef('d.booking_id', '=', 'b.booking_id')
        .on('d.type', '=', 'DEPOSIT')
        .on('d.status', '<>', 'VOID'),
    )
    .select((eb) => [
      'b.tenant_id',
      'b.booking_id',
      'b.booking_code',
      'b.status',
      'b.customer_name',
      'b.customer_email',
      'b.event_type',
      dateText(eb.ref('b.booking_date')).as('booking_date'),
      'b.start_time',
      'b.end_time',
      'b.resource_name',
      'b.total_cents',
      'b.price_cents',
      'b.deposit_cents',
      'b.deposit_type',
      'd.id as invoice_id',
      'd.invoice_number',
      'd.status as invoice_status',
      eb('d.total_cents', '-', eb.ref('d.credited_cents')).as('invoice_deposit_cents'),
      'd.paid_at',
      eb
        .selectFrom('payments as p')
        .select('p.id')
        .whereRef('p.tenant_id', '=', 'd.tenant_id')
        .whereRef('p.invoice_id', '=', 'd.id')
        .where('p.kind', '=', 'payment')
        .where('p.reversed_at', 'is', null)
        .orderBy('p.processed_at', 'desc')
        .limit(1)
        .as('last_payment_id'),
    ]);
}

export type DepositRow = Awaited<ReturnType<ReturnType<typeof selectDeposits>['executeTakeFirstOrThrow']>>;

export function toDeposit(r: DepositRow): Deposit {
  const total = Number(r.total_cents ?? r.price_cents);
  const deposit = Number(r.invoice_deposit_cents ?? r.deposit_cents ?? 0);
  const paid = r.invoice_status === 'PAID';
  return {
    bookingId: r.booking_id,
    hallOwnerId: r.tenant_id,
    bookingCode: r.booking_code,
    customerName: r.customer_name,
    customerEmail: r.customer_email,
    eventType: r.event_type,
    eventDate: r.booking_date,
    startTime: r.start_time,
    endTime: r.end_time,
    resource: r.resource_name,
    bookingStatus: r.status,
    totalCents: total,
    depositCents: deposit,
    finalDueCents: Math.max(0, total - deposit),
    total: total / 100,
    deposit: deposit / 100,
    finalDue: Math.max(0, total - deposit) / 100,
    depositType: r.deposit_type,
    depositPaid: paid,
    paidAt: paid && r.paid_at ? new Date(r.paid_at).toISOString() : null,
    status: paid ? 'Paid' : 'Unpaid',
    depositInvoiceId: r.invoice_id,
    depositInvoiceNumber: r.invoice_number,
    lastPaymentId: r.last_payment_id,
  };
}

export async function depositOf(tx: Tx, tenantId: string, bookingId: string): Promise<Deposit> {
  const row = await selectDeposits(tx)
    .where('b.tenant_id', '=', tenantId)
    .where('b.booking_id', '=', bookingId)
    .executeTakeFirstOrThrow();
  return toDeposit(row);
}

/**
 * The booking tab's one order: latest event day first, then the booking id, off
 * booking_copy_deposits_idx (migration 050: the day as a stored day number, the status an equality).
 */
export const DEPOSIT_ORDER: ListOrder = {
  sort: 'eventDate',
  order: 'desc',
  keys: [
    { expr: 'b.list_day_key', type: 'bigint', index: 'DESC' },
    { expr: 'b.booking_id', type: 'uuid', index: 'ASC' },
  ],
};

type DepositEb = ExpressionBuilder<
  MoneyDb & { b: BookingCopyTable } & { d: Nullable<InvoicesTable> },
  'b' | 'd'
>;

/** Paid: the deposit invoice is PAID (one writer, decision 32); unpaid: no such invoice, or not PAID. */
export const depositPaid = (eb: DepositEb) => eb('d.status', '=', 'PAID');
export const depositUnpaid = (eb: DepositEb) =>
  eb.or([eb('d.status', 'is', null), eb('d.status', '<>', 'PAID')]);

/**
 * The tab's rows (confirmed bookings with figures, the tenant stated) and the screen's search
 * (booking code, customer, e-mail, resource) and Paid/Unpaid filter (the deposit invoice's status).
 */
export function depositFilters(tenantId: string, q: Partial<Pick<DepositPageQuery, 'search' | 'paid'>>) {
  const text = q.search?.trim();
  return (eb: DepositEb): Expression<SqlBool>[] => {
    const where: Expression<SqlBool>[] = [
      eb('b.tenant_id', '=', tenantId),
      eb('b.status', '=', 'confirmed'),
      eb('b.total_cents', 'is not', null),
    ];
    if (q.paid === 'Paid') where.push(depositPaid(eb));
    if (q.paid === 'Unpaid') where.push(depositUnpaid(eb));
    if (text) {
      const like = likePattern(text);
      where.push(
        eb.or(
          (['b.booking_code', 'b.customer_name', 'b.customer_email', 'b.resource_name'] as const).map((c) =>
            eb(eb.fn('lower', [c]), 'like', like),
          ),
        ),
      );
    }
    return where;
  };
}
