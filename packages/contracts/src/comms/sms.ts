/**
 * SMS (issue 26 item 3, decision 61): a second channel of comms' outbox. A person sends one from
 * an SMS template (or their own words) to a booking's customer or a typed number; event and
 * payment reminders may go by SMS as well as, or instead of, e-mail; a provider's inbound webhook
 * records STOP and UNSTOP per number and venue. Segments and cost are counted here, the same way
 * on the server (which decides) and in the browser (which only shows the server's answer).
 */
import { z } from 'zod';
import { oneLine } from '../api/fields.ts';
import { emailRecordSchema } from './send.ts';

export const MESSAGE_CHANNELS = ['email', 'sms'] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];
export const CHANNEL_LABELS: Record<MessageChannel, string> = { email: 'E-mail', sms: 'SMS' };

/** How an automatic reminder reaches the customer (Settings → General → Automatic e-mails). */
export const REMINDER_CHANNELS = ['email', 'sms', 'both'] as const;
export type ReminderChannel = (typeof REMINDER_CHANNELS)[number];
export const REMINDER_CHANNEL_LABELS: Record<ReminderChannel, string> = {
  email: 'E-mail',
  sms: 'SMS',
  both: 'E-mail and SMS',
};
/** The automatic kinds that may go by SMS, each with the SMS template kind it uses. */
export const SMS_CAPABLE_KINDS = ['event_reminder', 'payment_reminder'] as const;
export type SmsCapableKind = (typeof SMS_CAPABLE_KINDS)[number];

/** The longest SMS body sent (10 GSM-7 parts); longer is refused before queueing. */
export const SMS_BODY_MAX = 1530;

// GSM 03.38: the basic set (one septet each) and its extension table (escape + one: two septets).
const GSM_BASIC = new Set(
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà',
);
const GSM_EXTENDED = new Set('\f^{}\\[~]|€');

export interface SmsSegments {
  encoding: 'GSM-7' | 'UCS-2';
  /** Septets (GSM-7) or UTF-16 code units (UCS-2). */
  units: number;
  segments: number;
}

/**
 * Parts the body travels in: GSM-7 160 septets in one part, 153 per part when split (the rest is
 * the concatenation header); any character outside GSM-7 makes the whole message UCS-2, 70 code
 * units in one, 67 per part. An extension character (€, [, …) takes two septets.
 */
export function countSegments(body: string): SmsSegments {
  let septets = 0;
  let gsm = true;
  for (const ch of body) {
    if (GSM_BASIC.has(ch)) septets += 1;
    else if (GSM_EXTENDED.has(ch)) septets += 2;
    else {
      gsm = false;
      break;
    }
  }
  if (gsm) {
    const segments = septets === 0 ? 0 : septets <= 160 ? 1 : Math.ceil(septets / 153);
    return { encoding: 'GSM-7', units: septets, segments };
  }
  const units = body.length; // UTF-16 code units: an emoji is two
  return { encoding: 'UCS-2', units, segments: units <= 70 ? 1 : Math.ceil(units / 67) };
}

/** A mobile or landline in E.164 (+ country code, up to 15 digits). */
export const E164 = /^\+[1-9]\d{6,14}$/;

/** The words a refusal uses. */
export const SMS_NO_PHONE = 'The booking has no customer phone number to send an SMS to.';
export const SMS_BAD_PHONE =
  'The phone number is not a valid number in international form (e.g. +61412345678).';
export const SMS_OPTED_OUT =
  'This number has opted out of SMS from this venue (it replied STOP, or staff marked it).';
export const SMS_NEEDS_RECIPIENT = 'Choose a booking or enter a phone number.';
export const SMS_NEEDS_CONTENT = 'Choose an SMS template or write the message.';
export const SMS_TEMPLATE_NOT_SMS = 'That template is an e-mail template; choose an SMS template.';
export const smsNightNotice = (at: string) =>
  `It is outside 08:00–20:00 at the venue: the SMS waits and goes at ${at}.`;

const phoneField = oneLine(
  z.string({ error: SMS_BAD_PHONE }).trim().min(1, SMS_BAD_PHONE).max(40, SMS_BAD_PHONE),
  'Phone',
);
const smsBody = z.string({ error: 'Must be text.' }).max(SMS_BODY_MAX, `At most ${SMS_BODY_MAX} characters.`);

