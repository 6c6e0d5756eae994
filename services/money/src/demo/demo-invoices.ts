/**
 * Demo history's invoices (decision 48): money's own steps (draft from the booking copy, issue
 * with the next gap-free number, payments, void, adjustment note with refund) each taken on the
 * day the plan says it happened instead of today, in the order they happened, so invoice,
 * receipt and credit-note numbers run gap-free in date order. Every step publishes the event the
 * live step publishes, with the figures of that moment and its past instant (`processedAt`,
 * `issueDate`), so insights and comms see a history, not a burst of today's figures.
 */
import { gstOfInclusive } from '@venue/contracts';
import type { InvoiceStatus, PaymentMethod } from '@venue/contracts/money-api';
import { HttpError, venueToday, type Tx } from '@venue/service-kit';
import { findBooking } from '../copies/booking-copy.ts';
import { db } from '../db/query.ts';
import { sellerOf, statusFromFigures } from '../invoices/operations.ts';
import { createInvoice } from '../invoices/create-invoice.ts';
import { balanceCents, invoiceEventData, loadInvoice, type InvoiceRow } from '../invoices/invoice-row.ts';
import { bookingMoney, publishBookingMoney } from '../shared/booking-money.ts';
import { nextInvoiceNumber, nextNumber } from '../shared/numbers.ts';
import type { MoneySettings } from '../shared/settings.ts';

export interface DemoPayment {
  id: string;
  at: string;
  /** null: the balance left at that moment (paid in full). */
  amountCents: number | null;
  method: PaymentMethod;
  reference: string;
}

export interface DemoInvoice {
  id: string;
  bookingId: string;
  type: 'DEPOSIT' | 'FINAL';
  createdAt: string;
  issuedAt: string | null;
  dueDate: string;
  payments: DemoPayment[];
  voidedAt: string | null;
  refund: { at: string; reason: string; creditNoteId: string; paymentId: string } | null;
}

type Step =
  | { at: string; kind: 'issue'; inv: DemoInvoice }
  | { at: string; kind: 'pay'; inv: DemoInvoice; payment: DemoPayment }
  | { at: string; kind: 'void'; inv: DemoInvoice }
  | { at: string; kind: 'refund'; inv: DemoInvoice; refund: NonNullable<DemoInvoice['refund']> };

const year = (day: string) => Number(day.slice(0, 4));

function planError(message: string): HttpError {
  return new HttpError(400, `money: ${message}`);
}

