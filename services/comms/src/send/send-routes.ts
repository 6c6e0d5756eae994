/**
 * Sending (spec 02 §2.10, §2.12; issue 12 items 3 and 7): the Send Email page, the quick e-mail,
 * the pay-link e-mail and reminders from Bookings → Confirmed. Each message is rendered here and
 * queued in the outbox in the request's transaction; the worker delivers it (mail/worker.ts).
 */
import { hasPermission } from '@venue/contracts';
import {
  bounceWarning,
  remindersMessage,
  renderTemplate,
  sendEmailSchema,
  sendRemindersSchema,
  SMS_NOT_SET_UP,
  SMS_NO_PHONE,
  SMS_TEMPLATE_NOT_SMS,
  TEMPLATE_NOT_FOUND,
  type SendEmailPayload,
  type TemplateValues,
} from '@venue/contracts/comms';
import {
  ACCESS_DENIED_MESSAGE,
  badRequest,
  conflict,
  forbidden,
  inRequestTx,
  notFound,
  parseBody,
  requireAuth,
  withTx,
  type AppContext,
  type AppRouter,
  type Tx,
} from '@venue/service-kit';
import { ZodError } from 'zod';
import type { CommsDeps } from '../deps.ts';
import { db } from '../db/query.ts';
import { queueEmail } from '../mail/queue.ts';
import { emailById } from '../history/email-record.ts';
import { findTemplate } from '../templates/template-store.ts';
import { ensureTenant } from '../templates/seed.ts';
import {
  bookingValues,
  findBookingCopy,
  formatDate,
  formatMoney,
  venueContext,
  type BookingCopyRow,
} from '../templates/values.ts';
import { commsAuth, tenantOf, venueSettings } from '../shared.ts';
import { nextWindow, queueSms, smsRefusal, SMS_DAY_ENDS_HOUR, SMS_DAY_STARTS_HOUR } from '../sms/sms.ts';
import { readMultipart, type Attachment } from './attachments.ts';
import { fetchInvoiceDocument, type InvoiceDocumentAnswer } from './invoice-attachment.ts';
import type { PayLinkAnswer } from './pay-link.ts';

interface TemplateUse {
  id: string;
  name: string;
  type: string;
  subject: string;
  body: string;
}

async function templateOfKind(tx: Tx, tenantId: string, kind: string): Promise<TemplateUse | null> {
  const row = await db(tx)
    .selectFrom('email_templates')
    .select(['id', 'name', 'type', 'subject', 'body'])
    .where('tenant_id', '=', tenantId)
    .where('kind', '=', kind)
    .where('is_active', '=', true)
    .executeTakeFirst();
  return row ?? null;
}

async function chosenTemplate(tx: Tx, tenantId: string, p: SendEmailPayload): Promise<TemplateUse | null> {
  if (p.templateId) {
    const t = await findTemplate(tx, tenantId, p.templateId);
    if (!t) throw notFound(TEMPLATE_NOT_FOUND);
    return t;
  }
  if (p.purpose === 'payment_link') return templateOfKind(tx, tenantId, 'payment_link');
  return null;
}

/** The address bounced before: the answer carries the warning the page shows. */
export async function bounceWarningFor(tx: Tx, tenantId: string, email: string): Promise<string | null> {
  const row = await db(tx)
    .selectFrom('bounces')
    .select('reason')
    .where('tenant_id', '=', tenantId)
    .where((eb) => eb('email', '=', eb.fn<string>('lower', [eb.val(email)])))
    .executeTakeFirst();
  return row ? bounceWarning(email, row.reason) : null;
}

function parsePayload(payload: unknown): SendEmailPayload {
  try {
    return sendEmailSchema.parse(payload);
  } catch (err) {
    if (!(err instanceof ZodError)) throw err;
    const errors = err.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
    throw badRequest(errors[0]?.message ?? 'Invalid request', { errors });
  }
}

/** Money's answer, or what it threw (a 503 saying to try again), kept to be used in its turn. */
type AskedMoney = { answer: PayLinkAnswer } | { error: unknown };
type AskedInvoice = { answer: InvoiceDocumentAnswer } | { error: unknown };

/** What money answered, or what it threw, rethrown where the checks reach it. */
function answered<T>(asked: { answer: T } | { error: unknown }): T {
  if ('error' in asked) throw asked.error;
  return asked.answer;
}

