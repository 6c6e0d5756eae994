/**
 * How a money e-mail is written and queued (split from money-events.ts, issue 28 item 2): the
 * consumers there say which invoice, template and PDF; this file fills the venue's template with
 * the invoice's words and puts the e-mail (or the reminder's SMS) in the outbox.
 */
import {
  renderTemplate,
  type AutomaticEmailKind,
  type TemplateKind,
  type TemplateValues,
} from '@venue/contracts/comms';
import type { Tx } from '@venue/service-kit';
import type { FigureFill } from '../mail/document-figures.ts';
import type { AttachmentFetch } from '../mail/queue.ts';
import { queueEmail } from '../mail/queue.ts';
import { bookingValues, formatDate, formatMoney } from '../templates/values.ts';
import { mailContext, nextDaytime, type AutomaticOutcome } from './automatic.ts';
import { queueAutomaticSms } from './sms-automatic.ts';

/** The invoice part every money event carries (money-api's `eventInvoice`). */
export interface InvoicePart {
  id: string;
  invoiceNumber: string | null;
  bookingId: string | null;
  bookingCode: string | null;
  customerName: string;
  customerEmail: string;
  dueDate: string;
  totalCents: number;
  balanceCents: number;
  internalPdfPath?: string;
}

export interface MoneyMail {
  /** The automatic kind (its switch), or `invoice_copy`: a person's Send of an invoice again. */
  kind:
    | Extract<
        AutomaticEmailKind,
        'invoice_issued' | 'payment_received' | 'payment_reminder' | 'credit_note_issued'
      >
    | 'invoice_copy';
  template: Extract<TemplateKind, 'invoice' | 'receipt' | 'payment_reminder' | 'credit_note' | 'refund'>;
  /**
   * Words around the venue's template (a copy says it is one): what the template's subject and
   * body become, the template's own text passed in.
   */
  dress?: { subject: (s: string) => string; body: (b: string) => string };
  dedupeKey: string;
  invoice: InvoicePart;
  /** Values only this event knows (receipt number, amount paid, days overdue). */
  extra?: (currency: string) => TemplateValues;
  attachment: AttachmentFetch;
  /** The values that are the document's figures, filled again when the worker fetches it. */
  fill: FigureFill;
  /**
   * Asked for by a person (Send Reminders): the venue's automatic switch does not apply, since
   * it stands for the e-mails nobody asked for; the send hour still does.
   */
  byHand?: boolean;
  /** A person's Send of an invoice: queued for now, not held to the venue's send hour. */
  sendNow?: boolean;
}

/** The booking's words when comms has the booking; blanks (not raw placeholders) when it has not. */
const NO_BOOKING: TemplateValues = {
  bookingId: '',
  bookingCode: '',
  eventType: '',
  bookingDate: '',
  startTime: '',
  endTime: '',
  hallName: '',
  guestCount: '',
  status: '',
};

export const fileName = (text: string) => text.replace(/[^A-Za-z0-9._-]/g, '_');

/**
 * Queues the e-mail, or says why not. Throws when the venue's settings have not reached comms:
 * the event is kept and retried rather than written in a guessed time zone and currency.
 */
export async function queueMoneyMail(
  tx: Tx,
  tenantId: string,
  m: MoneyMail,
  now: Date,
): Promise<AutomaticOutcome> {
  const inv = m.invoice;
  const { cs, template, venue, booking } = await mailContext(tx, tenantId, m.template, inv.bookingId);
  if (!m.byHand && m.kind !== 'invoice_copy' && cs?.automatic?.[m.kind] === false) return 'off';
  if (!template) return 'no-template';
  if (!inv.customerEmail.includes('@')) return 'no-address';
  if (!venue) throw new Error(`settings of tenant ${tenantId} have not reached comms yet`);
  const total = formatMoney(inv.totalCents, venue.currency);
  const values: TemplateValues = {
    ...(booking
      ? bookingValues(booking, venue)
      : {
          ...NO_BOOKING,
          bookingId: inv.bookingCode ?? '',
          bookingCode: inv.bookingCode ?? '',
          businessName: venue.businessName || 'The venue team',
        }),
    // The invoice's addressee, as money printed it on the PDF.
    customerName: inv.customerName,
    customerEmail: inv.customerEmail,
    // "Total: {{calculatedPrice}}" in a money e-mail means this invoice's total (a deposit
    // invoice's total is the deposit, not the booking's price).
    calculatedPrice: total,
    invoiceNumber: inv.invoiceNumber ?? '',
    invoiceTotal: total,
    amountDue: formatMoney(inv.balanceCents, venue.currency),
    dueDate: formatDate(inv.dueDate),
    ...m.extra?.(venue.currency),
  };
  const subject = m.dress ? m.dress.subject(template.subject) : template.subject;
  const body = m.dress ? m.dress.body(template.body) : template.body;
  const r = renderTemplate(subject, body, values);
  const id = await queueEmail(tx, {
    tenantId,
    kind: m.kind,
    dedupeKey: m.dedupeKey,
    bookingId: inv.bookingId,
    templateId: template.id,
    templateName: template.name,
    toEmail: inv.customerEmail,
    toName: inv.customerName,
    subject: r.subject,
    text: r.text,
    html: r.html,
    attachmentFetch: m.attachment,
    // The amounts are written again from the PDF's own figures when it is fetched (issue 24 item 1).
    render: {
      subject,
      body,
      values,
      currency: venue.currency,
      fill: m.fill,
    },
    now,
    notBefore: m.sendNow ? now : nextDaytime(now, venue.timezone, cs?.send_hour ?? 9),
  });
  return id ? 'queued' : 'already-sent';
}

/**
 * The payment reminder by SMS (issue 26): to the phone of the invoice's booking (comms' copy);
 * an invoice without a booking comms knows, or a booking without a phone, is recorded as not sent.
 */
export async function queuePaymentReminderSms(
  tx: Tx,
  tenantId: string,
  inv: InvoicePart & { daysOverdue?: number },
  emailKey: string,
  now: Date,
): Promise<void> {
  const { cs, venue, booking } = await mailContext(tx, tenantId, undefined, inv.bookingId);
  if (!venue) throw new Error(`settings of tenant ${tenantId} have not reached comms yet`);
  await queueAutomaticSms(tx, tenantId, {
    kind: 'payment_reminder',
    emailKey,
    bookingId: inv.bookingId,
    phone: booking?.customer_phone ?? '',
    toName: inv.customerName,
    values: {
      ...(booking
        ? bookingValues(booking, venue)
        : { ...NO_BOOKING, businessName: venue.businessName || 'The venue team' }),
      customerName: inv.customerName,
      invoiceNumber: inv.invoiceNumber ?? '',
      invoiceTotal: formatMoney(inv.totalCents, venue.currency),
      amountDue: formatMoney(inv.balanceCents, venue.currency),
      dueDate: formatDate(inv.dueDate),
      ...(inv.daysOverdue !== undefined ? { daysOverdue: String(inv.daysOverdue) } : {}),
    },
    now,
    notBefore: nextDaytime(now, venue.timezone, cs?.send_hour ?? 9),
  });
}
