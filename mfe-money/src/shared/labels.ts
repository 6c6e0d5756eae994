import type { InvoiceStatus, PaymentMethod } from '@venue/contracts/money-api';

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
