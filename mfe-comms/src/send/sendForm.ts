/**
 * The Send Email form's rules, apart from the screen (spec 02 §2.10, §5.3; issue 12 item 3):
 * what is sent, what is refused before sending (the form's resolver), and the dashboard's share link.
 */
import {
  ATTACHMENTS_TOO_LARGE,
  MAX_ATTACHMENT_TOTAL_BYTES,
  MAX_ATTACHMENTS,
  SEND_NEEDS_CONTENT,
  TOO_MANY_ATTACHMENTS,
  sendEmailSchema,
  type CommsBooking,
  type CommsCustomer,
  type SendEmailRequest,
  type TemplateValues,
} from '@venue/contracts/comms';
import { parseDollars } from '@venue/contracts';
import type { FieldErrors } from 'react-hook-form';
import { contractResolver } from '@venue/ui/contract-form';
import type { CommsFormat } from '../shared/format.ts';

/**
 * An invoice whose PDF goes with the e-mail (the Dashboard's Share by e-mail: issue 24 item 14).
 * The server attaches money's PDF and fills `{{invoiceNumber}}` and `{{amountDue}}` from it; the
 * number and amount here are the Dashboard's, for the preview only.
 */
export interface AttachedInvoice {
  id: string;
  number: string;
  /** The Dashboard's amount due, in cents; null when the link had none. */
  amountCents: number | null;
}

export interface SendDraft {
  customer: CommsCustomer | null;
  booking: CommsBooking | null;
  templateId: string | null;
  subject: string;
  body: string;
  files: File[];
  invoice: AttachedInvoice | null;
}

export const EMPTY_DRAFT: SendDraft = {
  customer: null,
  booking: null,
  templateId: null,
  subject: '',
  body: '',
  files: [],
  invoice: null,
};

/** The values the preview fills (spec 02 §3.5); the server fills the same from the booking. */
export function previewValues(draft: SendDraft, fmt: CommsFormat): TemplateValues {
  const values: TemplateValues = {};
  if (draft.customer) {
    values.customerName = draft.customer.name;
    values.customerEmail = draft.customer.email;
  }
  const b = draft.booking;
  if (b) {
    Object.assign(values, {
      bookingId: b.bookingCode,
      bookingCode: b.bookingCode,
      eventType: b.eventType,
      bookingDate: fmt.date(b.bookingDate),
      startTime: fmt.time(b.startTime),
      endTime: fmt.time(b.endTime),
      hallName: b.hallName || b.selectedHall,
      calculatedPrice: fmt.money(b.calculatedPriceCents),
      guestCount: b.guestCount === null ? '' : String(b.guestCount),
      status: b.status,
    } satisfies TemplateValues);
  }
  const invoice = draft.invoice;
  if (invoice) {
    values.invoiceNumber = invoice.number;
    if (invoice.amountCents !== null) values.amountDue = fmt.money(invoice.amountCents);
  }
  return values;
}

export function sendPayload(draft: SendDraft): SendEmailRequest {
  const customer = draft.customer;
  return {
    recipientEmail: customer?.email ?? '',
    recipientName: customer?.name ?? '',
    ...(draft.booking ? { bookingId: draft.booking.id } : {}),
    ...(draft.templateId ? { templateId: draft.templateId } : {}),
    customSubject: draft.subject,
    customBody: draft.body,
    ...(customer ? { variables: { customerName: customer.name, customerEmail: customer.email } } : {}),
    ...(draft.invoice ? { invoiceId: draft.invoice.id } : {}),
    purpose: 'general',
  };
}

/** The send body's fields as the form names them (the recipient is the chosen customer). */
export const DRAFT_FIELD: Readonly<Record<string, keyof SendDraft>> = {
  recipientEmail: 'customer',
  recipientName: 'customer',
  variables: 'customer',
  templateId: 'templateId',
  bookingId: 'booking',
  customSubject: 'subject',
  customBody: 'body',
  invoiceId: 'invoice',
};
/** The form's fields in the order of the page, which is the order its problems are listed in. */
const FIELD_ORDER = ['customer', 'booking', 'templateId', 'subject', 'body', 'files', 'invoice'] as const;

