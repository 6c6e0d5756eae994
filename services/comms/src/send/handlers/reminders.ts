/**
 * Reminders from Bookings → Confirmed (spec 02 §2.10): an e-mail or an SMS per confirmed booking,
 * each refused in words when it cannot go. Bookings → Confirmed sends these too, so the bookings
 * page key is enough.
 */
import {
  remindersMessage,
  renderTemplate,
  SMS_NO_PHONE,
  SMS_NOT_SET_UP,
  SMS_TEMPLATE_NOT_SMS,
  TEMPLATE_NOT_FOUND,
} from '@venue/contracts/comms';
import {
  ACCESS_DENIED_MESSAGE,
  badRequest,
  forbidden,
  notFound,
  operation,
  requireAuth,
  type AppMiddleware,
  type Tx,
} from '@venue/service-kit';
import { hasPermission } from '@venue/contracts';
import type { CommsDeps } from '../../deps.ts';
import { queueEmail } from '../../mail/queue.ts';
import { tenantOf, venueSettings } from '../../shared/request.ts';
import { nextWindow, queueSms, smsRefusal, SMS_DAY_ENDS_HOUR, SMS_DAY_STARTS_HOUR } from '../../sms/sms.ts';
import { findTemplate } from '../../templates/template-store.ts';
import { ensureTenant } from '../../templates/seed.ts';
import { bookingValues, findBookingCopy, venueContext, type VenueContext } from '../../templates/values.ts';
import { templateOfKind, type TemplateUse } from '../queue-send.ts';

const commsOrBookings: AppMiddleware = async (ctx, next) => {
  const principal = ctx.state.principal!;
  if (!hasPermission(principal, 'comms') && !hasPermission(principal, 'bookings'))
    throw forbidden(ACCESS_DENIED_MESSAGE);
  await next();
};

/** The template asked for, checked against the channel, or the venue's active reminder template. */
async function reminderTemplate(
  tx: Tx,
  tenantId: string,
  templateId: string | undefined,
  bySms: boolean,
): Promise<TemplateUse | null> {
  if (!templateId) return templateOfKind(tx, tenantId, bySms ? 'sms_event_reminder' : 'event_reminder');
  const template = await findTemplate(tx, tenantId, templateId);
  if (!template) throw notFound(TEMPLATE_NOT_FOUND);
  if (template.type === 'sms' && !bySms)
    throw badRequest(SMS_NOT_SET_UP, { errors: [{ path: 'templateId', message: SMS_NOT_SET_UP }] });
  if (template.type !== 'sms' && bySms)
    throw badRequest(SMS_TEMPLATE_NOT_SMS, {
      errors: [{ path: 'templateId', message: SMS_TEMPLATE_NOT_SMS }],
    });
  return template;
}

interface Reminding {
  tx: Tx;
  tenantId: string;
  deps: CommsDeps;
  venue: VenueContext;
  template: TemplateUse | null;
  bySms: boolean;
  smsAt: Date;
}

type Result =
  | { bookingId: string; status: 'failed'; message: string | null; emailId: null }
  | { bookingId: string; status: 'queued'; message: null; emailId: string | null };

/** One booking's reminder queued, or the words saying why it cannot go. */
async function remind(r: Reminding, bookingId: string): Promise<Result> {
  const { tx, tenantId, template, bySms } = r;
  const booking = await findBookingCopy(tx, tenantId, bookingId);
  const refusal = !booking
    ? 'Booking not found'
    : !template
      ? `There is no active Event reminder${bySms ? ' (SMS)' : ''} template.`
      : bySms
        ? booking.customer_phone
          ? await smsRefusal(tx, tenantId, booking.customer_phone)
          : SMS_NO_PHONE
        : !booking.customer_email.includes('@')
          ? 'The booking has no customer e-mail address.'
          : booking.status !== 'confirmed'
            ? `Only confirmed bookings get reminders; this one is ${booking.status}.`
            : null;
  if (refusal || !booking || !template)
    return { bookingId, status: 'failed', message: refusal, emailId: null };
  const text = renderTemplate(template.subject, template.body, bookingValues(booking, r.venue));
  const common = {
    tenantId,
    kind: 'reminder',
    bookingId,
    templateId: template.id,
    templateName: template.name,
  };
  const id = bySms
    ? await queueSms(tx, {
        ...common,
        toPhone: booking.customer_phone!,
        toName: booking.customer_name,
        label: template.name,
        body: text.text.trim(),
        now: r.deps.now(),
        notBefore: r.smsAt,
      })
    : await queueEmail(tx, {
        ...common,
        toEmail: booking.customer_email,
        toName: booking.customer_name,
        subject: text.subject,
        text: text.text,
        html: text.html,
        now: r.deps.now(),
      });
  return { bookingId, status: 'queued', message: null, emailId: id };
}

export const postReminders = (deps: CommsDeps) =>
  operation(
    'post /api/email-comms/reminders',
    { guard: [requireAuth, commsOrBookings] },
    async ({ ctx, tx, body: b }) => {
      const tenantId = tenantOf(ctx);
      await ensureTenant(tx, tenantId);
      await venueSettings(tx, tenantId);
      const venue = (await venueContext(tx, tenantId))!;
      const bySms = b.channel === 'sms';
      const template = await reminderTemplate(tx, tenantId, b.templateId, bySms);
      // A person's SMS never goes at night: outside 08:00–20:00 at the venue it waits (issue 26).
      const smsAt = nextWindow(deps.now(), venue.timezone, SMS_DAY_STARTS_HOUR, SMS_DAY_ENDS_HOUR);
      const reminding: Reminding = { tx, tenantId, deps, venue, template, bySms, smsAt };
      const results: Result[] = [];
      for (const bookingId of [...new Set(b.bookingIds)]) results.push(await remind(reminding, bookingId));
      const sent = results.filter((r) => r.status === 'queued').length;
      const failed = results.length - sent;
      if (sent > 0)
        await tx.audit(ctx, {
          action: bySms ? 'sms_reminders_queued' : 'reminders_queued',
          targetType: 'email',
          additionalInfo: `${sent} reminder(s) queued, ${failed} failed`,
        });
      // SMS asked for at night wait for the morning: the person is told so (issue 26)
      const waits = bySms && sent > 0 && smsAt.getTime() > deps.now().getTime();
      const message =
        remindersMessage(sent, failed) + (waits ? ' It is night at the venue: the SMS go at 08:00.' : '');
      return { sent, failed, message, results };
    },
  );
