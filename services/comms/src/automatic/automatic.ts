/**
 * Automatic e-mails (issue 12 item 6): what happened to a booking becomes the customer's e-mail
 * from the tenant's template of that kind, when the tenant has the kind switched on. Each goes
 * once per booking and kind: the outbox's unique `dedupe_key` makes a redelivered event or a
 * second sweep a no-op. Nothing goes out in the middle of the venue's night: outside the day
 * window (send hour to 21:00, venue time) a message waits in the queue for the next send hour.
 */
import {
  renderTemplate,
  type AutomaticEmailKind,
  type TemplateKind,
  type TemplateValues,
} from '@venue/contracts/comms';
import { isUuid, wallClock, zonedInstant, type Tx } from '@venue/service-kit';
import { db } from '../db/query.ts';
import { queueEmail } from '../mail/queue.ts';
import { sendingSettings } from '../templates/seed.ts';
import { bookingValues, findBookingCopy, venueContext, type BookingCopyRow } from '../templates/values.ts';
import { includesEmail, includesSms, queueAutomaticSms, reminderChannel } from './sms-automatic.ts';

/** Local hour after which nothing automatic is sent until the next day's send hour. */
export const DAY_ENDS_HOUR = 21;

const TEMPLATE_OF: Partial<Record<AutomaticEmailKind, TemplateKind>> = {
  booking_confirmed: 'booking_confirmed',
  hold_placed: 'hold_placed',
  hold_expiring: 'hold_expiring',
  declined: 'declined',
  changes_requested: 'changes_requested',
  cancelled: 'cancelled',
  event_reminder: 'event_reminder',
};

/** `now` if the venue's clock is within its day window, else its next send hour. */
export function nextDaytime(now: Date, timeZone: string, sendHour: number): Date {
  const { date, time } = wallClock(now, timeZone);
  const hour = Number(time.slice(0, 2));
  if (hour >= sendHour && hour < DAY_ENDS_HOUR) return now;
  const hh = `${String(sendHour).padStart(2, '0')}:00`;
  if (hour < sendHour) return zonedInstant(date, hh, timeZone);
  const next = new Date(`${date}T12:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return zonedInstant(next.toISOString().slice(0, 10), hh, timeZone);
}

export interface AutomaticOptions {
  now: Date;
  /** Values only the event knows (decline reason, change request message). */
  extra?: TemplateValues;
  /** Makes the once-only key finer than booking + kind (each change request is its own e-mail). */
  keySuffix?: string;
}

/** The tenant's active e-mail template of that kind (email_templates_kind_idx). */
export async function templateOfKind(tx: Tx, tenantId: string, kind: string) {
  return db(tx)
    .selectFrom('email_templates')
    .select(['id', 'name', 'subject', 'body'])
    .where('tenant_id', '=', tenantId)
    .where('kind', '=', kind)
    .where('is_active', '=', true)
    .where('type', '=', 'email')
    .executeTakeFirst();
}

export type AutomaticOutcome = 'queued' | 'off' | 'no-template' | 'no-address' | 'already-sent';

/**
 * What an automatic e-mail is written from (the venue's switches, its template of the kind, its
 * settings copy, the booking), read together: the four statements leave in one write and come
 * back in one round trip rather than four (issue 27: a trip to the database and back was the
 * largest cost left on the write path). On a venue's first contact `sendingSettings` seeds the
 * default templates after the template read has gone out, so a missing template is read again.
 */
export async function mailContext(
  tx: Tx,
  tenantId: string,
  templateKind: TemplateKind | undefined,
  booking: BookingCopyRow | string | null,
) {
  const [cs, template, venue, bookingRow] = await Promise.all([
    sendingSettings(tx, tenantId),
    templateKind ? templateOfKind(tx, tenantId, templateKind) : undefined,
    venueContext(tx, tenantId),
    // An id that is no uuid (an empty one) names no booking comms could have.
    typeof booking === 'string' ? (isUuid(booking) ? findBookingCopy(tx, tenantId, booking) : null) : booking,
  ]);
  return {
    cs,
    template: template ?? (templateKind ? await templateOfKind(tx, tenantId, templateKind) : undefined),
    venue,
    booking: bookingRow,
  };
}

/**
 * Queues the `kind` e-mail of the booking (already in the copy). Throws when the venue's settings
 * have not arrived: the event is then kept and retried rather than the e-mail written in a
 * guessed time zone.
 */
export async function queueAutomatic(
  tx: Tx,
  tenantId: string,
  bookingOrId: BookingCopyRow | string,
  kind: AutomaticEmailKind,
  opts: AutomaticOptions,
): Promise<AutomaticOutcome> {
  const templateKind = TEMPLATE_OF[kind];
  const { cs, template, venue, booking } = await mailContext(tx, tenantId, templateKind, bookingOrId);
  if (cs?.automatic?.[kind] === false) return 'off';
  // Event reminders may go by SMS as well as, or instead of, e-mail (issue 26).
  const channel = kind === 'event_reminder' ? await reminderChannel(tx, tenantId, 'event_reminder') : 'email';
  if (!booking) return 'no-template';
  if (!venue) throw new Error(`settings of tenant ${tenantId} have not reached comms yet`);
  const values = { ...bookingValues(booking, venue), ...opts.extra };
  const dedupeKey = `auto:${kind}:${booking.booking_id}${opts.keySuffix ? `:${opts.keySuffix}` : ''}`;
  const notBefore = nextDaytime(opts.now, venue.timezone, cs?.send_hour ?? 9);
  let sms: AutomaticOutcome | null = null;
  if (includesSms(channel)) {
    const r = await queueAutomaticSms(tx, tenantId, {
      kind: 'event_reminder',
      emailKey: dedupeKey,
      bookingId: booking.booking_id,
      phone: booking.customer_phone ?? '',
      toName: booking.customer_name,
      values,
      now: opts.now,
      notBefore,
    });
    sms =
      r === 'queued'
        ? 'queued'
        : r === 'already-sent'
          ? 'already-sent'
          : r === 'skipped'
            ? 'no-address'
            : 'no-template';
  }
  if (!includesEmail(channel)) return sms ?? 'off';
  if (!templateKind || !template) return sms ?? 'no-template';
  if (!booking.customer_email.includes('@')) return sms ?? 'no-address';
  const r = renderTemplate(template.subject, template.body, values);
  const id = await queueEmail(tx, {
    tenantId,
    kind,
    dedupeKey,
    bookingId: booking.booking_id,
    templateId: template.id,
    templateName: template.name,
    toEmail: booking.customer_email,
    toName: booking.customer_name,
    subject: r.subject,
    text: r.text,
    html: r.html,
    now: opts.now,
    notBefore,
  });
  return id ? 'queued' : (sms ?? 'already-sent');
}
