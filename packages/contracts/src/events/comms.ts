// Payloads of the comms service's events.
import { z } from 'zod';

/**
 * `email.failed`: comms gave up on a message for good: the server refused it permanently
 * (bounced, SMTP 5xx) or it ran out of attempts. Insights shows it in Alerts & Tasks. An SMS goes
 * out as the same event with `channel: 'sms'` and its E.164 number in `toEmail`.
 */
export const emailFailedEventSchema = z.object({
  emailId: z.uuid(),
  hallOwnerId: z.uuid(),
  /** The e-mail address, or an SMS's E.164 number. */
  toEmail: z.string(),
  toName: z.string(),
  subject: z.string(),
  /** The last error in the server's words (or the connection's). */
  reason: z.string(),
  /** A permanent refusal (the address is marked bounced), not a run out of attempts. */
  bounced: z.boolean(),
  bookingId: z.uuid().nullable(),
  failedAt: z.iso.datetime({ offset: true }),
  /**
   * Which channel the message went by; absent means e-mail. Optional, not `.default('email')`:
   * events published before the field existed (an SMS among them, told only by its E.164
   * `toEmail`) must stay distinguishable from an e-mail after parsing, so a consumer can still
   * infer the channel of those.
   */
  channel: z.enum(['email', 'sms']).optional(),
});
export type EmailFailedEvent = z.infer<typeof emailFailedEventSchema>;
