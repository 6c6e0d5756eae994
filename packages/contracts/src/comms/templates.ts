/**
 * E-mail templates (spec 02 §2.11, §3.5, §5.3): what the Templates screen edits and what the
 * comms service stores per tenant. Both sides validate with these schemas.
 */
import { z } from 'zod';
import { oneLine } from '../api/fields.ts';

export const TEMPLATE_TYPES = ['email', 'sms'] as const;
export type TemplateType = (typeof TEMPLATE_TYPES)[number];

/** Spec 02 §5.3 wording. */
export const TEMPLATE_NAME_REQUIRED = 'Template name is required';
export const TEMPLATE_SUBJECT_REQUIRED = 'Subject is required';
export const TEMPLATE_BODY_REQUIRED = 'Body is required';
export const TEMPLATE_DELETE_CONFIRM = 'Are you sure you want to delete this template?';
export const TEMPLATE_CREATED = 'Email template created successfully';
export const TEMPLATE_UPDATED = 'Email template updated successfully';
export const TEMPLATE_DELETED = 'Email template deleted successfully';
export const TEMPLATE_NOT_FOUND = 'Email template not found';
/** Sending an sms template as an e-mail (POST /api/email-comms/send): SMS go by /api/email-comms/sms. */
export const SMS_NOT_SET_UP = 'That is an SMS template: send it as an SMS, not as an e-mail.';

/** Card preview of a template's body (spec 02 §9): cut at 100 characters. */
export const TEMPLATE_PREVIEW_LENGTH = 100;
export const TEMPLATE_NAME_MAX = 120;
export const TEMPLATE_SUBJECT_MAX = 300;
export const TEMPLATE_BODY_MAX = 20_000;

/**
 * The automatic e-mails a template can stand for (one template per kind per tenant, seeded for
 * new tenants); `null` on a tenant's own templates. `payment_link` and `quotation` are sent by
 * hand; `invoice`, `receipt` and `payment_reminder` also go out on money's events (invoice issued,
 * payment recorded, reminder requested), each with its PDF; `credit_note` (an adjustment note)
 * and `refund` (one that pays money back) on `credit_note.issued`, with the adjustment note's PDF;
 * `bond_returned` on `bond.refunded` and `bond.forfeited`: what came back of a bond, and what was
 * kept and why (no PDF: the kept part's tax invoice goes as an Invoice e-mail of its own).
 *
 * The customer's door (issue 25, decision 56): `request_verification` ("Verify your e-mail", the
 * booking page's link to confirm a request's address) and `portal_link` ("Your portal link", the
 * sign-in link) always go, in the default words when the venue has no active template of the kind
 * (they are what lets the customer in); `request_received` (to the customer) and
 * `venue_new_request` (to the venue's business e-mail, with a link to the booking in the back
 * office) when a website request becomes a booking; `venue_customer_changes` (to the venue) when
 * a customer asks for changes from the portal. The last three go while the venue keeps their
 * template active.
 */
export const TEMPLATE_KINDS = [
  'booking_confirmed',
  'hold_placed',
  'hold_expiring',
  'declined',
  'changes_requested',
  'cancelled',
  'event_reminder',
  'payment_link',
  'invoice',
  'receipt',
  'quotation',
  'payment_reminder',
  'credit_note',
  'refund',
  'request_verification',
  'portal_link',
  'request_received',
  'venue_new_request',
  'venue_customer_changes',
  'bond_returned',
  // SMS templates (type sms) of the reminders that may go by SMS (issue 26 item 3)
  'sms_event_reminder',
  'sms_payment_reminder',
] as const;
export type TemplateKind = (typeof TEMPLATE_KINDS)[number];

/**
 * Kinds that go whatever the venue does with their template (issue 25): the links that let a
 * customer in. Inactive or deleted, the default words go instead.
 */
export const ALWAYS_SENT_TEMPLATE_KINDS: readonly TemplateKind[] = ['request_verification', 'portal_link'];
export const ALWAYS_SENT_NOTE =
  'Always sent: it carries the link that lets the customer in. While this template is inactive or deleted, the default words go.';

const requiredText = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, message).max(max, `At most ${max} characters.`);

