/**
 * Money's e-mails (issue 12 item 6, issue 13; decision 30): money publishes what happened to an
 * invoice and comms writes the customer's e-mail from the tenant's template of that kind —
 *
 * - `invoice.issued` (Send on a draft, New Invoice issued at once, the deposit invoice of a
 *   confirmation, a FINAL invoice from Send invoices, a kept bond) → the Invoice e-mail; when a
 *   person pressed Send (`requestedBy`) it goes whatever the automatic switch says, at once;
 * - `payment.recorded` of a payment received (not a refund or reversal) → the Receipt e-mail;
 * - `invoice.reminder_requested` (Send Reminders) → the Payment reminder e-mail;
 *
 * each with money's PDF attached. The PDF is not fetched here: a consumer runs inside the event's
 * transaction and must not wait on another service. The row names where the worker fetches it
 * when it sends (`attachment_fetch`), so money being down only delays the e-mail.
 *
 * Once per invoice (or payment) and kind by the outbox's unique `dedupe_key`, so a redelivered
 * event writes nothing; a reminder is once per request (each Send Reminders is asked for anew).
 * The tenant's switches (Settings → automatic e-mails) and send hour apply as to booking e-mails.
 */
import {
  renderTemplate,
  type AutomaticEmailKind,
  type TemplateKind,
  type TemplateValues,
} from '@venue/contracts/comms';
import type { Consumer, Tx } from '@venue/service-kit';
import { db } from '../db/query.ts';
import type { CommsDeps } from '../deps.ts';
import type { FigureFill } from '../mail/document-figures.ts';
import type { AttachmentFetch } from '../mail/queue.ts';
import { queueEmail } from '../mail/queue.ts';
import { ensureTenant } from '../templates/seed.ts';
import {
  bookingValues,
  findBookingCopy,
  formatDate,
  formatMoney,
  venueContext,
} from '../templates/values.ts';
import { nextDaytime, templateOfKind, type AutomaticOutcome } from './automatic.ts';
import { includesEmail, includesSms, queueAutomaticSms, reminderChannel } from './sms-automatic.ts';

/**
 * The payment reminder by SMS (issue 26): to the phone of the invoice's booking (comms' copy);
 * an invoice without a booking comms knows, or a booking without a phone, is recorded as not sent.
 */
