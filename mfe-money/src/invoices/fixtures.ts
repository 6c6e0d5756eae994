/** Invoices as the money service answers them, for the component tests (figures in cents). */
import type { Invoice, InvoiceDetail } from '@venue/contracts/money-api';

export const OWNER = '00000000-0000-4000-8000-000000000001';

let n = 0;
export function makeInvoice(over: Partial<Invoice> = {}): Invoice {
  n += 1;
  const id = over.id ?? `00000000-0000-4000-8000-${String(100 + n).padStart(12, '0')}`;
  const totalCents = over.totalCents ?? 55_000;
  const paidCents = over.paidCents ?? 0;
  return {
    id,
    hallOwnerId: OWNER,
    invoiceNumber: `INV-2026-${String(n).padStart(5, '0')}`,
    type: 'DEPOSIT',
    invoiceType: 'DEPOSIT',
    status: 'SENT',
    customer: { name: 'Ada Lovelace', email: 'ada@example.com', abn: null },
    bookingId: null,
    booking: null,
    bookingCode: 'BK-0001',
    bookingSource: 'admin',
    quotationId: null,
    quotationNumber: null,
    resource: 'Main Hall',
    eventType: 'Wedding',
    eventDate: '2026-12-12',
    issueDate: '2026-11-20',
    dueDate: '2026-12-20',
    description: 'Wedding Deposit Payment',
    notes: '',
    lineItems: [
      {
        description: 'Wedding Deposit Payment',
        quantity: 1,
        unitAmountCents: totalCents,
        totalCents,
        gstCents: 5000,
        taxable: true,
      },
    ],
    taxType: 'inclusive',
    taxRateBp: 1000,
    taxRate: 10,
    subtotalCents: totalCents - 5000,
    gstCents: 5000,
    totalCents,
    fullAmountCents: totalCents,
    depositAppliedCents: 0,
    depositPaidCents: 0,
    creditedCents: 0,
    paidCents,
    balanceCents: totalCents - paidCents,
    subtotal: (totalCents - 5000) / 100,
    gst: 50,
    total: totalCents / 100,
    finalTotal: totalCents / 100,
    fullAmountWithGST: totalCents / 100,
    depositPaid: 0,
    paidAmount: paidCents / 100,
    balanceDue: (totalCents - paidCents) / 100,
    gstIsOneEleventh: true,
    daysOverdue: 0,
    priority: 'normal',
    createdAt: '2026-11-20T01:00:00.000Z',
    sentAt: '2026-11-20T01:00:00.000Z',
    paidAt: null,
    voidedAt: null,
    updatedAt: '2026-11-20T01:00:00.000Z',
    ...over,
  };
}

export function detailOf(inv: Invoice): InvoiceDetail {
  return { ...inv, payments: [], creditNotes: [] };
}