export function sendRoutes(router: AppRouter, deps: CommsDeps): void {
  // The body (attachments included) is read and money asked for the pay link before comms'
  // transaction opens: a slow upload or a slow money then holds no connection or transaction
  // here. Money's answer, or its failure, is used at the point the checks reach it, so the
  // request answers as it did when money was asked mid-transaction (a booking comms does not
  // know is still a 404, money down is a 503 and nothing is stored). Money makes the link once
  // and answers the same one after, so asking it for a request refused later changes nothing.
  router.post('/api/email-comms/send', ...commsAuth, async (ctx) => {
    let p: SendEmailPayload;
    let attachments: Attachment[] = [];
    if (ctx.is('multipart/form-data')) {
      const form = await readMultipart(ctx);
      p = parsePayload(form.payload);
      attachments = form.attachments;
    } else {
      p = parseBody(ctx, sendEmailSchema);
    }
    const tenantId = tenantOf(ctx);
    const asked: AskedMoney | null =
      p.purpose === 'payment_link' && p.bookingId
        ? await deps.fetchPayLink(tenantId, p.bookingId).then(
            (answer) => ({ answer }),
            (error: unknown) => ({ error }),
          )
        : null;
    // Share by e-mail: the invoice's PDF, asked for before the transaction too.
    const invoice: AskedInvoice | null = p.invoiceId
      ? await fetchInvoiceDocument(tenantId, p.invoiceId).then(
          (answer) => ({ answer }),
          (error: unknown) => ({ error }),
        )
      : null;
    await inRequestTx(ctx, (tx) => queueSend(ctx, tx, p, attachments, asked, invoice));
  });

  /** The rest of Send Email, in the request's transaction: checks, render, queue, audit. */
  async function queueSend(
    ctx: AppContext,
    tx: Tx,
    p: SendEmailPayload,
    attachments: Attachment[],
    asked: AskedMoney | null,
    invoice: AskedInvoice | null,
  ): Promise<void> {
    const tenantId = tenantOf(ctx);
    await ensureTenant(tx, tenantId);
    const template = await chosenTemplate(tx, tenantId, p);
    if (template?.type === 'sms')
      throw badRequest(SMS_NOT_SET_UP, { errors: [{ path: 'templateId', message: SMS_NOT_SET_UP }] });
    let booking: BookingCopyRow | null = null;
    if (p.bookingId) {
      booking = await findBookingCopy(tx, tenantId, p.bookingId);
      if (!booking) throw notFound('Booking not found');
    }
    const subject = p.customSubject?.trim() || template?.subject || '';
    const body = p.customBody?.trim() ? p.customBody : (template?.body ?? '');
    if (!subject || !body.trim()) {
      const message =
        p.purpose === 'payment_link'
          ? 'The Payment link template is missing or inactive.'
          : 'Body is required';
      throw badRequest(message, {
        errors: [{ path: p.purpose === 'payment_link' ? 'purpose' : 'customBody', message }],
      });
    }
    // The client's values first; the booking's own (and the pay link) win over them.
    let values: TemplateValues = { ...(p.variables as TemplateValues | undefined) };
    if (booking) {
      await venueSettings(tx, tenantId);
      const venue = (await venueContext(tx, tenantId))!;
      values = { ...values, ...bookingValues(booking, venue) };
      if (p.purpose === 'payment_link' && asked) {
        const link = answered(asked);
        if ('refused' in link)
          throw conflict(link.refused, { errors: [{ path: 'bookingId', message: link.refused }] });
        values.paymentLink = link.url;
        // What the linked page asks: the invoice's balance, not the booking's price (issue 24
        // item 1). `calculatedPrice` says the same in a pay-link e-mail, so a venue's stored
        // template ("Amount: {{calculatedPrice}}", the default before) names the page's amount too.
        values.amountDue = formatMoney(link.balanceCents, venue.currency);
        values.calculatedPrice = values.amountDue;
        values.invoiceNumber = link.invoiceNumber ?? '';
      }
    }
    const files = [...attachments];
    if (invoice) {
      const doc = answered(invoice);
      if ('refused' in doc)
        throw notFound(doc.refused, { errors: [{ path: 'invoiceId', message: doc.refused }] });
      const d = doc.document;
      files.push({
        filename: d.filename,
        contentType: d.contentType,
        data: Buffer.from(d.contentBase64, 'base64'),
      });
      // The attached invoice's words are the PDF's own (issue 24 items 1 and 14).
      await venueSettings(tx, tenantId);
      const venue = (await venueContext(tx, tenantId))!;
      const f = d.figures;
      values = {
        ...values,
        ...(f.invoiceNumber ? { invoiceNumber: f.invoiceNumber } : {}),
        ...(f.totalCents !== undefined ? { invoiceTotal: formatMoney(f.totalCents, venue.currency) } : {}),
        ...(f.balanceCents !== undefined ? { amountDue: formatMoney(f.balanceCents, venue.currency) } : {}),
        ...(f.dueDate ? { dueDate: formatDate(f.dueDate) } : {}),
      };
    }
    const r = renderTemplate(subject, body, values);
    const kind = p.purpose ?? (p.isCustom ? 'quick' : 'general');
    const id = (await queueEmail(tx, {
      tenantId,
      kind,
      bookingId: booking?.booking_id ?? null,
      templateId: template?.id ?? null,
      templateName: template?.name ?? null,
      toEmail: p.recipientEmail,
      toName: p.recipientName ?? p.recipientEmail.split('@')[0]!,
      subject: r.subject,
      text: r.text,
      html: r.html,
      attachments: files,
      now: deps.now(),
    }))!;
    await tx.audit(ctx, {
      action: 'email_queued',
      targetType: 'email',
      target: id,
      targetLabel: `E-mail to ${p.recipientEmail}: ${r.subject}`.slice(0, 300),
    });
    ctx.status = 202;
    ctx.body = {
      message: 'Email queued for sending.',
      email: await emailById(tx, tenantId, id),
      warning: await bounceWarningFor(tx, tenantId, p.recipientEmail),
    };
  }

  // Bookings → Confirmed sends these too, so the bookings page key is enough.
  router.post(
    '/api/email-comms/reminders',
    requireAuth,
    async (ctx: AppContext, next) => {
      const principal = ctx.state.principal!;
      if (!hasPermission(principal, 'comms') && !hasPermission(principal, 'bookings'))
        throw forbidden(ACCESS_DENIED_MESSAGE);
      await next();
    },
    withTx,
    async (ctx) => {
      const b = parseBody(ctx, sendRemindersSchema);
      const tenantId = tenantOf(ctx);
      const tx = ctx.state.tx;
      await ensureTenant(tx, tenantId);
      await venueSettings(tx, tenantId);
      const venue = (await venueContext(tx, tenantId))!;
      const bySms = b.channel === 'sms';
      let template: TemplateUse | null;
      if (b.templateId) {
        template = await findTemplate(tx, tenantId, b.templateId);
        if (!template) throw notFound(TEMPLATE_NOT_FOUND);
        if (template.type === 'sms' && !bySms)
          throw badRequest(SMS_NOT_SET_UP, { errors: [{ path: 'templateId', message: SMS_NOT_SET_UP }] });
        if (template.type !== 'sms' && bySms)
          throw badRequest(SMS_TEMPLATE_NOT_SMS, {
            errors: [{ path: 'templateId', message: SMS_TEMPLATE_NOT_SMS }],
          });
      } else template = await templateOfKind(tx, tenantId, bySms ? 'sms_event_reminder' : 'event_reminder');
      // A person's SMS never goes at night: outside 08:00–20:00 at the venue it waits (issue 26).
      const smsAt = nextWindow(deps.now(), venue.timezone, SMS_DAY_STARTS_HOUR, SMS_DAY_ENDS_HOUR);
      const results = [];
      for (const bookingId of [...new Set(b.bookingIds)]) {
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
        if (refusal || !booking || !template) {
          results.push({ bookingId, status: 'failed' as const, message: refusal, emailId: null });
          continue;
        }
        const r = renderTemplate(template.subject, template.body, bookingValues(booking, venue));
        if (bySms) {
          const smsId = await queueSms(tx, {
            tenantId,
            kind: 'reminder',
            bookingId,
            templateId: template.id,
            templateName: template.name,
            toPhone: booking.customer_phone!,
            toName: booking.customer_name,
            label: template.name,
            body: r.text.trim(),
            now: deps.now(),
            notBefore: smsAt,
          });
          results.push({ bookingId, status: 'queued' as const, message: null, emailId: smsId });
          continue;
        }
        const emailId = await queueEmail(tx, {
          tenantId,
          kind: 'reminder',
          bookingId,
          templateId: template.id,
          templateName: template.name,
          toEmail: booking.customer_email,
          toName: booking.customer_name,
          subject: r.subject,
          text: r.text,
          html: r.html,
          now: deps.now(),
        });
        results.push({ bookingId, status: 'queued' as const, message: null, emailId });
      }
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
      ctx.body = { sent, failed, message, results };
    },
  );
}
