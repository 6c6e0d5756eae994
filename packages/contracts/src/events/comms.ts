// Payloads of the comms service's events.
import { z } from 'zod';

/**
 * `email.failed`: comms gave up on a message for good: the server refused it permanently
 * (bounced, SMTP 5xx) or it ran out of attempts. Insights shows it in Alerts & Tasks.
 */
export const emailFailedEventSchema = z.object({
  emailId: z.uuid(),
  hallOwnerId: z.uuid(),
  toEmail: z.string(),
  toName: z.string(),
  subject: z.string(),
  /** The last error in the server's words (or the connection's). */
  reason: z.string(),
  /** A permanent refusal (the address is marked bounced), not a run out of attempts. */
  bounced: z.boolean(),
  bookingId: z.uuid().nullable(),
  failedAt: z.iso.datetime({ offset: true }),
});
export type EmailFailedEvent = z.infer<typeof emailFailedEventSchema>;
