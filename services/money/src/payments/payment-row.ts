/** A payment row with its invoice's labels, in the API shape (contracts `paymentSchema`). */
import type { Payment } from '@venue/contracts/money-api';
import type { Tx } from '@venue/service-kit';
import { db } from '../db/query.ts';
import type { PaymentRow } from '../invoices/movements.ts';

export interface PaymentListRow extends PaymentRow {
  invoice_number: string | null;
  customer_name: string;
  booking_id: string | null;
  booking_code: string | null;
}

/** Payments with their invoice's labels (the join states the tenant on both sides). */
export function selectPayments(tx: Tx) {
  return db(tx)
    .selectFrom('payments as p')
    .innerJoin('invoices as i', (j) =>
      j.onRef('i.tenant_id', '=', 'p.tenant_id').onRef('i.id', '=', 'p.invoice_id'),
    )
    .selectAll('p')
    .select(['i.invoice_number', 'i.customer_name', 'i.booking_id', 'i.booking_code']);
}

const STATUS = { payment: 'Succeeded', refund: 'Refunded', reversal: 'Reversed' } as const;

export function toPayment(r: PaymentListRow): Payment {
  const amount = Number(r.amount_cents);
  return {
    id: r.id,
    hallOwnerId: r.tenant_id,
    invoiceId: r.invoice_id,
    invoiceNumber: r.invoice_number,
    kind: r.kind,
    paymentMethod: r.payment_method,
    amountCents: amount,
    amount: amount / 100,
    reference: r.reference,
    notes: r.notes,
    creditNoteId: r.credit_note_id,
    reversesPaymentId: r.reverses_payment_id,
    reversedAt: r.reversed_at === null ? null : new Date(r.reversed_at).toISOString(),
    status: r.kind === 'payment' && r.reversed_at !== null ? 'Reversed' : STATUS[r.kind],
    processedAt: new Date(r.processed_at).toISOString(),
    receiptNumber: r.receipt_number,
    customerName: r.customer_name,
    bookingId: r.booking_id,
    bookingCode: r.booking_code,
    createdBy: r.created_by,
  };
}
