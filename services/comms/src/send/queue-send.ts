/**
 * Send Email's message (spec 02 §2.10; issue 12 items 3 and 7): the template, custom text, quick
 * e-mail or pay link, rendered here with the booking's values, money's pay link and the invoice's
 * figures, and queued in the outbox in the request's transaction; the worker delivers it
 * (mail/worker.ts).
 */
import {
  bounceWarning,
  renderTemplate,
  SMS_NOT_SET_UP,
  TEMPLATE_NOT_FOUND,
  type SendEmailPayload,
  type TemplateValues,
} from '@venue/contracts/comms';
import { badRequest, conflict, notFound, type AppContext, type Tx } from '@venue/service-kit';
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
import { tenantOf, venueSettings } from '../shared/request.ts';
import { type Attachment } from './attachments.ts';
import { type InvoiceDocumentAnswer } from './invoice-attachment.ts';
import type { PayLinkAnswer } from './pay-link.ts';

export interface TemplateUse {
  id: string;
  name: string;
  type: string;
  subject: string;
  body: string;
}

export async function templateOfKind(tx: Tx, tenantId: string, kind: string): Promise<TemplateUse | null> {
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

/** Money's answer, or what it threw (a 503 saying to try again), kept to be used in its turn. */
export type AskedMoney = { answer: PayLinkAnswer } | { error: unknown };
export type AskedInvoice = { answer: InvoiceDocumentAnswer } | { error: unknown };

/** What money answered, or what it threw, rethrown where the checks reach it. */
function answered<T>(asked: { answer: T } | { error: unknown }): T {
  if ('error' in asked) throw asked.error;
  return asked.answer;
}

/** The booking's values, with money's pay link for a pay-link e-mail. */
async function bookingPart(
  tx: Tx,
  tenantId: string,
  p: SendEmailPayload,
  booking: BookingCopyRow,
  asked: AskedMoney | null,
): Promise<TemplateValues> {
  await venueSettings(tx, tenantId);
  const venue = (await venueContext(tx, tenantId))!;
  const values: TemplateValues = bookingValues(booking, venue);
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
  return values;
}

/** The invoice's PDF attached, and its figures as the PDF prints them (issue 24 items 1 and 14). */
async function invoicePart(
  tx: Tx,
  tenantId: string,
  invoice: AskedInvoice,
  files: Attachment[],
): Promise<TemplateValues> {
  const doc = answered(invoice);
  if ('refused' in doc)
    throw notFound(doc.refused, { errors: [{ path: 'invoiceId', message: doc.refused }] });
  const d = doc.document;
  files.push({
    filename: d.filename,
    contentType: d.contentType,
    data: Buffer.from(d.contentBase64, 'base64'),
  });
  await venueSettings(tx, tenantId);
  const venue = (await venueContext(tx, tenantId))!;
  const f = d.figures;
  return {
    ...(f.invoiceNumber ? { invoiceNumber: f.invoiceNumber } : {}),
    ...(f.totalCents !== undefined ? { invoiceTotal: formatMoney(f.totalCents, venue.currency) } : {}),
    ...(f.balanceCents !== undefined ? { amountDue: formatMoney(f.balanceCents, venue.currency) } : {}),
    ...(f.dueDate ? { dueDate: formatDate(f.dueDate) } : {}),
  };
}

/** The subject and body the message is written from, or the 400 saying what is missing. */
function subjectAndBody(p: SendEmailPayload, template: TemplateUse | null) {
  const subject = p.customSubject?.trim() || template?.subject || '';
  const body = p.customBody?.trim() ? p.customBody : (template?.body ?? '');
  if (!subject || !body.trim()) {
    const message =
      p.purpose === 'payment_link' ? 'The Payment link template is missing or inactive.' : 'Body is required';
    throw badRequest(message, {
      errors: [{ path: p.purpose === 'payment_link' ? 'purpose' : 'customBody', message }],
    });
  }
  return { subject, body };
}

/** The rest of Send Email, in the request's transaction: checks, render, queue, audit. */
export async function queueSend(
  ctx: AppContext,
  tx: Tx,
  deps: CommsDeps,
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
  const { subject, body } = subjectAndBody(p, template);
  // The client's values first; the booking's own (and the pay link) win over them.
  let values: TemplateValues = { ...(p.variables as TemplateValues | undefined) };
  if (booking) values = { ...values, ...(await bookingPart(tx, tenantId, p, booking, asked)) };
  const files = [...attachments];
  if (invoice) values = { ...values, ...(await invoicePart(tx, tenantId, invoice, files)) };
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
