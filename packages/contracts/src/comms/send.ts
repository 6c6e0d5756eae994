/**
 * Sending (spec 02 §2.10, §2.12, §3.5, §5.3; issue 12 items 3 and 7): the Send Email page, the
 * quick e-mail, the pay-link e-mail and event reminders. Every message is queued in comms'
 * outbox and delivered by its worker; the answers say what was queued.
 */
import { z } from 'zod';
import { oneLine } from '../api/fields.ts';
import { TEMPLATE_VARIABLES } from './render.ts';
import { TEMPLATE_BODY_MAX, TEMPLATE_SUBJECT_MAX } from './templates.ts';

/** Spec 02 §5.3 and §8 wording. */
export const SEND_NEEDS_CONTENT = 'Please select a recipient and either a template or enter custom content';
export const QUICK_EMAIL_REQUIRED = 'Please fill in all required fields';
export const CUSTOMER_EMAIL_MISSING = 'Customer email not available';
export const EMAIL_SENT = 'Email sent successfully!';
export const RECIPIENT_EMAIL_INVALID = 'Please enter a valid email address.';

/** Attachments (issue 12 item 3): at most 10 files and 10 MB in all; beyond → 413. */
export const MAX_ATTACHMENTS = 10;
export const MAX_ATTACHMENT_TOTAL_BYTES = 10 * 1024 * 1024;
export const TOO_MANY_ATTACHMENTS = `At most ${MAX_ATTACHMENTS} attachments can be sent with one e-mail.`;
export const ATTACHMENTS_TOO_LARGE = 'Attachments may be at most 10 MB in all.';
export const ATTACHMENT_REFUSED = 'Programs and scripts cannot be attached.';
/** Multipart form: the JSON of {@link sendEmailSchema} in this part, files in `attachments` parts. */
export const SEND_PAYLOAD_PART = 'payload';
export const SEND_ATTACHMENTS_PART = 'attachments';

/**
 * What a message is for: the Send Email page (`general`), the quick e-mail (`quick`, also
 * `isCustom: true`), the pay-link e-mail (`payment_link`: the tenant's Payment link template
 * with a link built by the server from `bookingId`) or a reminder.
 */
export const SEND_PURPOSES = ['general', 'quick', 'payment_link', 'reminder'] as const;
export type SendPurpose = (typeof SEND_PURPOSES)[number];

const variableValue = z.union([z.string().max(2000, 'At most 2000 characters.'), z.number(), z.null()]);

/** POST /api/email-comms/send (JSON, or the `payload` part of a multipart form). */
export const sendEmailSchema = z
  .object({
    templateId: z.uuid({ error: 'Must be a template id.' }).optional(),
    recipientEmail: z
      .string({ error: RECIPIENT_EMAIL_INVALID })
      .trim()
      .max(254, RECIPIENT_EMAIL_INVALID)
      .pipe(z.email({ error: RECIPIENT_EMAIL_INVALID })),
    recipientName: oneLine(
      z.string({ error: 'Must be text.' }).trim().max(200, 'At most 200 characters.'),
      'Recipient name',
    ).optional(),
    bookingId: z.uuid({ error: 'Must be a booking id.' }).optional(),
    customSubject: oneLine(
      z
        .string({ error: 'Must be text.' })
        .max(TEMPLATE_SUBJECT_MAX, `At most ${TEMPLATE_SUBJECT_MAX} characters.`),
      'Subject',
    ).optional(),
    customBody: z
      .string({ error: 'Must be text.' })
      .max(TEMPLATE_BODY_MAX, `At most ${TEMPLATE_BODY_MAX} characters.`)
      .optional(),
    /**
     * Spec 02 §3.5 variables the page shows; only known names are kept, and a booking's own
     * values (from `bookingId`) win over them.
     */
    variables: z
      .record(z.string(), variableValue)
      .optional()
      .transform((v) =>
        v === undefined
          ? undefined
          : Object.fromEntries(
              Object.entries(v)
                .filter(([k, x]) => (TEMPLATE_VARIABLES as readonly string[]).includes(k) && x !== null)
                .map(([k, x]) => [k, String(x)]),
            ),
      ),
    isCustom: z.boolean({ error: 'Must be true or false.' }).optional(),
    purpose: z.enum(SEND_PURPOSES, { error: 'Unknown purpose.' }).optional(),
    /**
     * Attach this invoice's PDF (the Dashboard's Share by e-mail: issue 24 item 14). The server
     * asks money for it when the e-mail is queued, and fills `{{invoiceNumber}}`, `{{invoiceTotal}}`,
     * `{{amountDue}}` and `{{dueDate}}` with what that PDF prints.
     */
    invoiceId: z.uuid({ error: 'Must be an invoice id.' }).optional(),
  })
  .superRefine((v, ctx) => {
    const subject = v.customSubject?.trim() ?? '';
    const body = v.customBody?.trim() ?? '';
    if (v.isCustom || v.purpose === 'quick') {
      if (!subject) ctx.addIssue({ code: 'custom', path: ['customSubject'], message: QUICK_EMAIL_REQUIRED });
      if (!body) ctx.addIssue({ code: 'custom', path: ['customBody'], message: QUICK_EMAIL_REQUIRED });
      return;
    }
    if (v.purpose === 'payment_link') {
      if (!v.bookingId)
        ctx.addIssue({ code: 'custom', path: ['bookingId'], message: 'Choose the booking to be paid.' });
      return;
    }
    if (!v.templateId && !subject)
      ctx.addIssue({ code: 'custom', path: ['customSubject'], message: SEND_NEEDS_CONTENT });
    if (!v.templateId && subject && !body)
      ctx.addIssue({ code: 'custom', path: ['customBody'], message: 'Body is required' });
  });
