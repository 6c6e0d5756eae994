/**
 * Reading side of comms (spec 02 §2.10, §2.12; issue 12 items 3, 4, 8): e-mail history,
 * recipients from the tenant's customers, bounces, and the operator's Mail preview.
 */
import { z } from 'zod';
import { attachmentInfoSchema, EMAIL_STATUSES, emailRecordSchema } from './send.ts';

const limit = (max: number, dflt: number) =>
  z
    .string()
    .regex(/^\d{1,4}$/, `Limit must be a whole number from 1 to ${max}.`)
    .transform(Number)
    .refine((n) => n >= 1 && n <= max, `Limit must be a whole number from 1 to ${max}.`)
    .default(dflt);

/** GET /api/email-comms/history query: status filter, search, keyset paging (newest first). */
export const HISTORY_MAX_LIMIT = 100;
export const historyQuerySchema = z.object({
  /** `all` (or absent) lists every status. */
  status: z
    .enum(['all', ...EMAIL_STATUSES], { error: 'Status must be all, sent, failed or pending.' })
    .optional(),
  /** Matches recipient address or name, or subject. */
  search: z.string().trim().max(200, 'At most 200 characters.').optional(),
  bookingId: z.uuid({ error: 'Must be a booking id.' }).optional(),
  /** E-mail or SMS only (issue 26); absent: both. */
  channel: z.enum(['email', 'sms'], { error: 'Channel must be email or sms.' }).optional(),
  limit: limit(HISTORY_MAX_LIMIT, 25),
  /** `nextCursor` of the previous page (opaque). */
  cursor: z.string().max(200, 'Invalid cursor.').optional(),
});
export type HistoryQuery = z.input<typeof historyQuerySchema>;

export const historyResponseSchema = z.object({
  items: z.array(emailRecordSchema),
  hasMore: z.boolean(),
  nextCursor: z.string().nullable(),
  /** The tenant's messages by status (the filter's badges), not limited by search. */
  counts: z.object({ pending: z.number().int(), sent: z.number().int(), failed: z.number().int() }),
});
export type HistoryResponse = z.infer<typeof historyResponseSchema>;

/** GET /api/email-comms/history/{id}: the record with its HTML as sent. */
export const emailDetailResponseSchema = z.object({
  email: emailRecordSchema.extend({ html: z.string(), replyTo: z.string().nullable(), fromName: z.string() }),
});
export type EmailDetail = z.infer<typeof emailDetailResponseSchema>['email'];

/** GET /api/email-comms/customers query (spec 02 §7). */
export const customerSearchQuerySchema = z.object({
  search: z.string().trim().max(200, 'At most 200 characters.').optional(),
  limit: limit(200, 50),
});
/** Spec 02 §3.4 "Customer in the e-mail list", plus the bounce flag (issue 12 item 8). */
export const commsCustomerSchema = z.object({
  name: z.string(),
  email: z.string(),
  totalBookings: z.number().int(),
  /** Dollars (spec); `totalSpentCents` is the exact figure. Cancelled bookings excluded. */
  totalSpent: z.number(),
  totalSpentCents: z.number().int(),
  /** The address bounced permanently: the page warns before sending. */
  bounced: z.boolean(),
});
export type CommsCustomer = z.infer<typeof commsCustomerSchema>;
export const customerListResponseSchema = z.object({ customers: z.array(commsCustomerSchema) });
export type CustomerListResponse = z.infer<typeof customerListResponseSchema>;

/** Spec 02 §3.5 "Booking as shown on the e-mail screen". */
export const commsBookingSchema = z.object({
  id: z.uuid(),
  bookingCode: z.string(),
  eventType: z.string(),
  bookingDate: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  hallName: z.string(),
  selectedHall: z.string(),
  calculatedPrice: z.number(),
  calculatedPriceCents: z.number().int(),
  guestCount: z.number().int().nullable(),
  status: z.string(),
});
export type CommsBooking = z.infer<typeof commsBookingSchema>;
/** GET /api/email-comms/bookings/{customerEmail}: newest event first. */
export const customerBookingsResponseSchema = z.object({ bookings: z.array(commsBookingSchema) });
export type CustomerBookingsResponse = z.infer<typeof customerBookingsResponseSchema>;

/** GET /api/email-comms/bounces?email=…: whether the address bounced (the Send Email warning). */
export const bounceQuerySchema = z.object({
  email: z.string().trim().min(1, 'Email is required').max(254, 'At most 254 characters.'),
});
export const bounceSchema = z.object({
  email: z.string(),
  bounced: z.boolean(),
  /** The mail server's permanent answer (5xx). */
  reason: z.string().nullable(),
  bouncedAt: z.string().nullable(),
});
export const bounceResponseSchema = z.object({
  bounce: bounceSchema,
  /** Text for the page when bounced, else null. */
  warning: z.string().nullable(),
});
export type BounceResponse = z.infer<typeof bounceResponseSchema>;
export function bounceWarning(email: string, reason: string | null): string {
  return `Mail to ${email} bounced before${reason ? ` (${reason})` : ''}. Check the address before sending.`;
}
/** DELETE /api/email-comms/bounces?email=…: the address was corrected; send to it again. */
export const bounceClearedResponseSchema = z.object({ message: z.string() });

/**
 * Mail preview (issue 12 item 4): with no SMTP_URL the product's own small SMTP server receives
 * every message sent; the operator sees each as the customer would. A tenant sees its own
 * messages; the super admin every tenant's.
 */
export const mailPreviewQuerySchema = z.object({ limit: limit(200, 50) });
export const capturedMailSummarySchema = z.object({
  id: z.uuid(),
  messageId: z.string(),
  from: z.string(),
  to: z.string(),
  subject: z.string(),
  receivedAt: z.string(),
  size: z.number().int(),
  attachmentCount: z.number().int(),
  /** An SMS captured without SMS_URL (issue 26): `to` is the number, `subject` says SMS. */
  channel: z.enum(['email', 'sms']),
});
export const mailPreviewListResponseSchema = z.object({
  /** False when SMTP_URL sends mail to a real server: nothing is captured. */
  capturing: z.boolean(),
  items: z.array(capturedMailSummarySchema),
});
export type MailPreviewList = z.infer<typeof mailPreviewListResponseSchema>;
export const capturedMailSchema = capturedMailSummarySchema.extend({
  replyTo: z.string().nullable(),
  html: z.string().nullable(),
  text: z.string().nullable(),
  /** Each with its index for GET /api/email-comms/mail-preview/{id}/attachments/{index}. */
  attachments: z.array(attachmentInfoSchema.extend({ index: z.number().int() })),
});
export type CapturedMail = z.infer<typeof capturedMailSchema>;
export const mailPreviewDetailResponseSchema = z.object({ mail: capturedMailSchema });
export type CapturedMailDetail = z.infer<typeof mailPreviewDetailResponseSchema>['mail'];