/** POST /api/email-comms/sms: one SMS by a person. */
export const sendSmsSchema = z
  .object({
    templateId: z.uuid({ error: 'Must be a template id.' }).optional(),
    customBody: smsBody.optional(),
    /** The customer's phone (E.164, as bookings stores it) and the template's values come from it. */
    bookingId: z.uuid({ error: 'Must be a booking id.' }).optional(),
    /** Without a booking: the number, in international form or as the venue's country writes it. */
    recipientPhone: phoneField.optional(),
    recipientName: oneLine(
      z.string({ error: 'Must be text.' }).trim().max(200, 'At most 200 characters.'),
      'Recipient name',
    ).optional(),
  })
  .superRefine((v, ctx) => {
    if (!v.templateId && !v.customBody?.trim())
      ctx.addIssue({ code: 'custom', path: ['customBody'], message: SMS_NEEDS_CONTENT });
    if (!v.bookingId && !v.recipientPhone)
      ctx.addIssue({ code: 'custom', path: ['recipientPhone'], message: SMS_NEEDS_RECIPIENT });
  });
export type SendSmsRequest = z.input<typeof sendSmsSchema>;

export const sendSmsResponseSchema = z.object({
  message: z.string(),
  sms: emailRecordSchema,
  /** When it will go, when that is later than now (night at the venue). */
  scheduledFor: z.string().nullable(),
  /** What to tell the person (the night wait), or null. */
  notice: z.string().nullable(),
});
export type SendSmsResponse = z.infer<typeof sendSmsResponseSchema>;

/** POST /api/email-comms/sms/preview: what a send would cost, before it is sent. */
export const SMS_PREVIEW_MAX_BOOKINGS = 200;
export const smsCostPreviewSchema = z
  .object({
    templateId: z.uuid({ error: 'Must be a template id.' }).optional(),
    customBody: smsBody.optional(),
    bookingIds: z
      .array(z.uuid({ error: 'Must be a booking id.' }))
      .max(SMS_PREVIEW_MAX_BOOKINGS, `At most ${SMS_PREVIEW_MAX_BOOKINGS} bookings at once.`)
      .optional(),
    /** One typed number (no booking). */
    recipientPhone: phoneField.optional(),
  })
  .superRefine((v, ctx) => {
    // Neither a template nor words, for bookings: the venue's SMS Event reminder template, the
    // one POST /api/email-comms/reminders with channel sms sends (the reminders dialog's cost).
    if (!v.templateId && !v.customBody?.trim() && !v.bookingIds?.length)
      ctx.addIssue({ code: 'custom', path: ['customBody'], message: SMS_NEEDS_CONTENT });
    if (!v.bookingIds?.length && !v.recipientPhone)
      ctx.addIssue({ code: 'custom', path: ['bookingIds'], message: SMS_NEEDS_RECIPIENT });
  });
export type SmsCostPreviewRequest = z.input<typeof smsCostPreviewSchema>;

export const smsCostPreviewResponseSchema = z.object({
  /** Messages that would be queued. */
  messages: z.number().int(),
  segments: z.number().int(),
  segmentPriceCents: z.number().int(),
  totalCents: z.number().int(),
  currency: z.string(),
  /** "3 messages, 4 segments, about $0.24". */
  summary: z.string(),
  /** UCS-2 when any message has a character outside GSM-7. */
  encodings: z.array(z.enum(['GSM-7', 'UCS-2'])),
  /** Bookings that would get none, and why (no phone, opted out, …). */
  skipped: z.array(z.object({ bookingId: z.string(), reason: z.string() })),
});
export type SmsCostPreview = z.infer<typeof smsCostPreviewResponseSchema>;

export function smsSummary(messages: number, segments: number, money: string): string {
  return `${messages} message${messages === 1 ? '' : 's'}, ${segments} segment${segments === 1 ? '' : 's'}, about ${money}`;
}

/** GET /api/email-comms/sms/settings: how SMS leave this product, and the venue's inbound URL. */
export const smsSettingsResponseSchema = z.object({
  /** False without SMS_URL: SMS are captured for Mail preview. */
  configured: z.boolean(),
  capturing: z.boolean(),
  from: z.string(),
  segmentPriceCents: z.number().int(),
  /** The path the provider posts replies to (STOP, UNSTOP); hall owner only, else null. */
  inboundPath: z.string().nullable(),
});

/** POST /api/email-comms/sms/inbound/{token}: the provider's inbound message (Twilio's form names). */
export const smsInboundSchema = z.looseObject({
  From: z.string({ error: 'From is required.' }).trim().min(1, 'From is required.').max(40),
  Body: z.string({ error: 'Body is required.' }).max(1600),
});
export const smsInboundResponseSchema = z.object({
  recorded: z.enum(['opted_out', 'opted_in', 'ignored']),
});

/**
 * A number's opt-out of the venue's SMS (issue 26 item 3): the number replied STOP (`reply`), or
 * a staff member marked it (`staff`: the customer phoned or wrote to say stop). Either way the
 * same check refuses SMS to it; UNSTOP from the number, or staff, opts it back in.
 */