export type SendEmailRequest = z.input<typeof sendEmailSchema>;
export type SendEmailPayload = z.output<typeof sendEmailSchema>;

export const EMAIL_STATUSES = ['pending', 'sent', 'failed'] as const;
export type EmailStatus = (typeof EMAIL_STATUSES)[number];

export const attachmentInfoSchema = z.object({
  filename: z.string(),
  contentType: z.string(),
  size: z.number().int(),
});
export type AttachmentInfo = z.infer<typeof attachmentInfoSchema>;

/** Spec 02 §3.5 e-mail history record, plus what the outbox knows. */
export const emailRecordSchema = z.object({
  id: z.uuid(),
  subject: z.string(),
  to: z.string(),
  recipientName: z.string(),
  /** `pending` until the worker's mail server accepted it (also while it is being handed over). */
  status: z.enum(EMAIL_STATUSES),
  /** When the mail server accepted it; null while pending or failed. */
  sentAt: z.string().nullable(),
  createdAt: z.string(),
  templateName: z.string().nullable(),
  bookingId: z.uuid().nullable(),
  /** The plain-text body as sent. */
  body: z.string(),
  /** What it was for: a send purpose, or an automatic kind (`declined`, `event_reminder`, …). */
  kind: z.string(),
  attempts: z.number().int(),
  /** The mail server's answer to the last failed attempt, or null. */
  lastError: z.string().nullable(),
  /** When the next attempt is due while pending after a failure; null otherwise. */
  nextAttemptAt: z.string().nullable(),
  messageId: z.string(),
  attachments: z.array(attachmentInfoSchema),
  /** E-mail or SMS (issue 26): for an SMS `to` is the E.164 number and `subject` the template's name. */
  channel: z.enum(['email', 'sms']),
  /** An SMS's parts (GSM-7 160/153, UCS-2 70/67); null for an e-mail. */
  segments: z.number().int().nullable(),
  /**
   * An SMS's delivery receipt from the provider (its status callback) after `sent`: `delivered`,
   * `undelivered`, or null (none yet, an e-mail, or captured for Mail preview).
   */
  delivery: z.enum(['delivered', 'undelivered']).nullable(),
  /** The provider's ErrorCode of an undelivered SMS, or null. */
  deliveryError: z.string().nullable(),
});
export type EmailRecord = z.infer<typeof emailRecordSchema>;

/** POST /api/email-comms/send answer (202: queued). `warning` when the address bounced before. */
export const sendEmailResponseSchema = z.object({
  message: z.string(),
  email: emailRecordSchema,
  warning: z.string().nullable(),
});
export type SendEmailResponse = z.infer<typeof sendEmailResponseSchema>;

/** POST /api/email-comms/reminders (issue 12 item 7): one reminder per booking. */
export const MAX_REMINDER_BOOKINGS = 200;
export const sendRemindersSchema = z.object({
  bookingIds: z
    .array(z.uuid({ error: 'Must be a booking id.' }), { error: 'Select at least one booking.' })
    .min(1, 'Select at least one booking.')
    .max(MAX_REMINDER_BOOKINGS, `At most ${MAX_REMINDER_BOOKINGS} bookings at once.`),
  /** Another template than the tenant's Event reminder one. */
  templateId: z.uuid({ error: 'Must be a template id.' }).optional(),
  /** `sms`: the reminder goes by SMS to each booking's customer phone (issue 26); default e-mail. */
  channel: z.enum(['email', 'sms'], { error: 'Channel must be email or sms.' }).optional(),
});
export type SendRemindersRequest = z.input<typeof sendRemindersSchema>;

export const reminderResultSchema = z.object({
  bookingId: z.uuid(),
  status: z.enum(['queued', 'failed']),
  /** Why it failed (no e-mail address, not found, …); null when queued. */
  message: z.string().nullable(),
  emailId: z.uuid().nullable(),
});
export const sendRemindersResponseSchema = z.object({
  sent: z.number().int(),
  failed: z.number().int(),
  /** "Sent N reminder(s), M failed." (spec 02 §8), or "No reminders were sent." */
  message: z.string(),
  results: z.array(reminderResultSchema),
});
export type SendRemindersResponse = z.infer<typeof sendRemindersResponseSchema>;

/** Spec 02 §8 reminders message. */
export function remindersMessage(sent: number, failed: number): string {
  return sent === 0 ? 'No reminders were sent.' : `Sent ${sent} reminder(s), ${failed} failed.`;
}
