/**
 * A quotation's deposit as the Deposits page's Quotations tab shows it (spec 03 §2.2, §4
 * "Deposit flag"): before acceptance the quotation's own flag; once accepted the booking's
 * DEPOSIT invoice (decision 33). The tab's order, search and filters, and the marks' refusals.
 */
import { gstSplit } from '@venue/contracts/money';
import {
  QUOTATION_DEPOSIT_MESSAGES as M,
  type DepositPageQuery,
  type QuotationDeposit,
} from '@venue/contracts/money-api';
import {
  conflict,
  type AppContext,
  type Expression,
  type ExpressionBuilder,
  type SqlBool,
  type Tx,
} from '@venue/service-kit';
import { dateText, db, type MoneyDb } from '../db/query.ts';
import type { InvoicesTable, QuotationsTable } from '../db/schema.ts';
import { likePattern, type ListOrder } from '../invoices/list-page.ts';
import { effectiveStatus, loadQuotation, type QuotationRow } from './quotation-row.ts';

export interface QuotationDepositRow extends QuotationRow {
  deposit_paid_at: Date | string | null;
  deposit_paid_method: QuotationDeposit['paymentMethod'];
  invoice_number: string | null;
  invoice_status: string | null;
  invoice_paid_at: Date | string | null;
}

// An accepted quotation's snapshot is what was quoted; the booking's deposit invoice says whether it is paid.
export function selectQuotationDeposits(tx: Tx) {
  return db(tx)
    .selectFrom('quotations as q')
    .leftJoin('invoices as d', (j) =>
      j
        .onRef('d.tenant_id', '=', 'q.tenant_id')
        .onRef('d.booking_id', '=', 'q.booking_id')
        .on('d.type', '=', 'DEPOSIT')
        .on('d.status', '<>', 'VOID'),
    )
    .select((eb) => [
      'q.tenant_id',
      'q.id',
      'q.number',
      'q.customer_name',
      'q.customer_email',
      'q.event_type',
      'q.resource_name',
      dateText(eb.ref('q.event_date')).as('event_date'),
      'q.start_time',
      'q.end_time',
      'q.total_cents',
      'q.tax_type',
      'q.tax_rate_bp',
      'q.deposit_type',
      'q.deposit_cents',
      'q.deposit_paid',
      'q.deposit_paid_at',
      'q.deposit_paid_method',
      dateText(eb.ref('q.valid_until')).as('valid_until'),
      'q.status',
      'q.booking_id',
      'q.accepted_snapshot',
      'q.created_at',
      'd.invoice_number',
      'd.status as invoice_status',
      'd.paid_at as invoice_paid_at',
    ])
    .$castTo<QuotationDepositRow>();
}

/** The tab's one order: newest quotation first, then the id, off quotations_deposit_idx. */
export const QUOTATION_DEPOSIT_ORDER: ListOrder = {
  sort: 'created',
  order: 'desc',
  keys: [
    { expr: 'q.created_at', type: 'timestamptz', index: 'DESC' },
    { expr: 'q.id', type: 'uuid', index: 'ASC' },
  ],
};

type Eb = ExpressionBuilder<
  MoneyDb & { q: QuotationsTable } & { d: { [K in keyof InvoicesTable]: InvoicesTable[K] | null } },
  'q' | 'd'
>;

/** Paid: an accepted quotation's deposit invoice is PAID; any other's own flag is set. */
export function quotationDepositPaid(eb: Eb) {
  return eb.or([
    // no invoice: false, never NULL (NOT of it is Unpaid)
    eb.and([eb('q.status', '=', 'Accepted'), eb('d.status', 'is not', null), eb('d.status', '=', 'PAID')]),
    eb.and([eb('q.status', '<>', 'Accepted'), eb('q.deposit_paid', '=', true)]),
  ]);
}

/**
 * Quotations with a deposit (the tenant stated), the screen's search (quotation id, customer,
 * e-mail, resource) and Paid/Unpaid: an accepted one's deposit is paid when the booking's deposit
 * invoice is, any other's by its own flag (toQuotationDeposit below).
 */
