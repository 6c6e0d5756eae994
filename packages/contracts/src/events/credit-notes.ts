/**
 * `credit_note.issued` (money): the adjustment note as money's API answers it, and the invoice
 * after it as invoice events carry it: comms e-mails the note to the invoice's customer with its
 * PDF (issue 24 item 3), so the event names who that is.
 */
import { creditNoteSchema, invoiceEventSchema } from '../money-api/schemas.ts';

export const creditNoteIssuedEventSchema = creditNoteSchema.extend({
  /** The invoice after the note (customer, booking, figures). Optional: events before issue 24 lack it. */
  invoice: invoiceEventSchema.optional(),
});
