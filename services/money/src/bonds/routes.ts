/**
 * Bonds (issue 13): money held against damage. Held and refunded without GST; a part kept
 * (forfeited, with a reason) becomes a GST-bearing BOND tax invoice, already paid from the bond,
 * and the rest goes back. The money module's `forfeitBond` does the arithmetic.
 */
import { forfeitBond } from '@venue/contracts';
import {
  bondCreateSchema,
  bondForfeitSchema,
  bondRefundSchema,
  LIST_ARRAY_CAP,
  newestPageQuerySchema,
  type Bond,
  type BondStatus,
  type PaymentMethod,
} from '@venue/contracts/money-api';
import {
  conflict,
  keysetAfterCursor,
  keysetColumns,
  keysetOrder,
  notFound,
  parseBody,
  parseQuery,
  requireAuth,
  requirePermission,
  requireTenantParam,
  type AppContext,
  type AppRouter,
  type Tx,
  withTx,
} from '@venue/service-kit';
import { COUNT_CAP, decodeCursor, keysetPage, type KeysetKey } from '@venue/service-kit/paging';
import { findBooking, findOrFetchBooking } from '../copies/booking-copy.ts';
import { countUpTo, pageAnswer } from '../invoices/list-page.ts';
import { db, NOW } from '../db/query.ts';
import { invoiceEventData, loadInvoice } from '../invoices/invoice-row.ts';
import { sellerOf } from '../invoices/operations.ts';
import { publishBookingMoney } from '../shared/booking-money.ts';
import { formatCents } from '../shared/format.ts';
import { actorOf, idParam, isUniqueViolation, tenantOf } from '../shared/http.ts';
import { nextInvoiceNumber, nextNumber } from '../shared/numbers.ts';
import { moneySettings, today } from '../shared/settings.ts';