export async function writeDemoInvoices(
  tx: Tx,
  tenantId: string,
  invoices: DemoInvoice[],
  settings: MoneySettings,
  now: Date,
): Promise<void> {
  const zone = settings.zone;
  const dayOf = (at: string) => venueToday(new Date(at), zone);
  const businessName = settings.payment.businessName;
  // Drafts first, in the order they were made: createInvoice's own rules (invoiceable booking,
  // one deposit and one final per booking, the amount from the booking's stored figures).
  for (const inv of [...invoices].sort((a, b) => a.createdAt.localeCompare(b.createdAt))) {
    const booking = await findBooking(tx, tenantId, inv.bookingId, true);
    // bookings' booking.created has not reached money yet: the caller tries again.
    if (!booking) throw new HttpError(503, `Booking ${inv.bookingId} has not reached money yet.`);
    const draft = await createInvoice(
      tx,
      tenantId,
      booking,
      {
        invoiceType: inv.type,
        dueDate: inv.dueDate,
        createdBy: 'system',
        // a past invoice's due date is checked against the day it was made and issued, not today
        madeOn: dayOf(inv.issuedAt ?? inv.createdAt),
      },
      settings,
    );
    await db(tx)
      .updateTable('invoices')
      .set({ id: inv.id, created_at: inv.createdAt, updated_at: inv.createdAt })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', draft.id)
      .execute();
  }
  const steps: Step[] = [];
  for (const inv of invoices) {
    if (inv.issuedAt) steps.push({ at: inv.issuedAt, kind: 'issue', inv });
    for (const payment of inv.payments) steps.push({ at: payment.at, kind: 'pay', inv, payment });
    if (inv.voidedAt) steps.push({ at: inv.voidedAt, kind: 'void', inv });
    if (inv.refund) steps.push({ at: inv.refund.at, kind: 'refund', inv, refund: inv.refund });
  }
  steps.sort((a, b) => a.at.localeCompare(b.at));

  const publishInvoice = async (
    type: 'invoice.issued' | 'invoice.status_changed',
    row: InvoiceRow,
    from: InvoiceStatus,
  ) => tx.publish(type, { ...invoiceEventData(row, businessName), from }, { tenantId });
  // The movement as it was just inserted (no read back: the values are these).
  const publishMovement = async (
    before: InvoiceRow,
    after: InvoiceRow,
    p: {
      id: string;
      kind: 'payment' | 'refund';
      amountCents: number;
      method: PaymentMethod;
      receipt: string;
      at: string;
    },
  ) => {
    await tx.publish(
      'payment.recorded',
      {
        paymentId: p.id,
        kind: p.kind,
        amountCents: p.amountCents,
        paymentMethod: p.method,
        receiptNumber: p.receipt,
        processedAt: new Date(p.at).toISOString(),
        invoice: invoiceEventData(after, businessName),
        bookingMoney: after.booking_id ? await bookingMoney(tx, tenantId, after.booking_id) : null,
      },
      { tenantId },
    );
    if (before.status !== after.status) await publishInvoice('invoice.status_changed', after, before.status);
  };

  // Each invoice as its last step left it: read once, then kept from the read after each step
  // (this transaction is its only writer, and its rows are not visible to anyone else until it
  // commits, so neither a re-read nor a row lock can find anything different).
  const current = new Map<string, InvoiceRow>();
  const load = async (id: string) => {
    const row = await loadInvoice(tx, tenantId, id);
    current.set(id, row);
    return row;
  };
  for (const step of steps) {
    const day = dayOf(step.at);
    const before = current.get(step.inv.id) ?? (await load(step.inv.id));
    if (step.kind === 'issue') {
      if (before.status !== 'DRAFT') throw planError(`invoice ${before.id} is issued twice.`);
      const number = await nextInvoiceNumber(tx, tenantId, settings, day);
      await db(tx)
        .updateTable('invoices')
        .set({
          status: 'SENT',
          invoice_number: number,
          issue_date: day,
          sent_at: step.at,
          seller: JSON.stringify(sellerOf(settings)),
          updated_at: step.at,
        })
        .where('tenant_id', '=', tenantId)
        .where('id', '=', before.id)
        .where('status', '=', 'DRAFT')
        .execute();
      const row = await load(before.id);
      await publishInvoice('invoice.issued', row, 'DRAFT');
    } else if (step.kind === 'pay') {
      const amount = step.payment.amountCents ?? balanceCents(before);
      // The live rule: never more than the balance (the table's CHECK says so too).
      if (before.status === 'DRAFT' || amount <= 0 || amount > balanceCents(before))
        throw planError(`payment ${step.payment.id} does not fit invoice ${before.id}.`);
      const receipt = await nextNumber(tx, tenantId, 'receipt', year(day));
      await db(tx)
        .insertInto('payments')
        .values({
          tenant_id: tenantId,
          id: step.payment.id,
          invoice_id: before.id,
          kind: 'payment',
          payment_method: step.payment.method,
          amount_cents: amount,
          reference: step.payment.reference,
          receipt_number: receipt,
          created_by: 'system',
          processed_at: step.at,
        })
        .execute();
      const next = statusFromFigures(
        { ...before, paid_cents: Number(before.paid_cents) + amount },
        day,
        false,
      );
      await db(tx)
        .updateTable('invoices')
        .set((eb) => ({
          paid_cents: eb('paid_cents', '+', amount),
          status: next,
          paid_at: next === 'PAID' ? step.at : eb.ref('paid_at'),
          updated_at: step.at,
        }))
        .where('tenant_id', '=', tenantId)
        .where('id', '=', before.id)
        .execute();
      await publishMovement(before, await load(before.id), {
        id: step.payment.id,
        kind: 'payment',
        amountCents: amount,
        method: step.payment.method,
        receipt,
        at: step.at,
      });
    } else if (step.kind === 'void') {
      if (Number(before.paid_cents) > 0) throw planError(`invoice ${before.id} is voided with money paid.`);
      await db(tx)
        .updateTable('invoices')
        .set({ status: 'VOID', voided_at: step.at, updated_at: step.at })
        .where('tenant_id', '=', tenantId)
        .where('id', '=', before.id)
        .execute();
      const row = await load(before.id);
      if (before.status !== 'DRAFT') await publishInvoice('invoice.status_changed', row, before.status);
    } else {
      // A full adjustment note with the money paid refunded: the invoice ends REFUNDED.
      const total = Number(before.total_cents) - Number(before.credited_cents);
      const paid = Number(before.paid_cents);
      if (total <= 0 || paid <= 0) throw planError(`invoice ${before.id} has nothing to refund.`);
      const number = await nextNumber(tx, tenantId, 'credit_note', year(day));
      await db(tx)
        .insertInto('credit_notes')
        .values({
          tenant_id: tenantId,
          id: step.refund.creditNoteId,
          invoice_id: before.id,
          credit_note_number: number,
          issue_date: day,
          reason: step.refund.reason,
          amount_cents: total,
          gst_cents: gstOfInclusive(total, before.tax_rate_bp),
          refunded_cents: paid,
          created_by: 'system',
          created_at: step.at,
        })
        .execute();
      const receipt = await nextNumber(tx, tenantId, 'receipt', year(day));
      await db(tx)
        .insertInto('payments')
        .values({
          tenant_id: tenantId,
          id: step.refund.paymentId,
          invoice_id: before.id,
          kind: 'refund',
          payment_method: 'Bank Transfer',
          amount_cents: paid,
          reference: number,
          notes: step.refund.reason,
          credit_note_id: step.refund.creditNoteId,
          receipt_number: receipt,
          created_by: 'system',
          processed_at: step.at,
        })
        .execute();
      const next = statusFromFigures(
        { ...before, credited_cents: Number(before.credited_cents) + total, paid_cents: 0 },
        day,
        true,
      );
      await db(tx)
        .updateTable('invoices')
        .set((eb) => ({
          credited_cents: eb('credited_cents', '+', total),
          paid_cents: 0,
          status: next,
          updated_at: step.at,
        }))
        .where('tenant_id', '=', tenantId)
        .where('id', '=', before.id)
        .execute();
      const after = await load(before.id);
      await tx.publish(
        'credit_note.issued',
        {
          id: step.refund.creditNoteId,
          hallOwnerId: tenantId,
          invoiceId: before.id,
          invoiceNumber: after.invoice_number,
          creditNoteNumber: number,
          issueDate: day,
          reason: step.refund.reason,
          amountCents: total,
          gstCents: gstOfInclusive(total, before.tax_rate_bp),
          amount: total / 100,
          gst: gstOfInclusive(total, before.tax_rate_bp) / 100,
          refundedCents: paid,
          createdAt: new Date(step.at).toISOString(),
        },
        { tenantId },
      );
      await publishMovement(before, after, {
        id: step.refund.paymentId,
        kind: 'refund',
        amountCents: paid,
        method: 'Bank Transfer',
        receipt,
        at: step.at,
      });
    }
  }

  // Today's view: an open invoice whose due day has passed is OVERDUE, as the overdue sweep makes it.
  const today = venueToday(now, zone);
  for (const inv of invoices) {
    // An invoice no step touched is still the draft it was made as.
    const row = current.get(inv.id);
    if (!row || !['SENT', 'PARTIAL'].includes(row.status)) continue;
    const next = statusFromFigures(row, today, false);
    if (next === row.status) continue;
    await db(tx)
      .updateTable('invoices')
      .set({ status: next })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', row.id)
      .execute();
    await publishInvoice('invoice.status_changed', await loadInvoice(tx, tenantId, row.id), row.status);
  }
  // bookings' copy of each booking's money (deposit paid, balance), once per booking.
  for (const bookingId of new Set(invoices.map((i) => i.bookingId)))
    await publishBookingMoney(tx, tenantId, bookingId);
}
