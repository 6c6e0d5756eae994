/**
 * SMS as a channel of the outbox (issue 26 item 3, decision 61): who may get one (an E.164 number
 * that has not replied STOP), when (never at night), and the row that queues it. The worker
 * (mail/worker.ts) sends it beside the e-mails: same claims, retries, once-only keys, history.
 */
import { countryForTimezone, isCountry, toE164 } from '@venue/contracts';
import { countSegments, E164, SMS_BAD_PHONE, SMS_OPTED_OUT } from '@venue/contracts/comms';
import { wallClock, zonedInstant, type Tx } from '@venue/service-kit';
import { db } from '../db/query.ts';
import { newMessageId } from '../mail/message-id.ts';
import { DELIVER_MAIL_JOB, isDue } from '../mail/queue.ts';

/** A person's SMS goes between these venue-local hours; outside them it waits for the morning. */
export const SMS_DAY_STARTS_HOUR = 8;
export const SMS_DAY_ENDS_HOUR = 20;

/** `now` within [startHour, endHour) on the venue's clock, else the next startHour there. */
export function nextWindow(now: Date, timeZone: string, startHour: number, endHour: number): Date {
  const { date, time } = wallClock(now, timeZone);
  const hour = Number(time.slice(0, 2));
  if (hour >= startHour && hour < endHour) return now;
  const hh = `${String(startHour).padStart(2, '0')}:00`;
  if (hour < startHour) return zonedInstant(date, hh, timeZone);
  const next = new Date(`${date}T12:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return zonedInstant(next.toISOString().slice(0, 10), hh, timeZone);
}

/**
 * The number in E.164: as stored (bookings keeps E.164), or typed the way the venue's country
 * writes it (decision 28). Null when it is not a number.
 */
export async function e164Of(tx: Tx, tenantId: string, typed: string): Promise<string | null> {
  const t = typed.trim();
  if (E164.test(t)) return t;
  const s = await db(tx)
    .selectFrom('tenant_settings')
    .select(['timezone', 'snapshot'])
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
  const snap = (s?.snapshot ?? {}) as { country?: unknown };
  const country = isCountry(snap.country)
    ? snap.country
    : countryForTimezone(s?.timezone ?? 'Australia/Sydney');
  const n = toE164(t, country);
  return n && E164.test(n) ? n : null;
}

export async function isOptedOut(tx: Tx, tenantId: string, phone: string): Promise<boolean> {
  const r = await db(tx)
    .selectFrom('sms_opt_outs')
    .select('phone')
    .where('tenant_id', '=', tenantId)
    .where('phone', '=', phone)
    .executeTakeFirst();
  return !!r;
}

/** Why this number cannot get an SMS from the venue, or null (it is E.164 and has not opted out). */
export async function smsRefusal(tx: Tx, tenantId: string, phone: string): Promise<string | null> {
  if (!E164.test(phone)) return SMS_BAD_PHONE;
  if (await isOptedOut(tx, tenantId, phone)) return SMS_OPTED_OUT;
  return null;
}

export interface NewSms {
  tenantId: string;
  kind: string;
  dedupeKey?: string | null;
  bookingId?: string | null;
  templateId?: string | null;
  templateName?: string | null;
  /** E.164, checked by the caller ({@link smsRefusal}). */
  toPhone: string;
  toName: string;
  /** The history's label: the template's name, or "SMS". */
  label: string;
  body: string;
  now: Date;
  notBefore?: Date;
  /**
   * Not sent, and why (no phone, opted out): an automatic SMS is recorded as failed at once with
   * the reason, never handed to the worker, so the history says who was not reached.
   */
  skipped?: string | null;
}

/** The new row's id, or null when `dedupeKey` was already queued. */
export async function queueSms(tx: Tx, m: NewSms): Promise<string | null> {
  const row = await db(tx)
    .insertInto('emails')
    .values({
      tenant_id: m.tenantId,
      message_id: newMessageId(),
      channel: 'sms',
      kind: m.kind,
      dedupe_key: m.dedupeKey ?? null,
      booking_id: m.bookingId ?? null,
      template_id: m.templateId ?? null,
      template_name: m.templateName ?? null,
      to_email: '',
      to_phone: m.toPhone,
      to_name: m.toName,
      subject: m.label,
      body_text: m.body,
      body_html: '',
      segments: countSegments(m.body).segments,
      ...(m.skipped ? { status: 'failed' as const, last_error: `Not sent: ${m.skipped}` } : {}),
      next_attempt_at: (m.notBefore ?? m.now).toISOString(),
      created_at: m.now.toISOString(),
    })
    .onConflict((oc) =>
      oc.columns(['tenant_id', 'dedupe_key']).where('dedupe_key', 'is not', null).doNothing(),
    )
    .returning('id')
    .executeTakeFirst();
  if (row && !m.skipped && isDue(m)) tx.wake(DELIVER_MAIL_JOB);
  return row?.id ?? null;
}
