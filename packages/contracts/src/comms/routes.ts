/**
 * The comms service's calls (docs/api/comms.md; decision 29): templates, sending, history,
 * recipients, reminders, bounces, the automatic e-mail settings and Mail preview.
 */
import { z } from 'zod';
import { idParams } from '../api/common.ts';
import type { RouteTable } from '../api/route-table.ts';
import {
  bounceClearedResponseSchema,
  bounceQuerySchema,
  bounceResponseSchema,
  customerBookingsResponseSchema,
  customerListResponseSchema,
  customerSearchQuerySchema,
  emailDetailResponseSchema,
  historyQuerySchema,
  historyResponseSchema,
  mailPreviewDetailResponseSchema,
  mailPreviewListResponseSchema,
  mailPreviewQuerySchema,
} from './history.ts';
import {
  sendEmailResponseSchema,
  sendEmailSchema,
  sendRemindersResponseSchema,
  sendRemindersSchema,
} from './send.ts';
import { commsSettingsResponseSchema, commsSettingsUpdateSchema } from './settings.ts';
import {
  sendSmsResponseSchema,
  sendSmsSchema,
  smsCostPreviewResponseSchema,
  smsCostPreviewSchema,
  smsInboundResponseSchema,
  smsInboundSchema,
  smsOptOutChangedResponseSchema,
  smsOptOutPhoneSchema,
  smsOptOutQuerySchema,
  smsOptOutResponseSchema,
  smsSettingsResponseSchema,
  smsStatusCallbackResponseSchema,
  smsStatusCallbackSchema,
} from './sms.ts';
import {
  templateCreateSchema,
  templateDeleteResponseSchema,
  templateListQuerySchema,
  templateListResponseSchema,
  templatePreviewRequestSchema,
  templatePreviewResponseSchema,
  templateResponseSchema,
  templateUpdateSchema,
} from './templates.ts';

const base = { service: 'comms', access: 'comms' } as const;
const templates = { ...base, tag: 'E-mail templates' } as const;
const email = { ...base, tag: 'E-mail' } as const;
const mailPreview = { ...base, tag: 'Mail preview' } as const;
const sms = { ...base, tag: 'SMS' } as const;
const ok = (schema: z.ZodType, description = 'OK') => ({ 200: { description, schema } });
const notFound = (what: string) => ({ 404: { description: `No such ${what} in this venue.` } });
const notYet = {
  503: { description: "The venue's settings have not reached Communications yet; try again shortly." },
};

