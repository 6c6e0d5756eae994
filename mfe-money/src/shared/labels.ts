import type { InvoiceStatus, PaymentMethod, Quotation } from '@venue/contracts/money-api';

/** Spec 03 §2.1: the Record Payment dialog says "Credit/Debit Card" for Card. */
export const METHOD_LABELS: Record<PaymentMethod, string> = {
  'Bank Transfer': 'Bank Transfer',
  Card: 'Credit/Debit Card',
  Cash: 'Cash',
  Cheque: 'Cheque',
};

export const STATUS_COLORS: Record<InvoiceStatus, string> = {
  DRAFT: 'gray',
  SENT: 'blue',
  PARTIAL: 'yellow',
  PAID: 'green',
  OVERDUE: 'red',
  VOID: 'dark',
  REFUNDED: 'grape',
};

/**
 * What a quotation is called on every screen (issue 24 item 2): its number (`QUO-2026-00001`),
 * given when it is first sent; a draft nobody has received yet has none.
 */
export function quotationName(q: Pick<Quotation, 'number'>): string {
  return q.number ?? 'Draft quotation';
}
