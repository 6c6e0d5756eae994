/**
 * Automatic e-mails (issue 12 item 6): which kinds a tenant sends, how many days before an
 * event the reminder goes, and the tenant-local hour scheduled mail goes out. Kept by comms.
 */
import { z } from 'zod';
import { REMINDER_CHANNELS, SMS_CAPABLE_KINDS, type ReminderChannel, type SmsCapableKind } from './sms.ts';

export const AUTOMATIC_EMAIL_KINDS = [
  'booking_confirmed',
  'hold_placed',
  'hold_expiring',
  'declined',
  'changes_requested',
  'cancelled',
  'event_reminder',
  'invoice_issued',
  'payment_received',
  'payment_reminder',
  'credit_note_issued',
] as const;
export type AutomaticEmailKind = (typeof AUTOMATIC_EMAIL_KINDS)[number];

/** Shown on the Settings switches. */
export const AUTOMATIC_EMAIL_LABELS: Record<AutomaticEmailKind, string> = {
  booking_confirmed: 'Booking confirmed',
  hold_placed: 'Hold placed (with its expiry)',
  hold_expiring: 'Hold expiring within 24 hours',
  declined: 'Request declined (with the reason)',
  changes_requested: 'Changes requested (with the message)',
  cancelled: 'Booking cancelled',
  event_reminder: 'Event reminder before the event',
  invoice_issued: 'Invoice issued',
  payment_received: 'Payment received',
  payment_reminder: 'Payment reminders',
  credit_note_issued: 'Adjustment note, refund or bond settled',
};

/** Scheduled mail (reminders, hold expiring) goes out at this tenant-local hour, daytime only. */
export const SEND_HOUR_MIN = 7;
export const SEND_HOUR_MAX = 20;
export const SEND_HOUR_MESSAGE = `Send hour must be a whole hour from ${SEND_HOUR_MIN} to ${SEND_HOUR_MAX}.`;
export const REMINDER_DAYS_BEFORE_MESSAGE = 'Reminder days must be a whole number from 1 to 30.';

export const commsSettingsSchema = z.object({
  automatic: z.object(
    Object.fromEntries(AUTOMATIC_EMAIL_KINDS.map((k) => [k, z.boolean()])) as Record<
      AutomaticEmailKind,
      z.ZodBoolean
    >,
  ),
  reminderDaysBefore: z.number().int().min(1).max(30),
  sendHour: z.number().int().min(SEND_HOUR_MIN).max(SEND_HOUR_MAX),
  /** How each reminder reaches the customer: e-mail, SMS or both (issue 26 item 3). */
  channels: z.object(
    Object.fromEntries(SMS_CAPABLE_KINDS.map((k) => [k, z.enum(REMINDER_CHANNELS)])) as Record<
      SmsCapableKind,
      z.ZodEnum<{ email: 'email'; sms: 'sms'; both: 'both' }>
    >,
  ),
});
export type CommsSettings = z.infer<typeof commsSettingsSchema>;

export const COMMS_SETTINGS_DEFAULTS: CommsSettings = {
  automatic: Object.fromEntries(AUTOMATIC_EMAIL_KINDS.map((k) => [k, true])) as Record<
    AutomaticEmailKind,
    boolean
  >,
  reminderDaysBefore: 2,
  sendHour: 9,
  channels: Object.fromEntries(SMS_CAPABLE_KINDS.map((k) => [k, 'email'])) as Record<
    SmsCapableKind,
    ReminderChannel
  >,
};

const CHANNEL_MESSAGE = 'Channel must be email, sms or both.';

const flag = z.boolean({ error: 'Must be true or false.' });

/** PUT /api/email-comms/settings: any subset; `automatic` may name some kinds only. */
export const commsSettingsUpdateSchema = z
  .object({
    automatic: z
      .object(
        Object.fromEntries(AUTOMATIC_EMAIL_KINDS.map((k) => [k, flag.optional()])) as Record<
          AutomaticEmailKind,
          z.ZodOptional<z.ZodBoolean>
        >,
      )
      .optional(),
    reminderDaysBefore: z
      .number({ error: REMINDER_DAYS_BEFORE_MESSAGE })
      .int(REMINDER_DAYS_BEFORE_MESSAGE)
      .min(1, REMINDER_DAYS_BEFORE_MESSAGE)
      .max(30, REMINDER_DAYS_BEFORE_MESSAGE)
      .optional(),
    sendHour: z
      .number({ error: SEND_HOUR_MESSAGE })
      .int(SEND_HOUR_MESSAGE)
      .min(SEND_HOUR_MIN, SEND_HOUR_MESSAGE)
      .max(SEND_HOUR_MAX, SEND_HOUR_MESSAGE)
      .optional(),
    channels: z
      .object(
        Object.fromEntries(
          SMS_CAPABLE_KINDS.map((k) => [k, z.enum(REMINDER_CHANNELS, { error: CHANNEL_MESSAGE }).optional()]),
        ) as Record<SmsCapableKind, z.ZodOptional<z.ZodEnum<{ email: 'email'; sms: 'sms'; both: 'both' }>>>,
      )
      .optional(),
  })
  .refine(
    (v) =>
      v.reminderDaysBefore !== undefined ||
      v.sendHour !== undefined ||
      (v.channels && Object.values(v.channels).some((x) => x !== undefined)) ||
      (v.automatic && Object.values(v.automatic).some((x) => x !== undefined)),
    'Nothing to update: automatic, reminderDaysBefore, sendHour or channels.',
  );
export type CommsSettingsUpdate = z.input<typeof commsSettingsUpdateSchema>;

/** GET and PUT /api/email-comms/settings answer. */
export const commsSettingsResponseSchema = z.object({
  settings: commsSettingsSchema,
  message: z.string().optional(),
});