async function queuePaymentReminderSms(
  tx: Tx,
  tenantId: string,
  inv: InvoicePart & { daysOverdue?: number },
  emailKey: string,
  now: Date,
): Promise<void> {
  await ensureTenant(tx, tenantId);
  const venue = await venueContext(tx, tenantId);
  if (!venue) throw new Error(`settings of tenant ${tenantId} have not reached comms yet`);
  const cs = await db(tx)
    .selectFrom('comms_settings')
    .select('send_hour')
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
  const booking = inv.bookingId ? await findBookingCopy(tx, tenantId, inv.bookingId) : null;
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

/** The invoice part every money event carries (money-api's `eventInvoice`). */
interface InvoicePart {
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

const fileName = (text: string) => text.replace(/[^A-Za-z0-9._-]/g, '_');

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
  await ensureTenant(tx, tenantId);
  const cs = await db(tx)
    .selectFrom('comms_settings')
    .select(['automatic', 'send_hour'])
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
  if (!m.byHand && m.kind !== 'invoice_copy' && cs?.automatic?.[m.kind] === false) return 'off';
  const template = await templateOfKind(tx, tenantId, m.template);
  if (!template) return 'no-template';
  const inv = m.invoice;
  if (!inv.customerEmail.includes('@')) return 'no-address';
  const venue = await venueContext(tx, tenantId);
  if (!venue) throw new Error(`settings of tenant ${tenantId} have not reached comms yet`);
  const booking = inv.bookingId ? await findBookingCopy(tx, tenantId, inv.bookingId) : null;
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
 * Money's own URL of the invoice PDF (the event's `internalPdfPath`; older events lack it), asked
 * for as a document: the PDF with the figures it prints.
 */
function invoicePdf(tenantId: string, inv: InvoicePart): AttachmentFetch {
  return {
    service: 'money',
    path: inv.internalPdfPath ?? `/internal/invoices/${tenantId}/${inv.id}/pdf`,
    filename: `${fileName(inv.invoiceNumber ?? `invoice-${inv.id}`)}.pdf`,
    contentType: 'application/pdf',
    document: true,
  };
}

/** An invoice e-mail's amounts and dates as the invoice PDF prints them ("Total: {{calculatedPrice}}" too). */
const INVOICE_FILL: FigureFill = {
  invoiceNumber: 'invoiceNumber',
  invoiceTotal: 'totalCents',
  calculatedPrice: 'totalCents',
  amountDue: 'balanceCents',
  dueDate: 'dueDate',
};

/** A receipt e-mail's as the receipt PDF prints them: the amount received and the invoice's balance. */
const RECEIPT_FILL: FigureFill = {
  receiptNumber: 'receiptNumber',
  invoiceNumber: 'invoiceNumber',
  amountPaid: 'amountCents',
  amountDue: 'balanceCents',
};

/** An adjustment note e-mail's amounts as its PDF prints them. */
const CREDIT_NOTE_FILL: FigureFill = {
  creditNoteNumber: 'creditNoteNumber',
  invoiceNumber: 'invoiceNumber',
  amountCredited: 'amountCents',
  amountRefunded: 'refundedCents',
};

/**
 * A copy of an invoice sent again says so: "Copy:" before the venue's subject, and a line after
 * its words; the PDF money attaches is marked COPY (issue 24 item 14).
 */
const AS_COPY = {
  subject: (subject: string) => `Copy: ${subject}`,
  body: (body: string) =>
    `${body}\n\nThis is a copy of invoice {{invoiceNumber}}, sent again at your request; the attached PDF is marked COPY.`,
};

export function moneyConsumers(deps: CommsDeps): {
  'invoice.issued': Consumer<'invoice.issued'>;
  'payment.recorded': Consumer<'payment.recorded'>;
  'invoice.reminder_requested': Consumer<'invoice.reminder_requested'>;
  'invoice.copy_requested': Consumer<'invoice.copy_requested'>;
  'credit_note.issued': Consumer<'credit_note.issued'>;
} {
  return {
    'invoice.copy_requested': async (event, tx) => {
      const tenantId = event.tenantId;
      if (!tenantId) return;
      const inv = event.data;
      await queueMoneyMail(
        tx,
        tenantId,
        {
          kind: 'invoice_copy',
          template: 'invoice',
          dress: AS_COPY,
          // each Send is its own e-mail; the same request redelivered is not
          dedupeKey: `auto:invoice_copy:${inv.id}:${event.id}`,
          invoice: inv,
          // internalPdfPath asks for the copy (`?copy=1`)
          attachment: invoicePdf(tenantId, inv),
          fill: INVOICE_FILL,
          byHand: true,
          sendNow: true,
        },
        deps.now(),
      );
    },
    'credit_note.issued': async (event, tx) => {
      const tenantId = event.tenantId;
      const note = event.data;
      // Events before issue 24 do not say whose invoice it was: nobody to write to.
      if (!tenantId || !note.invoice) return;
      const refunded = note.refundedCents > 0;
      await queueMoneyMail(
        tx,
        tenantId,
        {
          kind: 'credit_note_issued',
          // money paid back: the Refund e-mail; a credit only: the Adjustment note e-mail
          template: refunded ? 'refund' : 'credit_note',
          dedupeKey: `auto:credit_note_issued:${note.id}`,
          invoice: note.invoice,
          extra: (currency) => ({
            creditNoteNumber: note.creditNoteNumber,
            amountCredited: formatMoney(note.amountCents, currency),
            amountRefunded: formatMoney(note.refundedCents, currency),
          }),
          attachment: {
            service: 'money',
            // money's own venue id, as the invoice events' internalPdfPath has it
            path: `/internal/invoices/${note.hallOwnerId}/${note.invoiceId}/credit-notes/${note.id}/pdf`,
            filename: `${fileName(note.creditNoteNumber)}.pdf`,
            contentType: 'application/pdf',
            document: true,
          },
          fill: CREDIT_NOTE_FILL,
        },
        deps.now(),
      );
    },
    'invoice.issued': async (event, tx) => {
      const tenantId = event.tenantId;
      if (!tenantId) return;
      const inv = event.data;
      await queueMoneyMail(
        tx,
        tenantId,
        {
          kind: 'invoice_issued',
          template: 'invoice',
          dedupeKey: `auto:invoice_issued:${inv.id}`,
          invoice: inv,
          attachment: invoicePdf(tenantId, inv),
          fill: INVOICE_FILL,
          // A person pressed Send: e-mailed whatever the automatic switch says, and now.
          byHand: Boolean(inv.requestedBy),
          sendNow: Boolean(inv.requestedBy),
        },
        deps.now(),
      );
    },
    'payment.recorded': async (event, tx) => {
      const tenantId = event.tenantId;
      const p = event.data;
      // A refund or reversal is money going back or a correction: no "thank you for your payment".
      if (!tenantId || p.kind !== 'payment') return;
      await queueMoneyMail(
        tx,
        tenantId,
        {
          kind: 'payment_received',
          template: 'receipt',
          dedupeKey: `auto:payment_received:${p.paymentId}`,
          invoice: p.invoice,
          extra: (currency) => ({
            receiptNumber: p.receiptNumber,
            amountPaid: formatMoney(p.amountCents, currency),
          }),
          attachment: {
            service: 'money',
            path: `/internal/payments/${tenantId}/${p.paymentId}/receipt`,
            filename: `${fileName(p.receiptNumber)}.pdf`,
            contentType: 'application/pdf',
            document: true,
          },
          fill: RECEIPT_FILL,
        },
        deps.now(),
      );
    },
    'invoice.reminder_requested': async (event, tx) => {
      const tenantId = event.tenantId;
      if (!tenantId) return;
      const inv = event.data;
      const dedupeKey = `auto:payment_reminder:${inv.id}:${event.id}`;
      // By SMS as well as, or instead of, e-mail when the venue chose so (issue 26).
      const channel = await reminderChannel(tx, tenantId, 'payment_reminder');
      if (includesSms(channel)) await queuePaymentReminderSms(tx, tenantId, inv, dedupeKey, deps.now());
      if (!includesEmail(channel)) return;
      await queueMoneyMail(
        tx,
        tenantId,
        {
          kind: 'payment_reminder',
          template: 'payment_reminder',
          // each Send Reminders is its own e-mail; the same request redelivered is not
          dedupeKey,
          invoice: inv,
          extra: () => ({ daysOverdue: String(inv.daysOverdue) }),
          attachment: invoicePdf(tenantId, inv),
          fill: INVOICE_FILL,
          byHand: Boolean(inv.requestedBy),
        },
        deps.now(),
      );
    },
  };
}
