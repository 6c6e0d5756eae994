/**
 * The Send Email form's rules, apart from the screen (spec 02 §2.10, §5.3; issue 12 item 3):
 * what is sent, what is refused before sending, and the dashboard's share link.
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
import type { CommsFormat } from '../shared/format.ts';

export interface SendDraft {
  customer: CommsCustomer | null;
  booking: CommsBooking | null;
  templateId: string | null;
  subject: string;
  body: string;
  files: File[];
}

export const EMPTY_DRAFT: SendDraft = {
  customer: null,
  booking: null,
  templateId: null,
  subject: '',
  body: '',
  files: [],
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
    purpose: 'general',
  };
}

/** Everything wrong with the draft, in the contract's words; empty when it may be sent. */
export function sendProblems(draft: SendDraft): string[] {
  if (!draft.customer) return [SEND_NEEDS_CONTENT];
  const problems: string[] = [];
  const parsed = sendEmailSchema.safeParse(sendPayload(draft));
  if (!parsed.success) for (const issue of parsed.error.issues) problems.push(issue.message);
  problems.push(...attachmentProblems(draft.files));
  return [...new Set(problems)];
}

/** The server's limits (10 files, 10 MB in all), said before a large upload is refused. */
export function attachmentProblems(files: File[]): string[] {
  const problems: string[] = [];
  if (files.length > MAX_ATTACHMENTS) problems.push(TOO_MANY_ATTACHMENTS);
  if (files.reduce((sum, f) => sum + f.size, 0) > MAX_ATTACHMENT_TOTAL_BYTES)
    problems.push(ATTACHMENTS_TOO_LARGE);
  return problems;
}

/** The dashboard's "share by e-mail" link: /comms-send-email?toName&invoice&amount&bookingId. */
export interface ShareLink {
  toName: string;
  invoice: string;
  amount: string;
  bookingId: string;
}

export function readShareLink(params: URLSearchParams): ShareLink | null {
  const link = {
    toName: params.get('toName')?.trim() ?? '',
    invoice: params.get('invoice')?.trim() ?? '',
    amount: params.get('amount')?.trim() ?? '',
    bookingId: params.get('bookingId')?.trim() ?? '',
  };
  return link.toName || link.invoice || link.bookingId ? link : null;
}

/** Subject and body the share link starts with; the amount is in dollars as the dashboard shows it. */
export function shareText(link: ShareLink, fmt: CommsFormat): { subject: string; body: string } {
  const dollars = Number(link.amount);
  const amount = link.amount && Number.isFinite(dollars) ? fmt.money(Math.round(dollars * 100)) : link.amount;
  const about = [link.invoice ? `invoice ${link.invoice}` : '', amount ? `for ${amount}` : '']
    .filter(Boolean)
    .join(' ');
  return {
    subject: link.invoice ? `Invoice ${link.invoice}` : 'Your booking payment',
    body: `Dear ${link.toName || 'customer'},\n\nThis is a note about your payment${about ? ` (${about})` : ''}.\n\nPlease reply to this e-mail if you have any questions.`,
  };
}
