/**
 * The customer's door in the money service (issue 25, decision 56): what a venue's signed-in
 * customer sees of their own money — their invoices with the receipts and adjustment notes of
 * each, the PDFs, the pay page for what is due — and the quotations the venue sent them, which
 * they may accept (the slot is booked exactly as the venue's own acceptance books it) or
 * decline. The service parses with these schemas and answers their types; the portal app takes
 * its types from here (`import type`).
 *
 * A customer sees only what was sent to them: never a draft invoice, never a Draft quotation,
 * nothing of another customer (a clash on accepting is said without whose booking it is).
 * Amounts are integer cents, GST included (decision 4). Additive only.
 */
import { z } from 'zod';
import { cents, day, errorSchema, hhmm, instant } from '../api/common.ts';
import { textField } from '../api/fields.ts';
import type { ApiResponse, RouteTable } from '../api/route-table.ts';
import { INVOICE_TYPES } from './paths.ts';

/** What the portal calls answer in words; the portal shows them as they are. */
export const PORTAL_MONEY_MESSAGES = {
  invoiceNotFound: 'No such invoice among yours at this venue.',
  receiptNotFound: 'No such receipt among yours at this venue.',
  creditNoteNotFound: 'No such adjustment note among yours at this venue.',
  quotationNotFound: 'No such quotation among yours at this venue.',
  paid: 'This invoice is paid in full: there is nothing left to pay.',
  notPayable: 'This invoice has been cancelled and cannot be paid.',
  expired: 'This quotation has expired. Ask the venue for a new one.',
  answered: (status: string) => `This quotation is ${status.toLowerCase()} already.`,
  accepting: 'This quotation is being accepted already. Look again in a moment for your booking.',
  /** The clash, said without whose booking it is (another customer's is never named). */
  slotTaken: (slot: string) =>
    `${slot} is no longer free: the venue has booked that time since the quotation was sent. The quotation stays open; ask the venue about another time.`,
  acceptFailed: 'The quotation could not be accepted just now. Please try again in a minute.',
  declined: 'Declined. The venue has been told.',
} as const;

/** The quotation statuses a customer ever sees (a Draft is the venue's own work in progress). */
export const PORTAL_QUOTATION_STATUSES = ['Sent', 'Accepted', 'Declined', 'Expired'] as const;
export type PortalQuotationStatus = (typeof PORTAL_QUOTATION_STATUSES)[number];

/** The invoice statuses a customer sees (never a draft: it has not been issued to them). */
export const PORTAL_INVOICE_STATUSES = ['SENT', 'PARTIAL', 'PAID', 'OVERDUE', 'VOID', 'REFUNDED'] as const;

// --- answers --------------------------------------------------------------------------------------

/** A receipt: one payment, refund or reversal on the invoice, each with its own receipt PDF. */
export const portalReceiptSchema = z.object({
  paymentId: z.uuid(),
  /** The receipt number (`RCT-2026-00003`), also the PDF's file name. */
  number: z.string(),
  /** `payment` received; `refund` paid back; `reversal`: an earlier payment taken back (it did not clear). */
  kind: z.enum(['payment', 'refund', 'reversal']),
  method: z.string(),
  paidAt: instant(),
  /** Always positive; `kind` says which way the money went. */
  amountCents: cents(),
});
export type PortalReceipt = z.infer<typeof portalReceiptSchema>;

/** An adjustment (credit) note against the invoice. */
export const portalCreditNoteSchema = z.object({
  id: z.uuid(),
  /** Its own number (`CN-2026-00001`), also the PDF's file name. */
  number: z.string(),
  /** The venue's day it was issued. */
  issuedAt: day(),
  reason: z.string(),
  /** What it takes off the invoice, GST included, and the GST in it. */
  amountCents: cents(),
  gstCents: cents(),
  /** What was paid back against it. */
  refundedCents: cents(),
});
export type PortalCreditNote = z.infer<typeof portalCreditNoteSchema>;

export const portalInvoiceSchema = z
  .object({
    id: z.uuid(),
    /** The tax invoice's number (`INV-2026-00012`), also the PDF's file name. */
    number: z.string(),
    /** DEPOSIT, FINAL, or BOND (the kept part of a bond). */
    kind: z.enum(INVOICE_TYPES),
    status: z.enum(PORTAL_INVOICE_STATUSES),
    bookingId: z.string().nullable(),
    bookingCode: z.string().nullable(),
    /** The quotation the booking was accepted from, when it was. */
    quotationNumber: z.string().nullable(),
    resourceName: z.string().nullable(),
    eventType: z.string().nullable(),
    eventDate: day().nullable(),
    description: z.string(),
    /** The venue's day it was issued, and the day it falls due. */
    issuedAt: day(),
    dueDate: day(),
    lines: z.array(
      z.object({
        description: z.string(),
        quantity: z.number().int(),
        /** GST included (negative for a deposit already invoiced, on a final invoice). */
        totalCents: z.number().int(),
        gstCents: z.number().int(),
      }),
    ),
    subtotalCents: cents(),
    gstCents: cents(),
    totalCents: cents(),
    creditedCents: cents(),
    paidCents: cents(),
    /** What is still to pay: total less credits and payments, never below 0. */
    balanceCents: cents(),
    /** Whole days past the due date while it is overdue, else 0. */
    daysOverdue: z.number().int().min(0),
    /** True when the pay page takes a payment now (issued, not cancelled, something due). */
    payable: z.boolean(),
    receipts: z.array(portalReceiptSchema),
    creditNotes: z.array(portalCreditNoteSchema),
  })
  .meta({ id: 'PortalInvoice' });
