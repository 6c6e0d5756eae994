/** react-query keys of this remote; every key starts with 'money', so a write can refresh them all. */
export const keys = {
  all: ['money'] as const,
  invoices: ['money', 'invoices'] as const,
  invoice: (id: string) => ['money', 'invoices', 'detail', id] as const,
  deposits: ['money', 'deposits'] as const,
  bookings: (search: string) => ['money', 'invoiceable-bookings', search] as const,
  paymentMethods: ['money', 'settings', 'payment-methods'] as const,
  bankDetails: ['money', 'settings', 'bank-details'] as const,
  invoiceSettings: ['money', 'settings', 'invoice'] as const,
};