export const SMS_OPT_OUT_SOURCES = ['reply', 'staff'] as const;
export type SmsOptOutSource = (typeof SMS_OPT_OUT_SOURCES)[number];

/** GET /api/email-comms/sms/opt-outs?phone=… or ?bookingId=… (the booking's customer phone). */
export const smsOptOutQuerySchema = z
  .object({
    phone: phoneField.optional(),
    bookingId: z.uuid({ error: 'Must be a booking id.' }).optional(),
  })
  .superRefine((v, ctx) => {
    if (!v.phone && !v.bookingId)
      ctx.addIssue({ code: 'custom', path: ['phone'], message: 'Give a phone number or a booking.' });
    if (v.phone && v.bookingId)
      ctx.addIssue({
        code: 'custom',
        path: ['phone'],
        message: 'Give a phone number or a booking, not both.',
      });
  });
/** PUT /api/email-comms/sms/opt-outs (body) and DELETE /api/email-comms/sms/opt-outs?phone=…. */
export const smsOptOutPhoneSchema = z.object({ phone: phoneField });
export type SmsOptOutPhone = z.input<typeof smsOptOutPhoneSchema>;

export const smsOptOutSchema = z.object({
  /** E.164; null when the booking asked about has no customer phone. */
  phone: z.string().nullable(),
  optedOut: z.boolean(),
  /** The rest is null while the number is not opted out. */
  source: z.enum(SMS_OPT_OUT_SOURCES).nullable(),
  /** What the number replied (STOP, UNSUBSCRIBE, …) when `source` is `reply`. */
  word: z.string().nullable(),
  optedOutAt: z.string().nullable(),
  /** The staff member who marked it, when `source` is `staff`. */
  byName: z.string().nullable(),
});
export type SmsOptOut = z.infer<typeof smsOptOutSchema>;
export const smsOptOutResponseSchema = z.object({ optOut: smsOptOutSchema });
export type SmsOptOutResponse = z.infer<typeof smsOptOutResponseSchema>;
export const smsOptOutChangedResponseSchema = z.object({ optOut: smsOptOutSchema, message: z.string() });
export type SmsOptOutChanged = z.infer<typeof smsOptOutChangedResponseSchema>;

/** "Opted out of SMS on 18 Nov 2026 — replied STOP" / "… — marked by Jane Smith"; `on` is the date as shown. */
export function smsOptOutText(o: SmsOptOut, on: string): string | null {
  if (!o.optedOut) return null;
  const how =
    o.source === 'staff' ? `marked by ${o.byName || 'a staff member'}` : `replied ${o.word || 'STOP'}`;
  return `Opted out of SMS on ${on} — ${how}`;
}
export const smsOptedOutMessage = (phone: string) => `${phone} is opted out of SMS from this venue.`;
export const smsOptedInMessage = (phone: string) => `${phone} can get SMS from this venue again.`;
export const smsNotOptedOutMessage = (phone: string) => `${phone} was not opted out of SMS.`;

/** STOP words (carriers' conventions) and the words that undo them. */
export const SMS_STOP_WORDS = ['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'OPTOUT'];
export const SMS_START_WORDS = ['UNSTOP', 'START', 'YES', 'OPTIN'];

/**
 * POST /api/email-comms/sms/status/{token}: the provider's delivery receipt for one SMS (Twilio's
 * StatusCallback form names). `delivered` and `undelivered`/`failed` are recorded on the message;
 * the in-between states (`queued`, `sent`, …) change nothing.
 */
export const SMS_PROVIDER_STATUSES = [
  'accepted',
  'scheduled',
  'queued',
  'sending',
  'sent',
  'delivered',
  'undelivered',
  'failed',
  'read',
  'canceled',
] as const;
export const smsStatusCallbackSchema = z.looseObject({
  MessageSid: z
    .string({ error: 'MessageSid is required.' })
    .trim()
    .min(1, 'MessageSid is required.')
    .max(200, 'At most 200 characters.'),
  MessageStatus: z.enum(SMS_PROVIDER_STATUSES, {
    error: `MessageStatus must be one of ${SMS_PROVIDER_STATUSES.join(', ')}.`,
  }),
  ErrorCode: z.string({ error: 'Must be text.' }).trim().max(40, 'At most 40 characters.').optional(),
});
export const smsStatusCallbackResponseSchema = z.object({
  /** `ignored`: an in-between state, an unknown id, or a message already delivered. */
  recorded: z.enum(['delivered', 'undelivered', 'ignored']),
});
/** What Message History says of an SMS the provider could not deliver. */
export const smsUndeliveredText = (code: string | null) =>
  `Not delivered${code ? ` (provider error ${code})` : ''}.`;