export type PortalInvoice = z.infer<typeof portalInvoiceSchema>;

/** `GET /api/portal/invoices`: the customer's invoices at this venue, newest first. */
export const portalInvoiceListSchema = z.object({ invoices: z.array(portalInvoiceSchema) });
export type PortalInvoiceList = z.infer<typeof portalInvoiceListSchema>;

/** `POST /api/portal/invoices/{id}/pay`: where to pay what is due (decision 43's pay page). */
export const portalPayBody = z.object({}).strip();
export const portalPayAnswerSchema = z.object({
  /** The pay page, absolute (as the venue's e-mails carry it). */
  url: z.string(),
  /** The same page on this origin (`/pay/{token}`): what the portal opens. */
  path: z.string(),
  invoiceNumber: z.string(),
  /** What the page asks for: the invoice's balance now. */
  amountDueCents: cents(),
  /** True when the page offers "Pay by card" (the venue takes cards through Stripe); else bank transfer. */
  cardPayments: z.boolean(),
});
export type PortalPayAnswer = z.infer<typeof portalPayAnswerSchema>;

export const portalQuotationSchema = z
  .object({
    id: z.uuid(),
    /** `QUO-2026-00001`: every quotation a customer sees has been sent, so has its number. */
    number: z.string(),
    /** Expired is read from the venue's clock: Sent past the end of its valid day. */
    status: z.enum(PORTAL_QUOTATION_STATUSES),
    resourceName: z.string(),
    eventType: z.string(),
    eventDate: day(),
    startTime: hhmm(),
    endTime: hhmm(),
    guestCount: z.number().int().nullable(),
    /** The last day it may be accepted (the venue's day). */
    validUntil: day(),
    /** What it comes to, GST included, and the GST in it. */
    totalCents: cents(),
    gstCents: cents(),
    /** Due when the booking is made (its deposit invoice), and what is left after it. */
    depositCents: cents(),
    finalCents: cents(),
    /** What the price covers, line by line (GST included). */
    items: z.array(z.object({ description: z.string(), amountCents: cents() })),
    /** The venue's notes on the quotation. */
    notes: z.string(),
    /** The booking accepting it made. */
    bookingId: z.string().nullable(),
    bookingCode: z.string().nullable(),
    sentAt: instant().nullable(),
    acceptedAt: instant().nullable(),
    /** What the customer said when declining it, if anything. */
    declineReason: z.string().nullable(),
  })
  .meta({ id: 'PortalQuotation' });
export type PortalQuotation = z.infer<typeof portalQuotationSchema>;

/** `GET /api/portal/quotations`: the quotations the venue sent this customer, newest first. */
export const portalQuotationListSchema = z.object({ quotations: z.array(portalQuotationSchema) });
export type PortalQuotationList = z.infer<typeof portalQuotationListSchema>;

/** `POST /api/portal/quotations/{id}/accept`. No fields: the quotation says what is booked. */
export const portalAcceptBody = z.object({}).strip();
export const portalAcceptAnswerSchema = z.object({
  /** The booking it made (confirmed; its deposit invoice follows under Invoices). */
  bookingId: z.string(),
  bookingCode: z.string(),
  quotation: portalQuotationSchema,
});
export type PortalAcceptAnswer = z.infer<typeof portalAcceptAnswerSchema>;

/** `POST /api/portal/quotations/{id}/decline`: why, if the customer wants to say (the venue sees it). */
export const portalDeclineBody = z.object({ reason: textField(1000, 'Reason').optional() });
export type PortalDeclineBody = z.input<typeof portalDeclineBody>;

// --- the calls ------------------------------------------------------------------------------------

const portal = { service: 'money', tag: 'Portal', access: 'customer' } as const;
const idParam = (what: string) =>
  z.object({ id: z.string().meta({ description: `The ${what} id (a uuid).` }) });
const refused = (description: string): ApiResponse => ({ description, schema: errorSchema });
const notYours = (what: string) => ({ 404: refused(`No such ${what} among yours at this venue.`) });
const noSettings = {
  503: refused("The venue's settings have not reached Invoices yet (no figures on a guessed clock)."),
};
const pdf = (description: string): ApiResponse => ({ description, contentType: 'application/pdf' });

