/**
 * Demo history's invoices (decision 48): money's own steps (draft from the booking copy, issue
 * with the next gap-free number, payments, void, adjustment note with refund) each taken on the
 * day the plan says it happened instead of today, in the order they happened, so invoice,
 * receipt and credit-note numbers run gap-free in date order. Every step publishes the event the
 * live step publishes, with the figures of that moment and its past instant (`processedAt`,
 * `issueDate`), so insights and comms see a history, not a burst of today's figures.
 */
import type { PaymentMethod } from '@venue/contracts/money-api';
import { HttpError, venueToday, type Tx } from '@venue/service-kit';
import { findBooking } from '../copies/booking-copy.ts';
import { db } from '../db/query.ts';
import { statusFromFigures } from '../invoices/operations.ts';
import { createInvoice } from '../invoices/create-invoice.ts';
import { invoiceEventData, loadInvoice, type InvoiceRow } from '../invoices/invoice-row.ts';
import { bookingMoney, publishBookingMoney } from '../shared/booking-money.ts';
import type { MoneySettings } from '../shared/settings.ts';
import {
  issueInvoice,
  recordPayment,
  refundInvoice,
  voidInvoice,
  type DemoRun,
} from './demo-invoice-steps.ts';

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

export async function writeDemoInvoices(
  tx: Tx,
  tenantId: string,
  invoices: DemoInvoice[],
  settings: MoneySettings,
  now: Date,
): Promise<void> {
  const run = demoRun(tx, tenantId, settings);
  await writeDrafts(run, invoices);
  for (const step of planSteps(invoices)) {
    const day = run.dayOf(step.at);
    const before = run.current.get(step.inv.id) ?? (await run.load(step.inv.id));
    if (step.kind === 'issue') await issueInvoice(run, step.at, day, before);
    else if (step.kind === 'pay') await recordPayment(run, step.at, day, before, step.payment);
    else if (step.kind === 'void') await voidInvoice(run, step.at, before);
    else await refundInvoice(run, step.at, day, before, step.refund);
  }
  await markOverdue(run, invoices, venueToday(now, settings.zone));
  // bookings' copy of each booking's money (deposit paid, balance), once per booking.
  for (const bookingId of new Set(invoices.map((i) => i.bookingId)))
    await publishBookingMoney(tx, tenantId, bookingId);
}

function demoRun(tx: Tx, tenantId: string, settings: MoneySettings): DemoRun {
  const zone = settings.zone;
  const businessName = settings.payment.businessName;
  const publishInvoice: DemoRun['publishInvoice'] = async (type, row, from) => {
    await tx.publish(type, { ...invoiceEventData(row, businessName), from }, { tenantId });
  };
  // Each invoice as its last step left it: read once, then kept from the read after each step
  // (this transaction is its only writer, and its rows are not visible to anyone else until it
  // commits, so neither a re-read nor a row lock can find anything different).
  const current = new Map<string, InvoiceRow>();
  return {
    tx,
    tenantId,
    settings,
    dayOf: (at) => venueToday(new Date(at), zone),
    current,
    load: async (id) => {
      const row = await loadInvoice(tx, tenantId, id);
      current.set(id, row);
      return row;
    },
    publishInvoice,
    // The movement as it was just inserted (no read back: the values are these).
    publishMovement: async (before, after, p) => {
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
      if (before.status !== after.status)
        await publishInvoice('invoice.status_changed', after, before.status);
    },
  };
}

/** Drafts first, in the order they were made: createInvoice's own rules (invoiceable booking,
 * one deposit and one final per booking, the amount from the booking's stored figures). */
async function writeDrafts({ tx, tenantId, settings, dayOf }: DemoRun, invoices: DemoInvoice[]) {
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
}

/** Every invoice's issue, payments, void and refund, in the order they happened. */
function planSteps(invoices: DemoInvoice[]): Step[] {
  const steps: Step[] = [];
  for (const inv of invoices) {
    if (inv.issuedAt) steps.push({ at: inv.issuedAt, kind: 'issue', inv });
    for (const payment of inv.payments) steps.push({ at: payment.at, kind: 'pay', inv, payment });
    if (inv.voidedAt) steps.push({ at: inv.voidedAt, kind: 'void', inv });
    if (inv.refund) steps.push({ at: inv.refund.at, kind: 'refund', inv, refund: inv.refund });
  }
  return steps.sort((a, b) => a.at.localeCompare(b.at));
}

/** Today's view: an open invoice whose due day has passed is OVERDUE, as the overdue sweep makes it. */
async function markOverdue(
  { tx, tenantId, current, publishInvoice }: DemoRun,
  invoices: DemoInvoice[],
  today: string,
) {
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
}
