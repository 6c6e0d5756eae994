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
 * The e-mail itself is written in money-mail.ts; here each event becomes its invoice, template,
 * PDF and once-only key, one handler per event so each stays readable on its own.
 *
 * Once per invoice (or payment) and kind by the outbox's unique `dedupe_key`, so a redelivered
 * event writes nothing; a reminder is once per request (each Send Reminders is asked for anew).
 * The tenant's switches (Settings → automatic e-mails) and send hour apply as to booking e-mails.
 */
import type { Consumer } from '@venue/service-kit';
import type { CommsDeps } from '../deps.ts';
import type { FigureFill } from '../mail/document-figures.ts';
import type { AttachmentFetch } from '../mail/queue.ts';
import { formatMoney } from '../templates/values.ts';
import { fileName, queueMoneyMail, queuePaymentReminderSms, type InvoicePart } from './money-mail.ts';
import { includesEmail, includesSms, reminderChannel } from './sms-automatic.ts';

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

const onInvoiceCopyRequested =
  (deps: CommsDeps): Consumer<'invoice.copy_requested'> =>
  async (event, tx) => {
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
  };

const onCreditNoteIssued =
  (deps: CommsDeps): Consumer<'credit_note.issued'> =>
  async (event, tx) => {
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
  };

const onInvoiceIssued =
  (deps: CommsDeps): Consumer<'invoice.issued'> =>
  async (event, tx) => {
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
  };

const onPaymentRecorded =
  (deps: CommsDeps): Consumer<'payment.recorded'> =>
  async (event, tx) => {
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
  };

const onReminderRequested =
  (deps: CommsDeps): Consumer<'invoice.reminder_requested'> =>
  async (event, tx) => {
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
  };

export function moneyConsumers(deps: CommsDeps): {
  'invoice.issued': Consumer<'invoice.issued'>;
  'payment.recorded': Consumer<'payment.recorded'>;
  'invoice.reminder_requested': Consumer<'invoice.reminder_requested'>;
  'invoice.copy_requested': Consumer<'invoice.copy_requested'>;
  'credit_note.issued': Consumer<'credit_note.issued'>;
} {
  return {
    'invoice.copy_requested': onInvoiceCopyRequested(deps),
    'credit_note.issued': onCreditNoteIssued(deps),
    'invoice.issued': onInvoiceIssued(deps),
    'payment.recorded': onPaymentRecorded(deps),
    'invoice.reminder_requested': onReminderRequested(deps),
  };
}