export const PORTAL_MONEY_ROUTES = [
  {
    ...portal,
    method: 'get',
    path: '/api/portal/invoices',
    summary: 'Your invoices at this venue, with their receipts and adjustment notes',
    description:
      'Every invoice the venue issued to your e-mail address (drafts are not issued yet), newest first, with what is due, when, and whether the pay page takes it now.',
    responses: { 200: { description: 'OK', schema: portalInvoiceListSchema }, ...noSettings },
  },
  {
    ...portal,
    method: 'get',
    path: '/api/portal/invoices/{id}/pdf',
    summary: 'One of your invoices as its A4 tax invoice (file name: its number)',
    params: idParam('invoice'),
    responses: { 200: pdf('The tax invoice'), ...notYours('invoice'), ...noSettings },
  },
  {
    ...portal,
    method: 'post',
    path: '/api/portal/invoices/{id}/pay',
    summary: "Where to pay what is due on one of your invoices (the venue's pay page)",
    description:
      'Answers the invoice\'s pay page (decision 43): the amount due with the venue\'s bank-transfer details and reference, and "Pay by card" through Stripe when the venue takes cards. The same page each time. Honours Idempotency-Key.',
    params: idParam('invoice'),
    body: portalPayBody,
    responses: {
      200: { description: 'The pay page', schema: portalPayAnswerSchema },
      ...notYours('invoice'),
      409: refused('Paid in full already, or cancelled: nothing to pay.'),
      ...noSettings,
    },
  },
  {
    ...portal,
    method: 'get',
    path: '/api/portal/receipts/{paymentId}/pdf',
    summary: 'The receipt of one of your payments (or of a refund) as a PDF',
    params: z.object({ paymentId: z.string().meta({ description: 'The payment id (a uuid).' }) }),
    responses: { 200: pdf('The receipt'), ...notYours('receipt'), ...noSettings },
  },
  {
    ...portal,
    method: 'get',
    path: '/api/portal/credit-notes/{id}/pdf',
    summary: 'An adjustment note on one of your invoices as a PDF',
    params: idParam('adjustment note'),
    responses: { 200: pdf('The adjustment note'), ...notYours('adjustment note'), ...noSettings },
  },
  {
    ...portal,
    method: 'get',
    path: '/api/portal/quotations',
    summary: 'The quotations the venue sent you, newest first',
    description: 'Sent (waiting for your answer), Accepted, Declined and Expired; never a draft.',
    responses: { 200: { description: 'OK', schema: portalQuotationListSchema }, ...noSettings },
  },
  {
    ...portal,
    method: 'get',
    path: '/api/portal/quotations/{id}',
    summary: 'One of your quotations',
    params: idParam('quotation'),
    responses: {
      200: { description: 'OK', schema: portalQuotationSchema },
      ...notYours('quotation'),
      ...noSettings,
    },
  },
  {
    ...portal,
    method: 'get',
    path: '/api/portal/quotations/{id}/pdf',
    summary: 'One of your quotations as its PDF (file name: its number)',
    params: idParam('quotation'),
    responses: { 200: pdf('The quotation'), ...notYours('quotation'), ...noSettings },
  },
  {
    ...portal,
    method: 'post',
    path: '/api/portal/quotations/{id}/accept',
    summary: 'Accept a quotation: the slot is booked for you (once) and its deposit invoice follows',
    description:
      "Exactly as the venue's own acceptance: the slot is checked again and booked, confirmed, once (two accepts at once make one booking); the deposit invoice is raised with it. A slot taken since the quotation was sent is a 409 that says so (without whose booking it is) and the quotation stays open. The venue's audit log shows you accepted it. Honours Idempotency-Key.",
    params: idParam('quotation'),
    body: portalAcceptBody,
    responses: {
      200: { description: 'Accepted: the booking it made', schema: portalAcceptAnswerSchema },
      ...notYours('quotation'),
      409: refused(
        'Expired, answered already, being accepted, or the slot is taken (the quotation stays open).',
      ),
      502: refused('The booking could not be made just now; the quotation stays open.'),
      ...noSettings,
    },
  },
  {
    ...portal,
    method: 'post',
    path: '/api/portal/quotations/{id}/decline',
    summary: 'Decline a quotation (optionally saying why: the venue sees it)',
    description: 'The venue is told, with the reason. Honours Idempotency-Key.',
    params: idParam('quotation'),
    body: portalDeclineBody,
    responses: {
      200: { description: 'Declined', schema: portalQuotationSchema },
      ...notYours('quotation'),
      409: refused('Expired, or answered already.'),
      ...noSettings,
    },
  },
] as const satisfies RouteTable;