export function quotationDepositFilters(
  tenantId: string,
  q: Partial<Pick<DepositPageQuery, 'search' | 'paid'>>,
) {
  const text = q.search?.trim();
  return (eb: Eb): Expression<SqlBool>[] => {
    const where: Expression<SqlBool>[] = [eb('q.tenant_id', '=', tenantId), eb('q.deposit_cents', '>', 0)];
    const paid = quotationDepositPaid(eb);
    if (q.paid === 'Paid') where.push(paid);
    if (q.paid === 'Unpaid') where.push(eb.not(paid));
    if (text) {
      const like = likePattern(text);
      where.push(
        eb.or([
          eb(eb.cast('q.id', 'text'), 'like', like),
          eb(eb.fn('lower', ['q.number']), 'like', like),
          ...(['q.customer_name', 'q.customer_email', 'q.resource_name'] as const).map((c) =>
            eb(eb.fn('lower', [c]), 'like', like),
          ),
        ]),
      );
    }
    return where;
  };
}

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

export function toQuotationDeposit(r: QuotationDepositRow, day: string): QuotationDeposit {
  const status = effectiveStatus(r, day);
  const snap = r.status === 'Accepted' ? r.accepted_snapshot : null;
  // The GST-inclusive total as quoted (the snapshot's when accepted; else worked out as the list does).
  const total = snap
    ? Math.round(snap.totalInclGst * 100)
    : gstSplit(Number(r.total_cents), r.tax_type === 'Exclusive' ? 'exclusive' : 'inclusive', r.tax_rate_bp)
        .totalCents;
  const deposit = snap ? snap.depositCents : Number(r.deposit_cents);
  const accepted = r.status === 'Accepted';
  const paid = accepted ? r.invoice_status === 'PAID' : r.deposit_paid;
  const paidAt = accepted ? (paid ? iso(r.invoice_paid_at) : null) : iso(r.deposit_paid_at);
  return {
    quotationId: r.id,
    quotationNumber: r.number,
    hallOwnerId: r.tenant_id,
    customerName: snap?.customerName ?? r.customer_name,
    customerEmail: snap?.customerEmail ?? r.customer_email,
    eventType: snap?.eventType ?? r.event_type,
    eventDate: snap?.eventDate ?? r.event_date,
    startTime: snap?.startTime ?? r.start_time,
    endTime: snap?.endTime ?? r.end_time,
    // the row's name: a snapshot frozen before names came from the catalogue may hold the id
    resource: r.resource_name,
    quotationStatus: status,
    totalCents: total,
    depositCents: deposit,
    finalDueCents: Math.max(0, total - deposit),
    depositType: snap?.depositType ?? r.deposit_type,
    depositPaid: paid,
    paidAt,
    paymentMethod: accepted || !paid ? null : r.deposit_paid_method,
    status: paid ? 'Deposit Paid' : status,
    markable: r.status === 'Draft' || r.status === 'Sent',
    bookingId: r.booking_id,
    depositInvoiceNumber: r.invoice_number,
  };
}

export async function oneQuotationDeposit(
  tx: Tx,
  tenantId: string,
  id: string,
  day: string,
): Promise<QuotationDeposit> {
  const row = await selectQuotationDeposits(tx)
    .where('q.tenant_id', '=', tenantId)
    .where('q.id', '=', id)
    .executeTakeFirstOrThrow();
  return toQuotationDeposit(row, day);
}

/** Why a mark did not apply (the conditional update matched nothing): 404 or the right 409. */
export async function markRefusal(
  tx: Tx,
  tenantId: string,
  id: string | null,
  paying: boolean,
): Promise<never> {
  const row = await loadQuotation(tx, tenantId, id);
  if (Number(row.deposit_cents) <= 0) throw conflict(M.noDeposit);
  if (row.status === 'Accepted' || row.status === 'Accepting') throw conflict(M.accepted);
  if (row.status === 'Declined') throw conflict(M.declined);
  throw conflict(paying ? M.alreadyPaid : M.notPaid);
}

export async function auditQuotationDeposit(
  tx: Tx,
  ctx: AppContext,
  action: string,
  d: QuotationDeposit,
  info: string,
) {
  await tx.audit(ctx, {
    action,
    targetType: 'quotation',
    target: d.quotationNumber ?? d.quotationId,
    targetLabel: `${d.quotationNumber ? `Quotation ${d.quotationNumber}` : 'Draft quotation'} — ${d.customerName} · ${d.eventType} · ${d.eventDate}`,
    additionalInfo: info,
  });
}
