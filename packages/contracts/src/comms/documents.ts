/**
 * A document another service makes for comms to attach (money's tax invoice, receipt, adjustment
 * note and quotation PDFs), with the figures it prints (issue 24 item 1).
 *
 * An e-mail that names an amount must name the one its PDF shows. The PDF is fetched when the
 * e-mail is sent, which can be hours after the event that asked for it (the venue's send hour, an
 * outage) while payments and credits go on; so the e-mail's figures come from the same answer as
 * the PDF: the owning service's internal document route answers, to `Accept: application/json`,
 * the file and the figures it drew it from, and comms fills the e-mail's amounts from those.
 * The same route still answers the bare PDF to `Accept: application/pdf`.
 */
import { z } from 'zod';

const cents = z.number().int().min(0);

/** What the PDF prints, by name: amounts in cents, the rest as printed. All optional per document. */
export const documentFiguresSchema = z.object({
  /** The document's own total (an invoice's or quotation's total incl. GST, a credit's amount). */
  totalCents: cents.optional(),
  /** What the invoice has left to pay ("Balance due", a receipt's "Invoice balance now"). */
  balanceCents: cents.optional(),
  /** A receipt's amount received, an adjustment note's amount credited. */
  amountCents: cents.optional(),
  /** What an adjustment note paid back. */
  refundedCents: cents.optional(),
  /** A quotation's deposit. */
  depositCents: cents.optional(),
  invoiceNumber: z.string().nullable().optional(),
  /** yyyy-MM-dd. */
  dueDate: z.string().optional(),
  receiptNumber: z.string().optional(),
  creditNoteNumber: z.string().optional(),
  /** A quotation's number (`QUO-2026-00001`). */
  quotationNumber: z.string().nullable().optional(),
  /** A quotation's event: yyyy-MM-dd, HH:mm, HH:mm and the resource's name. */
  eventDate: z.string().optional(),
  startTime: z.string().optional(),
  endTime: z.string().optional(),
  resourceName: z.string().optional(),
});
export type DocumentFigures = z.infer<typeof documentFiguresSchema>;

/** The JSON answer of an internal document route. */
export const internalDocumentSchema = z.object({
  filename: z.string().min(1).max(200),
  contentType: z.string().min(1).max(100),
  /** The file, base64. */
  contentBase64: z.string(),
  figures: documentFiguresSchema,
});
export type InternalDocument = z.infer<typeof internalDocumentSchema>;
