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
  type Bond,
  type BondStatus,
  type PaymentMethod,
} from '@venue/contracts/money-api';
import {
  conflict,
  notFound,
  parseBody,
  requireAuth,
  requirePermission,
  requireTenantParam,
  type AppContext,
  type AppRouter,
  type Tx,
  withTx,
} from '@venue/service-kit';
import { findBooking } from '../copies/booking-copy.ts';
import { invoiceEventData, loadInvoice } from '../invoices/invoice-row.ts';
import { sellerOf } from '../invoices/operations.ts';
import { publishBookingMoney } from '../shared/booking-money.ts';
import { formatCents } from '../shared/format.ts';
import { actorOf, idParam, isUniqueViolation, tenantOf } from '../shared/http.ts';
import { nextNumber } from '../shared/numbers.ts';
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

const BOND_SELECT = `SELECT o.*, b.booking_code, b.customer_name FROM bonds o
  LEFT JOIN booking_copy b ON b.tenant_id = o.tenant_id AND b.booking_id = o.booking_id`;

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
    await tx.query(`SELECT 1 FROM bonds WHERE tenant_id = $1 AND id = $2 FOR UPDATE`, [tenantId, id]);
  const { rows } = id
    ? await tx.query<BondRow>(`${BOND_SELECT} WHERE o.tenant_id = $1 AND o.id = $2`, [tenantId, id])
    : { rows: [] };
  if (!rows[0]) throw notFound('Bond not found');
  return rows[0];
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
      const { rows } = await ctx.state.tx!.query<BondRow>(
        `${BOND_SELECT} WHERE o.tenant_id = $1 ORDER BY o.created_at DESC, o.id LIMIT 5000`,
        [String(ctx.params.hallOwnerId)],
      );
      ctx.body = rows.map(toBond);
    },
  );

  router.post('/api/deposits/bonds', ...guard, async (ctx) => {
    const body = parseBody(ctx, bondCreateSchema);
    const tenantId = tenantOf(ctx);
    const tx = ctx.state.tx!;
    const booking = await findBooking(tx, tenantId, body.bookingId, true);
    if (!booking)
      throw notFound('Booking not found', { errors: [{ path: 'bookingId', message: 'No such booking.' }] });
    const existing = await tx.query(`SELECT 1 FROM bonds WHERE tenant_id = $1 AND booking_id = $2`, [
      tenantId,
      booking.booking_id,
    ]);
    if (existing.rows.length > 0) throw conflict('This booking already has a bond.');
    let id: string;
    try {
      ({ id } = (
        await tx.query<{ id: string }>(
          `INSERT INTO bonds (tenant_id, booking_id, amount_cents, payment_method, reference, created_by)
           VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
          [
            tenantId,
            booking.booking_id,
            body.amountCents,
            body.paymentMethod,
            body.reference ?? '',
            actorOf(ctx),
          ],
        )
      ).rows[0]!);
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
    await tx.query(
      `UPDATE bonds SET status = 'REFUNDED', refunded_cents = amount_cents, settled_at = now(), updated_at = now(),
              reference = CASE WHEN $3 = '' THEN reference ELSE $3 END
        WHERE tenant_id = $1 AND id = $2 AND status = 'HELD'`,
      [tenantId, before.id, body.reference ?? ''],
    );
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
    const number = await nextNumber(
      tx,
      tenantId,
      'invoice',
      Number(day.slice(0, 4)),
      settings.payment.invoiceNumberPrefix,
    );
    const description = `Bond kept: ${body.reason}`;
    const line = {
      description,
      quantity: 1,
      unitAmountCents: kept.forfeited.totalCents,
      totalCents: kept.forfeited.totalCents,
      gstCents: kept.forfeited.gstCents,
      taxable: true,
    };
    const { rows } = await tx.query<{ id: string }>(
      `INSERT INTO invoices (tenant_id, invoice_number, type, status, booking_id, booking_code, booking_source,
          resource_name, event_type, event_date, customer_name, customer_email, issue_date, due_date, description,
          seller, line_items, tax_type, tax_rate_bp, subtotal_cents, gst_cents, total_cents, full_amount_cents,
          paid_cents, created_by, sent_at, paid_at)
       VALUES ($1, $2, 'BOND', 'PAID', $3, $4, $5, $6, $7, $8, $9, $10, $11, $11, $12, $13, $14, 'inclusive', $15,
               $16, $17, $18, $18, $18, $19, now(), now())
       RETURNING id`,
      [
        tenantId,
        number,
        before.booking_id,
        booking?.booking_code ?? null,
        booking?.booking_source ?? 'admin',
        booking?.resource_name ?? null,
        booking?.event_type ?? null,
        booking?.booking_date ?? null,
        booking?.customer_name ?? before.customer_name ?? '',
        booking?.customer_email ?? '',
        day,
        description,
        JSON.stringify(seller),
        JSON.stringify([line]),
        rateBp,
        kept.forfeited.netCents,
        kept.forfeited.gstCents,
        kept.forfeited.totalCents,
        actorOf(ctx),
      ],
    );
    const invoiceId = rows[0]!.id;
    const receipt = await nextNumber(tx, tenantId, 'receipt', Number(day.slice(0, 4)));
    await tx.query(
      `INSERT INTO payments (tenant_id, invoice_id, kind, payment_method, amount_cents, reference, notes, receipt_number, created_by)
       VALUES ($1, $2, 'payment', $3, $4, 'Kept from bond', $5, $6, $7)`,
      [
        tenantId,
        invoiceId,
        before.payment_method,
        kept.forfeited.totalCents,
        body.reason,
        receipt,
        actorOf(ctx),
      ],
    );
    const status: BondStatus = kept.refundCents === 0 ? 'FORFEITED' : 'PARTIALLY_FORFEITED';
    await tx.query(
      `UPDATE bonds SET status = $3, forfeited_cents = $4, forfeited_gst_cents = $5, refunded_cents = $6,
              forfeit_reason = $7, forfeit_invoice_id = $8, settled_at = now(), updated_at = now()
        WHERE tenant_id = $1 AND id = $2 AND status = 'HELD'`,
      [
        tenantId,
        before.id,
        status,
        kept.forfeited.totalCents,
        kept.forfeited.gstCents,
        kept.refundCents,
        body.reason,
        invoiceId,
      ],
    );
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
