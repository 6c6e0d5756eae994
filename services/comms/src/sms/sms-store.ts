/**
 * SMS calls (issue 26 item 3, decision 61): a person's SMS, the cost of a send before it goes,
 * how SMS leave this product, and the provider's inbound webhook (STOP / UNSTOP).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  renderTemplate,
  SMS_TEMPLATE_NOT_SMS,
  TEMPLATE_NOT_FOUND,
  type TemplateValues,
} from '@venue/contracts/comms';
import { badRequest, internalSecret, notFound, type Tx } from '@venue/service-kit';
import { db } from '../db/query.ts';
import { findTemplate } from '../templates/template-store.ts';
import { bookingValues, type BookingCopyRow, type VenueContext } from '../templates/values.ts';

export const field = (path: string, message: string) => badRequest(message, { errors: [{ path, message }] });

/**
 * The secret of a venue's inbound URL: HMAC of its id under SMS_INBOUND_SECRET (else the
 * internal secret), so nothing is stored and no lookup by secret is needed: the id in the token
 * names the venue and the MAC proves the URL was issued for it.
 */
export function inboundMac(tenantId: string): string {
  const key = process.env.SMS_INBOUND_SECRET?.trim() || internalSecret();
  return createHmac('sha256', key).update(`sms-inbound:${tenantId}`).digest('base64url');
}
export const inboundToken = (tenantId: string) => `${tenantId}.${inboundMac(tenantId)}`;
export const inboundPath = (tenantId: string) => `/api/email-comms/sms/inbound/${inboundToken(tenantId)}`;

export function tenantOfToken(token: string): string | null {
  const m = /^([0-9a-f-]{36})\.([\w-]{43})$/.exec(token);
  if (!m) return null;
  const want = Buffer.from(inboundMac(m[1]!));
  const got = Buffer.from(m[2]!);
  return want.length === got.length && timingSafeEqual(want, got) ? m[1]! : null;
}

export interface SmsTemplate {
  id: string;
  name: string;
  body: string;
}

export async function smsTemplate(
  tx: Tx,
  tenantId: string,
  templateId: string | undefined,
): Promise<SmsTemplate | null> {
  if (!templateId) return null;
  const t = await findTemplate(tx, tenantId, templateId);
  if (!t)
    throw notFound(TEMPLATE_NOT_FOUND, { errors: [{ path: 'templateId', message: TEMPLATE_NOT_FOUND }] });
  if (t.type !== 'sms') throw field('templateId', SMS_TEMPLATE_NOT_SMS);
  return t;
}

/** The template reminders by SMS use when none is chosen (send/queue-send.ts' templateOfKind). */
export async function reminderSmsTemplate(tx: Tx, tenantId: string): Promise<SmsTemplate | null> {
  const row = await db(tx)
    .selectFrom('email_templates')
    .select(['id', 'name', 'body'])
    .where('tenant_id', '=', tenantId)
    .where('kind', '=', 'sms_event_reminder')
    .where('is_active', '=', true)
    .executeTakeFirst();
  return row ?? null;
}

export function smsText(
  body: string,
  booking: BookingCopyRow | null,
  venue: VenueContext,
  name?: string,
): string {
  const values: TemplateValues = booking
    ? bookingValues(booking, venue)
    : { businessName: venue.businessName || 'The venue team', ...(name ? { customerName: name } : {}) };
  // An SMS is plain text: the text part, its lines kept, no HTML.
  return renderTemplate('', body, values).text.trim();
}

/** TwiML that sends no reply. */
export const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response></Response>';