/**
 * The payload the draft makes, checked by the contract's own schema (POST /api/email-comms/send
 * parses the same), its problems put on the fields they are about (one the form has no field for
 * on `root`), the first per field; the attachments beside it. The draft is what the submit gets
 * (`raw`): the confirmation shows it and the send makes the payload again.
 */
export const sendResolver = contractResolver<SendDraft, SendDraft>({
  schema: sendEmailSchema,
  toBody: sendPayload,
  fieldOf: (path) => DRAFT_FIELD[path.split('.')[0]!] ?? 'root',
  screenRules: (draft) => (draft.customer ? {} : { customer: SEND_NEEDS_CONTENT }),
  alongside: (draft) => {
    const files = attachmentProblems(draft.files);
    return files.length ? { files: files.join(', ') } : {};
  },
  raw: true,
});

/** Everything wrong with the draft, in the contract's words (spec 02 §5.3), each once. */
export function sendProblems(errors: FieldErrors<SendDraft>): string[] {
  const messages = [...FIELD_ORDER, 'root' as const].flatMap((f) => errors[f]?.message ?? []);
  return [...new Set(messages.filter((m): m is string => typeof m === 'string'))];
}

/** The server's limits (10 files, 10 MB in all), said before a large upload is refused. */
export function attachmentProblems(files: File[]): string[] {
  const problems: string[] = [];
  if (files.length > MAX_ATTACHMENTS) problems.push(TOO_MANY_ATTACHMENTS);
  if (files.reduce((sum, f) => sum + f.size, 0) > MAX_ATTACHMENT_TOTAL_BYTES)
    problems.push(ATTACHMENTS_TOO_LARGE);
  return problems;
}

/**
 * The dashboard's "share by e-mail" link: /comms-send-email?toName&invoice&amount&bookingId, and
 * the invoice's id (issue 24 item 14) when its PDF is to go with the e-mail.
 */
export interface ShareLink {
  toName: string;
  invoice: string;
  amount: string;
  bookingId: string;
  invoiceId: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function readShareLink(params: URLSearchParams): ShareLink | null {
  const invoiceId = params.get('invoiceId')?.trim() ?? '';
  const link = {
    toName: params.get('toName')?.trim() ?? '',
    invoice: params.get('invoice')?.trim() ?? '',
    amount: params.get('amount')?.trim() ?? '',
    bookingId: params.get('bookingId')?.trim() ?? '',
    invoiceId: UUID.test(invoiceId) ? invoiceId : '',
  };
  return link.toName || link.invoice || link.bookingId ? link : null;
}

/** The link's amount (dollars as the dashboard writes them) in cents, or null when it is none. */
const linkCents = (link: ShareLink): number | null => (link.amount ? parseDollars(link.amount) : null);

/** The invoice whose PDF the share link attaches, or null. */
export function shareInvoice(link: ShareLink): AttachedInvoice | null {
  return link.invoiceId
    ? { id: link.invoiceId, number: link.invoice || 'the invoice', amountCents: linkCents(link) }
    : null;
}

/**
 * Subject and body the share link starts with; the amount is in dollars as the dashboard shows it.
 * With the invoice's PDF attached, the body names its number and amount as placeholders, which the
 * server fills from that PDF: the e-mail then says what the attachment says (issue 24 item 1).
 */
export function shareText(link: ShareLink, fmt: CommsFormat): { subject: string; body: string } {
  if (link.invoiceId)
    return {
      subject: link.invoice ? `Invoice ${link.invoice}` : 'Your invoice',
      body: `Dear ${link.toName || 'customer'},\n\nPlease find invoice {{invoiceNumber}} attached, with {{amountDue}} to pay.\n\nPlease reply to this e-mail if you have any questions.`,
    };
  const cents = linkCents(link);
  const amount = cents !== null ? fmt.money(cents) : link.amount;
  const about = [link.invoice ? `invoice ${link.invoice}` : '', amount ? `for ${amount}` : '']
    .filter(Boolean)
    .join(' ');
  return {
    subject: link.invoice ? `Invoice ${link.invoice}` : 'Your booking payment',
    body: `Dear ${link.toName || 'customer'},\n\nThis is a note about your payment${about ? ` (${about})` : ''}.\n\nPlease reply to this e-mail if you have any questions.`,
  };
}
