/** react-query keys of the comms screens; a write invalidates by the first two segments. */
export const keys = {
  templates: ['comms', 'templates'] as const,
  history: ['comms', 'history'] as const,
  historyList: (status: string, search: string) => ['comms', 'history', 'list', status, search] as const,
  email: (id: string) => ['comms', 'history', 'email', id] as const,
  customers: (search: string) => ['comms', 'customers', search] as const,
  customerBookings: (email: string) => ['comms', 'customer-bookings', email] as const,
  bounce: (email: string) => ['comms', 'bounce', email] as const,
  smsOptOut: (bookingId: string) => ['comms', 'sms-opt-out', bookingId] as const,
  mailPreview: ['comms', 'mail-preview'] as const,
  capturedMail: (id: string) => ['comms', 'mail-preview', id] as const,
};