export const COMMS_ROUTES = [
  {
    ...templates,
    method: 'get',
    path: '/api/email-templates',
    summary: "The venue's templates (a venue's first read seeds its defaults)",
    description:
      'One template per automatic or money e-mail kind is seeded once (`kind`), then the venue words them; its own templates have `kind: null`.',
    query: templateListQuerySchema,
    responses: ok(templateListResponseSchema),
    spec: '02 §7',
  },
  {
    ...templates,
    method: 'post',
    path: '/api/email-templates',
    summary: 'Create a template',
    description: 'Honours `Idempotency-Key`.',
    body: templateCreateSchema,
    responses: { 201: { description: 'Created.', schema: templateResponseSchema } },
    spec: '02 §7',
  },
  {
    ...templates,
    method: 'post',
    path: '/api/email-templates/preview',
    summary: "A subject and body filled with a booking's values (that booking, else the latest)",
    description:
      'Every value is HTML-escaped; names without a value are listed in `unfilled`. Honours `Idempotency-Key`.',
    body: templatePreviewRequestSchema,
    responses: { ...ok(templatePreviewResponseSchema), ...notFound('booking'), ...notYet },
  },
  {
    ...templates,
    method: 'get',
    path: '/api/email-templates/{id}',
    summary: 'One template',
    params: idParams,
    responses: { ...ok(templateResponseSchema), ...notFound('template') },
    spec: '02 §7',
  },
  {
    ...templates,
    method: 'put',
    path: '/api/email-templates/{id}',
    summary: 'Change any of the fields of a template',
    params: idParams,
    body: templateUpdateSchema,
    responses: { ...ok(templateResponseSchema), ...notFound('template') },
    spec: '02 §7',
  },
  {
    ...templates,
    method: 'delete',
    path: '/api/email-templates/{id}',
    summary: 'Delete a template',
    params: idParams,
    responses: { ...ok(templateDeleteResponseSchema), ...notFound('template') },
    spec: '02 §7',
  },

  {
    ...email,
    method: 'post',
    path: '/api/email-comms/send',
    summary: 'Queue an e-mail: a template, custom text, a quick e-mail or the pay link',
    description:
      'JSON, or multipart with the JSON in the part `payload` and up to 10 files (10 MB) in `attachments`. Queued (202); the worker delivers it and Email History follows it. Honours `Idempotency-Key`.',
    body: sendEmailSchema,
    responses: {
      202: { description: 'Queued.', schema: sendEmailResponseSchema },
      ...notFound('template or booking'),
      413: { description: 'More than 10 files or 10 MB.' },
      ...notYet,
    },
    spec: '02 §7',
  },
  {
    ...email,
    method: 'post',
    path: '/api/email-comms/reminders',
    access: 'comms or bookings',
    summary: "Event reminders for chosen bookings (the venue's Event reminder template, or another)",
    description: 'One result per booking. Honours `Idempotency-Key`.',
    body: sendRemindersSchema,
    responses: { ...ok(sendRemindersResponseSchema), ...notFound('template'), ...notYet },
  },
  {
    ...email,
    method: 'get',
    path: '/api/email-comms/history',
    summary: 'Message History (e-mail and SMS): newest first, cursor paging, counts per status',
    query: historyQuerySchema,
    responses: ok(historyResponseSchema),
    spec: '02 §7',
  },
  {
    ...email,
    method: 'get',
    path: '/api/email-comms/history/{id}',
    summary: 'One e-mail with its HTML, sender and attachments',
    params: idParams,
    responses: { ...ok(emailDetailResponseSchema), ...notFound('e-mail') },
  },
  {
    ...email,
    method: 'get',
    path: '/api/email-comms/customers',
    summary: "Recipients: the venue's customers with their bookings, spend and bounce flag",
    query: customerSearchQuerySchema,
    responses: ok(customerListResponseSchema),
    spec: '02 §7',
  },
  {
    ...email,
    method: 'get',
    path: '/api/email-comms/bookings/{customerEmail}',
    summary: "A customer's bookings (for the booking picker of Send Email)",
    params: z.object({
      customerEmail: z.string().meta({ description: "The customer's e-mail address (any case)." }),
    }),
    responses: ok(customerBookingsResponseSchema),
    spec: '02 §7',
  },
  {
    ...email,
    method: 'get',
    path: '/api/email-comms/bounces',
    summary: 'Whether mail to an address came back permanently',
    query: bounceQuerySchema,
    responses: ok(bounceResponseSchema),
  },
  {
    ...email,
    method: 'delete',
    path: '/api/email-comms/bounces',
    summary: 'Clear a bounce after the address was corrected',
    query: bounceQuerySchema,
    responses: ok(bounceClearedResponseSchema),
  },
  {
    ...email,
    method: 'get',
    path: '/api/email-comms/settings',
    summary: 'Automatic e-mails: which kinds go, reminder days, send hour',
    responses: ok(commsSettingsResponseSchema),
  },
  {
    ...email,
    method: 'put',
    path: '/api/email-comms/settings',
    access: 'owner',
    summary: 'Change the automatic e-mail switches, reminder days or send hour',
    body: commsSettingsUpdateSchema,
    responses: ok(commsSettingsResponseSchema),
  },

  {
    ...sms,
    method: 'post',
    path: '/api/email-comms/sms',
    summary: "Queue an SMS: an SMS template or own words, to a booking's customer phone or a typed number",
    description:
      "The number is the booking's customer phone (E.164) or `recipientPhone` (international form, or as the venue's country writes it). Refused with 400 naming the field: no phone, an invalid one, a number that replied STOP, an e-mail template. Outside 08:00–20:00 venue time it waits until 08:00 (`scheduledFor`, `notice`). Honours `Idempotency-Key`.",
    body: sendSmsSchema,
    responses: {
      202: { description: 'Queued.', schema: sendSmsResponseSchema },
      ...notFound('template or booking'),
      ...notYet,
    },
  },
  {
    ...sms,
    method: 'post',
    path: '/api/email-comms/sms/preview',
    summary: 'What an SMS send would cost before it is sent: messages, segments, price',
    description:
      'The server fills the template for each booking and counts its parts (GSM-7 160/153, UCS-2 70/67) at the operator’s price per segment (SMS_SEGMENT_PRICE_CENTS). Bookings that would get none are listed with the reason. Sends nothing.',
    body: smsCostPreviewSchema,
    responses: { ...ok(smsCostPreviewResponseSchema), ...notFound('template'), ...notYet },
  },
  {
    ...sms,
    method: 'get',
    path: '/api/email-comms/sms/settings',
    summary:
      'How SMS leave: the provider configured or captured for Mail preview, the sender, the price, the inbound URL',
    responses: ok(smsSettingsResponseSchema),
  },
  {
    ...sms,
    method: 'get',
    path: '/api/email-comms/sms/opt-outs',
    summary:
      "Whether a number (or a booking's customer phone) is opted out of the venue's SMS, since when and why",
    description:
      "`phone` (international form, or as the venue's country writes it) or `bookingId` (its customer phone; `phone: null` when it has none). `source` is `reply` (the number replied STOP; `word` says what) or `staff` (`byName` marked it). 400 naming `phone` for a number that is not one.",
    query: smsOptOutQuerySchema,
    responses: { ...ok(smsOptOutResponseSchema), ...notFound('booking') },
  },
  {
    ...sms,
    method: 'put',
    path: '/api/email-comms/sms/opt-outs',
    summary: 'Mark a number opted out of SMS (the customer asked by phone or in writing)',
    description:
      'Recorded with the staff member and the time (`source: staff`), audited, and enforced like a STOP reply: SMS to the number are refused (`POST /api/email-comms/sms` answers 400 naming the recipient field) and automatic SMS skip it. A number already opted out keeps its first record. 400 naming `phone` for a number that is not one.',
    body: smsOptOutPhoneSchema,
    responses: ok(smsOptOutChangedResponseSchema),
  },
  {
    ...sms,
    method: 'delete',
    path: '/api/email-comms/sms/opt-outs',
    summary: 'Opt a number back in to SMS (whether it replied STOP or was marked by staff)',
    description:
      'Audited. A number that was not opted out is answered 200 with `optedOut: false` and says so. 400 naming `phone` for a number that is not one.',
    query: smsOptOutPhoneSchema,
    responses: ok(smsOptOutChangedResponseSchema),
  },
  {
    ...sms,
    access: 'public',
    method: 'post',
    path: '/api/email-comms/sms/inbound/{token}',
    summary: "The SMS provider's inbound webhook: STOP and UNSTOP replies per number",
    description:
      'No sign-in: the venue\'s secret URL (GET /api/email-comms/sms/settings, hall owner) is the credential. `application/x-www-form-urlencoded` (Twilio\'s `From`, `Body`) or JSON. STOP, STOPALL, UNSUBSCRIBE, CANCEL, END, QUIT record the number as opted out of the venue\'s SMS; UNSTOP, START, YES undo it; anything else is ignored. The answer comes in the kind of the post: a form post (as Twilio-style providers send) is answered 200 `text/xml` with TwiML that replies nothing, `<?xml version="1.0" encoding="UTF-8"?><Response></Response>` (the venue sends no auto-reply); a JSON post is answered with the JSON below. When `SMS_URL` carries the provider\'s auth token, a post without a matching `X-Twilio-Signature` is refused 403 and nothing is recorded.',
    params: z.object({ token: z.string().meta({ description: "The venue's inbound token" }) }),
    body: smsInboundSchema,
    responses: {
      ...ok(
        smsInboundResponseSchema,
        'OK. A JSON post gets this JSON; a form post gets 200 `text/xml`, an empty TwiML `<Response>` (see the description).',
      ),
      403: {
        description: 'Not signed by the SMS provider (`X-Twilio-Signature`), when its auth token is known.',
      },
      404: { description: 'Not a token this product issued.' },
    },
  },
  {
    ...sms,
    access: 'public',
    method: 'post',
    path: '/api/email-comms/sms/status/{token}',
    summary: "The SMS provider's delivery receipt (status callback) for one SMS",
    description:
      "No sign-in: each SMS is sent with `StatusCallback` naming this URL with the venue's signed token. `application/x-www-form-urlencoded` (Twilio's `MessageSid`, `MessageStatus`, `ErrorCode`) or JSON. `delivered` (or `read`) records the message delivered; `undelivered` or `failed` records it not delivered with the error code; a delivered message is never moved back. Other states, and an id the venue has no SMS for, change nothing (200).",
    params: z.object({ token: z.string().meta({ description: "The venue's status token" }) }),
    body: smsStatusCallbackSchema,
    responses: {
      ...ok(smsStatusCallbackResponseSchema),
      404: { description: 'Not a token this product issued.' },
    },
  },

  {
    ...mailPreview,
    method: 'get',
    path: '/api/email-comms/mail-preview',
    summary: 'Mail the embedded mail server received (no SMTP_URL): the venue’s, or all for the super admin',
    query: mailPreviewQuerySchema,
    responses: ok(mailPreviewListResponseSchema),
  },
  {
    ...mailPreview,
    method: 'get',
    path: '/api/email-comms/mail-preview/{id}',
    summary: 'One captured message: HTML, text, sender and its attachments',
    params: idParams,
    responses: { ...ok(mailPreviewDetailResponseSchema), ...notFound('captured message') },
  },
  {
    ...mailPreview,
    method: 'get',
    path: '/api/email-comms/mail-preview/{id}/attachments/{index}',
    summary: "A captured message's attachment, always as a download",
    params: z.object({
      id: z.string().meta({ description: 'The captured message.' }),
      index: z.string().meta({ description: 'The attachment’s index (from 0).' }),
    }),
    responses: {
      200: {
        description: 'The file (content-disposition: attachment).',
        contentType: 'application/octet-stream',
      },
      ...notFound('captured message or attachment'),
    },
  },
] as const satisfies RouteTable;
