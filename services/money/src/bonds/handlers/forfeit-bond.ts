import { forfeitBond } from '@venue/contracts';
import { conflict, operation } from '@venue/service-kit';
import { findBooking } from '../../copies/booking-copy.ts';
import { invoiceEventData, loadInvoice } from '../../invoices/invoice-row.ts';
import { sellerOf } from '../../invoices/operations.ts';
import { publishBookingMoney } from '../../shared/booking-money.ts';
import { formatCents } from '../../shared/format.ts';
import { actorOf, tenantOf, uuidOrNull } from '../../shared/http.ts';
import { moneySettings, today } from '../../shared/settings.ts';
import { auditBond, bondEvent, loadBond, toBond } from '../bond-row.ts';
import { keptBondInvoice, settleKeptBond, type Kept } from '../forfeit.ts';

/** Keep part or all of a bond (with a reason): a BOND tax invoice with GST on the kept part. */
export const postBondForfeit = operation(
  'post /api/deposits/bonds/{id}/forfeit',
  async ({ ctx, tx, params, body }) => {
    const tenantId = tenantOf(ctx);
    const settings = await moneySettings(tx, tenantId);
    const first = await loadBond(tx, tenantId, uuidOrNull(params.id));
    // Lock order: the booking copy, then the bond.
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
    const k: Kept = {
      bond: before,
      booking: booking ?? null,
      kept: forfeitBond(bond, body.amountCents, rateBp),
      rateBp,
      reason: body.reason,
      actor: actorOf(ctx),
      day: today(settings),
      seller: sellerOf(settings),
    };
    const invoiceId = await keptBondInvoice(tx, tenantId, settings, k);
    await settleKeptBond(tx, tenantId, k, invoiceId);
    const row = await loadBond(tx, tenantId, before.id);
    const invoice = await loadInvoice(tx, tenantId, invoiceId);
    await tx.publish(
      'invoice.issued',
      { ...invoiceEventData(invoice, k.seller.businessName), from: null },
      { tenantId },
    );
    await tx.publish('bond.forfeited', bondEvent(row, body.reason, invoice.invoice_number), {
      tenantId,
    });
    await publishBookingMoney(tx, tenantId, before.booking_id);
    await auditBond(
      tx,
      ctx,
      'bond_forfeited',
      row,
      `${formatCents(k.kept.forfeited.totalCents)} kept (GST ${formatCents(k.kept.forfeited.gstCents)}), ${formatCents(k.kept.refundCents)} returned — ${body.reason}`,
    );
    return toBond(row);
  },
);
