/**
 * Bonds (issue 13): money held against damage. Held and refunded without GST; a part kept
 * (forfeited, with a reason) becomes a GST-bearing BOND tax invoice, already paid from the bond,
 * and the rest goes back. Here: the bond's row as the calls read, answer and audit it.
 */
import type { Bond, BondStatus, PaymentMethod } from '@venue/contracts/money-api';
import { notFound, type AppContext, type Tx } from '@venue/service-kit';
import { db } from '../db/query.ts';
import { formatCents } from '../shared/format.ts';

export interface BondRow {
  tenant_id: string;
  id: string;
  booking_id: string;
  status: BondStatus;
  amount_cents: number | string;
  payment_method: PaymentMethod;
  reference: string;
  received_at: Date | string;
  refunded_cents: number | string;
  forfeited_cents: number | string;
  forfeited_gst_cents: number | string;
  forfeit_reason: string | null;
  forfeit_invoice_id: string | null;
  settled_at: Date | string | null;
  created_at: Date | string;
  updated_at: Date | string;
  booking_code: string | null;
  customer_name: string | null;
}

/** Bonds with their booking's code and customer (the join states the tenant on both sides). */
export function selectBonds(tx: Tx) {
  return db(tx)
    .selectFrom('bonds as o')
    .leftJoin('booking_copy as b', (j) =>
      j.onRef('b.tenant_id', '=', 'o.tenant_id').onRef('b.booking_id', '=', 'o.booking_id'),
    )
    .selectAll('o')
    .select(['b.booking_code', 'b.customer_name']);
}

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

export function toBond(r: BondRow): Bond {
  return {
    id: r.id,
    hallOwnerId: r.tenant_id,
    bookingId: r.booking_id,
    bookingCode: r.booking_code,
    customerName: r.customer_name ?? '',
    status: r.status,
    amountCents: Number(r.amount_cents),
    amount: Number(r.amount_cents) / 100,
    paymentMethod: r.payment_method,
    reference: r.reference,
    receivedAt: iso(r.received_at)!,
    refundedCents: Number(r.refunded_cents),
    forfeitedCents: Number(r.forfeited_cents),
    forfeitedGstCents: Number(r.forfeited_gst_cents),
    forfeitReason: r.forfeit_reason,
    forfeitInvoiceId: r.forfeit_invoice_id,
    settledAt: iso(r.settled_at),
    createdAt: iso(r.created_at)!,
    updatedAt: iso(r.updated_at)!,
  };
}

export async function loadBond(tx: Tx, tenantId: string, id: string | null, lock = false): Promise<BondRow> {
  if (id && lock)
    await db(tx)
      .selectFrom('bonds')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .forUpdate()
      .execute();
  const row = id
    ? await selectBonds(tx).where('o.tenant_id', '=', tenantId).where('o.id', '=', id).executeTakeFirst()
    : undefined;
  if (!row) throw notFound('Bond not found');
  return row;
}

export function bondEvent(r: BondRow, reason: string | null, keptInvoiceNumber: string | null = null) {
  return {
    id: r.id,
    bookingId: r.booking_id,
    status: r.status,
    amountCents: Number(r.amount_cents),
    refundedCents: Number(r.refunded_cents),
    forfeitedCents: Number(r.forfeited_cents),
    forfeitedGstCents: Number(r.forfeited_gst_cents),
    reason,
    keptInvoiceNumber,
    at: new Date().toISOString(),
  };
}

export async function auditBond(tx: Tx, ctx: AppContext, action: string, r: BondRow, info: string) {
  await tx.audit(ctx, {
    action,
    targetType: 'bond',
    target: r.id,
    targetLabel: `Bond ${formatCents(Number(r.amount_cents))}${r.booking_code ? ` — booking ${r.booking_code}` : ''}`,
    additionalInfo: info,
  });
}
