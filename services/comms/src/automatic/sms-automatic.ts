/**
 * Automatic SMS (issue 26 item 3, decision 61): an event reminder or a payment reminder by SMS
 * when the venue chose SMS or both for it (comms settings `channels`), in the venue's SMS template
 * of that kind, at the venue's send hour like the automatic e-mails. A customer without a valid
 * phone, or one that replied STOP, gets no SMS: the history records it as failed with the reason
 * (and no attempt), so the venue sees who was not reached and why.
 */
import {
  renderTemplate,
  SMS_NO_PHONE,
  type ReminderChannel,
  type SmsCapableKind,
  type TemplateValues,
} from '@venue/contracts/comms';
import type { Tx } from '@venue/service-kit';
import { db } from '../db/query.ts';
import { queueSms, smsRefusal } from '../sms/sms.ts';

/** How the venue sends this reminder: e-mail (the default), SMS or both. */
export async function reminderChannel(
  tx: Tx,
  tenantId: string,
  kind: SmsCapableKind,
): Promise<ReminderChannel> {
  const r = await db(tx)
    .selectFrom('comms_settings')
    .select('channels')
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
  return r?.channels?.[kind] ?? 'email';
}

export const includesEmail = (c: ReminderChannel) => c !== 'sms';
export const includesSms = (c: ReminderChannel) => c !== 'email';

/** The once-only key of the SMS beside the e-mail's (`auto:event_reminder:<booking>` → `…:sms`). */
export const smsKey = (emailKey: string) => `${emailKey}:sms`;

export type AutomaticSmsOutcome = 'queued' | 'skipped' | 'no-template' | 'already-sent';

export async function queueAutomaticSms(
  tx: Tx,
  tenantId: string,
  m: {
    kind: SmsCapableKind;
    emailKey: string;
    bookingId: string | null;
    phone: string;
    toName: string;
    values: TemplateValues;
    now: Date;
    notBefore: Date;
  },
): Promise<AutomaticSmsOutcome> {
  const template = await db(tx)
    .selectFrom('email_templates')
    .select(['id', 'name', 'body'])
    .where('tenant_id', '=', tenantId)
    .where('kind', '=', `sms_${m.kind}`)
    .where('type', '=', 'sms')
    .where('is_active', '=', true)
    .executeTakeFirst();
  if (!template) return 'no-template';
  const why = m.phone ? await smsRefusal(tx, tenantId, m.phone) : SMS_NO_PHONE;
  const body = renderTemplate('', template.body, m.values).text.trim();
  const id = await queueSms(tx, {
    tenantId,
    kind: m.kind,
    dedupeKey: smsKey(m.emailKey),
    bookingId: m.bookingId,
    templateId: template.id,
    templateName: template.name,
    toPhone: m.phone,
    toName: m.toName,
    label: template.name,
    body,
    now: m.now,
    notBefore: m.notBefore,
    skipped: why,
  });
  return !id ? 'already-sent' : why ? 'skipped' : 'queued';
}