interface BondRow {
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

/** Newest first, then the id: bonds_list_idx (tenant_id, created_at DESC, id). */
const BOND_KEYS: KeysetKey[] = [
  { expr: 'o.created_at', type: 'timestamptz', index: 'DESC' },
  { expr: 'o.id', type: 'uuid', index: 'ASC' },
];

/** Bonds with their booking's code and customer (the join states the tenant on both sides). */
function selectBonds(tx: Tx) {
  return db(tx)
    .selectFrom('bonds as o')
    .leftJoin('booking_copy as b', (j) =>
      j.onRef('b.tenant_id', '=', 'o.tenant_id').onRef('b.booking_id', '=', 'o.booking_id'),
    )
    .selectAll('o')
    .select(['b.booking_code', 'b.customer_name']);
}

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

function toBond(r: BondRow): Bond {
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

async function loadBond(tx: Tx, tenantId: string, id: string | null, lock = false): Promise<BondRow> {
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

function bondEvent(r: BondRow, reason: string | null) {
  return {
    id: r.id,
    bookingId: r.booking_id,
    status: r.status,
    amountCents: Number(r.amount_cents),
    refundedCents: Number(r.refunded_cents),
    forfeitedCents: Number(r.forfeited_cents),
    forfeitedGstCents: Number(r.forfeited_gst_cents),
    reason,
    at: new Date().toISOString(),
  };
}

async function auditBond(ctx: AppContext, action: string, r: BondRow, info: string) {
  await ctx.state.tx!.audit(ctx, {
    action,
    targetType: 'bond',
    target: r.id,
    targetLabel: `Bond ${formatCents(Number(r.amount_cents))}${r.booking_code ? ` — booking ${r.booking_code}` : ''}`,
    additionalInfo: info,
  });
}

const guardNoTx = [requireAuth, requirePermission('deposits')] as const;
/** The guards, then the request's transaction (opened only once the caller may proceed). */
const guard = [...guardNoTx, withTx] as const;

export function bondRoutes(router: AppRouter) {
  router.get(
    '/api/deposits/bonds/hall-owner/:hallOwnerId',
    ...guardNoTx,
    requireTenantParam('hallOwnerId'),
    withTx,
    async (ctx) => {
      const rows = await selectBonds(ctx.state.tx!)
        .where('o.tenant_id', '=', String(ctx.params.hallOwnerId))
        .orderBy('o.created_at', 'desc')
        .orderBy('o.id')
        // The array: the newest LIST_ARRAY_CAP (decision 52); page with GET /api/deposits/bonds.
        .limit(LIST_ARRAY_CAP)
        .execute();
      ctx.body = rows.map(toBond);
    },
  );

  // Every bond of the venue, newest first, one page at a time (decision 52).
  router.get('/api/deposits/bonds', ...guard, async (ctx) => {
    const q = parseQuery(ctx, newestPageQuerySchema);
    const tx = ctx.state.tx!;
    const tenantId = tenantOf(ctx);
    const after = q.cursor ? decodeCursor(q.cursor, 'created', 'desc', BOND_KEYS) : null;
    const rows = await selectBonds(tx)
      .select(keysetColumns(BOND_KEYS))
      .where('o.tenant_id', '=', tenantId)
      .$if(after !== null, (qb) => qb.where(keysetAfterCursor(BOND_KEYS, 'desc', after!)))
      .orderBy(keysetOrder(BOND_KEYS, 'desc'))
      .limit(q.limit + 1)
      .offset(q.cursor ? 0 : (q.page - 1) * q.limit)
      .execute();
    const page = keysetPage(rows, q.limit, 'created', 'desc', BOND_KEYS);
    ctx.body = await pageAnswer(q, page, page.rows.map(toBond), COUNT_CAP, () =>
      countUpTo(tx, db(tx).selectFrom('bonds').where('tenant_id', '=', tenantId), COUNT_CAP),
    );
  });

  router.post('/api/deposits/bonds', ...guard, async (ctx) => {
    const body = parseBody(ctx, bondCreateSchema);
    const tenantId = tenantOf(ctx);
    const tx = ctx.state.tx!;
    const booking = await findOrFetchBooking(tx, tenantId, body.bookingId);
    if (!booking)
      throw notFound('Booking not found', { errors: [{ path: 'bookingId', message: 'No such booking.' }] });
    const existing = await db(tx)
      .selectFrom('bonds')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('booking_id', '=', booking.booking_id)
      .executeTakeFirst();
    if (existing) throw conflict('This booking already has a bond.');
    let id: string;
    try {
      ({ id } = await db(tx)
        .insertInto('bonds')
        .values({
          tenant_id: tenantId,
          booking_id: booking.booking_id,
          amount_cents: body.amountCents,
          payment_method: body.paymentMethod,
          reference: body.reference ?? '',
          created_by: actorOf(ctx),
        })
        .returning('id')
        .executeTakeFirstOrThrow());
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict('This booking already has a bond.');
      throw err;
    }
    const row = await loadBond(tx, tenantId, id);
    await tx.publish('bond.received', bondEvent(row, null), { tenantId });
    await auditBond(
      ctx,
      'bond_received',
      row,
      `${formatCents(Number(row.amount_cents))} by ${row.payment_method}`,
    );
    ctx.status = 201;
    ctx.body = toBond(row);
  });

  router.post('/api/deposits/bonds/:id/refund', ...guard, async (ctx) => {
    const body = parseBody(ctx, bondRefundSchema);
    const tenantId = tenantOf(ctx);
    const tx = ctx.state.tx!;
    const before = await loadBond(tx, tenantId, idParam(ctx), true);
    if (before.status !== 'HELD')
      throw conflict(`This bond is already ${before.status.toLowerCase().replace('_', ' ')}.`);
    await db(tx)
      .updateTable('bonds')
      .set((eb) => ({
        status: 'REFUNDED',
        refunded_cents: eb.ref('amount_cents'),
        settled_at: NOW,
        updated_at: NOW,
        // no new reference keeps the one given when the bond was received
        ...(body.reference ? { reference: body.reference } : {}),
      }))
      .where('tenant_id', '=', tenantId)
      .where('id', '=', before.id)
      .where('status', '=', 'HELD')
      .execute();
    const row = await loadBond(tx, tenantId, before.id);
    await tx.publish('bond.refunded', bondEvent(row, null), { tenantId });
    await auditBond(
      ctx,
      'bond_refunded',
      row,
      `${formatCents(Number(row.amount_cents))} returned${body.paymentMethod ? ` by ${body.paymentMethod}` : ''}`,
    );
    ctx.body = toBond(row);
  });

  router.post('/api/deposits/bonds/:id/forfeit', ...guard, async (ctx) => {
    const body = parseBody(ctx, bondForfeitSchema);
    const tenantId = tenantOf(ctx);
    const tx = ctx.state.tx!;
    const settings = await moneySettings(tx, tenantId);
    const first = await loadBond(tx, tenantId, idParam(ctx));
    const booking = await findBooking(tx, tenantId, first.booking_id, true);
    const before = await loadBond(tx, tenantId, first.id, true);
    if (before.status !== 'HELD')
      throw conflict(`This bond is already ${before.status.toLowerCase().replace('_', ' ')}.`);
    const bond = Number(before.amount_cents);
    if (body.amountCents > bond) {
      const message = `At most the bond (${formatCents(bond)}) can be kept.`;
      throw conflict(message, { errors: [{ path: 'amount', message }] });
    }
    const rateBp = booking?.tax_rate_bp ?? settings.rateBp;
    const kept = forfeitBond(bond, body.amountCents, rateBp);
    // The kept part is a taxable supply: a tax invoice for it, paid from the bond already held.
    const seller = sellerOf(settings);
    const day = today(settings);
    const number = await nextInvoiceNumber(tx, tenantId, settings, day);
    const description = `Bond kept: ${body.reason}`;
    const line = {
      description,
      quantity: 1,
      unitAmountCents: kept.forfeited.totalCents,
      totalCents: kept.forfeited.totalCents,
      gstCents: kept.forfeited.gstCents,
      taxable: true,
    };
    const { id: invoiceId } = await db(tx)
      .insertInto('invoices')
      .values({
        tenant_id: tenantId,
        invoice_number: number,
        type: 'BOND',
        status: 'PAID',
        booking_id: before.booking_id,
        booking_code: booking?.booking_code ?? null,
        booking_source: booking?.booking_source ?? 'admin',
        resource_name: booking?.resource_name ?? null,
        event_type: booking?.event_type ?? null,
        event_date: booking?.booking_date ?? null,
        customer_name: booking?.customer_name ?? before.customer_name ?? '',
        customer_email: booking?.customer_email ?? '',
        issue_date: day,
        due_date: day,
        description,
        seller: JSON.stringify(seller),
        line_items: JSON.stringify([line]),
        tax_type: 'inclusive',
        tax_rate_bp: rateBp,
        subtotal_cents: kept.forfeited.netCents,
        gst_cents: kept.forfeited.gstCents,
        total_cents: kept.forfeited.totalCents,
        full_amount_cents: kept.forfeited.totalCents,
        paid_cents: kept.forfeited.totalCents,
        created_by: actorOf(ctx),
        sent_at: NOW,
        paid_at: NOW,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const receipt = await nextNumber(tx, tenantId, 'receipt', Number(day.slice(0, 4)));
    await db(tx)
      .insertInto('payments')
      .values({
        tenant_id: tenantId,
        invoice_id: invoiceId,
        kind: 'payment',
        payment_method: before.payment_method,
        amount_cents: kept.forfeited.totalCents,
        reference: 'Kept from bond',
        notes: body.reason,
        receipt_number: receipt,
        created_by: actorOf(ctx),
      })
      .execute();
    const status: BondStatus = kept.refundCents === 0 ? 'FORFEITED' : 'PARTIALLY_FORFEITED';
    await db(tx)
      .updateTable('bonds')
      .set({
        status,
        forfeited_cents: kept.forfeited.totalCents,
        forfeited_gst_cents: kept.forfeited.gstCents,
        refunded_cents: kept.refundCents,
        forfeit_reason: body.reason,
        forfeit_invoice_id: invoiceId,
        settled_at: NOW,
        updated_at: NOW,
      })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', before.id)
      .where('status', '=', 'HELD')
      .execute();
    const row = await loadBond(tx, tenantId, before.id);
    const invoice = await loadInvoice(tx, tenantId, invoiceId);
    await tx.publish(
      'invoice.issued',
      { ...invoiceEventData(invoice, seller.businessName), from: null },
      { tenantId },
    );
    await tx.publish('bond.forfeited', bondEvent(row, body.reason), { tenantId });
    await publishBookingMoney(tx, tenantId, before.booking_id);
    await auditBond(
      ctx,
      'bond_forfeited',
      row,
      `${formatCents(kept.forfeited.totalCents)} kept (GST ${formatCents(kept.forfeited.gstCents)}), ${formatCents(kept.refundCents)} returned — ${body.reason}`,
    );
    ctx.body = toBond(row);
  });
}