/** POST /api/email-templates. The name and subject are one line each (issue 24 item 15). */
export const templateCreateSchema = z.object({
  name: oneLine(requiredText(TEMPLATE_NAME_REQUIRED, TEMPLATE_NAME_MAX), 'Name'),
  type: z.enum(TEMPLATE_TYPES, { error: 'Type must be email or sms.' }).default('email'),
  subject: oneLine(requiredText(TEMPLATE_SUBJECT_REQUIRED, TEMPLATE_SUBJECT_MAX), 'Subject'),
  body: requiredText(TEMPLATE_BODY_REQUIRED, TEMPLATE_BODY_MAX),
  isActive: z.boolean({ error: 'Must be true or false.' }).default(true),
});
export type TemplateCreate = z.input<typeof templateCreateSchema>;

/** PUT /api/email-templates/{id}: any subset of the create fields, at least one. */
export const templateUpdateSchema = z
  .object({
    name: templateCreateSchema.shape.name.optional(),
    type: z.enum(TEMPLATE_TYPES, { error: 'Type must be email or sms.' }).optional(),
    subject: templateCreateSchema.shape.subject.optional(),
    body: templateCreateSchema.shape.body.optional(),
    isActive: z.boolean({ error: 'Must be true or false.' }).optional(),
  })
  .refine(
    (v) => Object.values(v).some((x) => x !== undefined),
    'Nothing to update: name, type, subject, body or isActive.',
  );
export type TemplateUpdate = z.input<typeof templateUpdateSchema>;

/** GET /api/email-templates query: every filter optional. */
export const templateListQuerySchema = z.object({
  type: z.enum(TEMPLATE_TYPES, { error: 'Type must be email or sms.' }).optional(),
  /** `true`/`false`; absent lists both. */
  active: z.enum(['true', 'false'], { error: 'Must be true or false.' }).optional(),
  search: z.string().trim().max(200, 'At most 200 characters.').optional(),
});
export type TemplateListQuery = z.input<typeof templateListQuerySchema>;

export const emailTemplateSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  type: z.enum(TEMPLATE_TYPES),
  subject: z.string(),
  body: z.string(),
  /** The `{{…}}` names of subject and body, first appearance order, no repeats. */
  variables: z.array(z.string()),
  isActive: z.boolean(),
  /** The automatic e-mail this template is (seeded), or null for the tenant's own. */
  kind: z.enum(TEMPLATE_KINDS).nullable(),
  /** The body cut at {@link TEMPLATE_PREVIEW_LENGTH} characters (with … when cut), for the card. */
  bodyPreview: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type EmailTemplate = z.infer<typeof emailTemplateSchema>;

/** GET /api/email-templates answer. */
export const templateListResponseSchema = z.object({ templates: z.array(emailTemplateSchema) });
export type TemplateListResponse = z.infer<typeof templateListResponseSchema>;
/** GET, POST, PUT /api/email-templates[/{id}] answer. */
export const templateResponseSchema = z.object({
  template: emailTemplateSchema,
  message: z.string().optional(),
});
export type TemplateResponse = z.infer<typeof templateResponseSchema>;
/** DELETE /api/email-templates/{id} answer. */
export const templateDeleteResponseSchema = z.object({ message: z.string() });

/**
 * POST /api/email-templates/preview: subject and body (a saved template's or the dialog's
 * unsaved text) filled with a real booking's values: `bookingId`, or the tenant's latest
 * booking when absent. With no booking at all the placeholders stay visible.
 */
export const templatePreviewRequestSchema = z.object({
  subject: oneLine(
    z
      .string({ error: 'Must be text.' })
      .max(TEMPLATE_SUBJECT_MAX, `At most ${TEMPLATE_SUBJECT_MAX} characters.`),
    'Subject',
  ),
  body: z
    .string({ error: 'Must be text.' })
    .max(TEMPLATE_BODY_MAX, `At most ${TEMPLATE_BODY_MAX} characters.`),
  bookingId: z.uuid({ error: 'Must be a booking id.' }).optional(),
});
export type TemplatePreviewRequest = z.input<typeof templatePreviewRequestSchema>;

export const templatePreviewResponseSchema = z.object({
  subject: z.string(),
  /** The body as the customer's mail program shows it (escaped values, line breaks as <br>). */
  html: z.string(),
  text: z.string(),
  /** The booking whose values filled it, or null when the tenant has none. */
  booking: z
    .object({ id: z.uuid(), bookingCode: z.string(), customerName: z.string(), bookingDate: z.string() })
    .nullable(),
  /** Names used in the text that had no value (unknown names, or no booking). */
  unfilled: z.array(z.string()),
});
export type TemplatePreview = z.infer<typeof templatePreviewResponseSchema>;
