/**
 * Send Pay Link's link (decision 43): money owns payment links, so the e-mail carries the real
 * link of the booking's open invoice, asked of money when the e-mail is written.
 */
import { bookingPaymentLinkSchema } from '@venue/contracts/money-api';
import { callService, HttpError, InternalCallError } from '@venue/service-kit';

const NO_OPEN_INVOICE = 'This booking has no issued invoice with an amount due.';

/**
 * The link with what its page asks (the invoice's balance and number: issue 24 item 1), or
 * money's refusal (no issued invoice with an amount due) in its own words.
 */
export type PayLinkAnswer =
  { url: string; balanceCents: number; invoiceNumber: string | null } | { refused: string };

export async function fetchPayLinkFromMoney(tenantId: string, bookingId: string): Promise<PayLinkAnswer> {
  try {
    const link = await callService({
      service: 'money',
      method: 'POST',
      path: `/internal/payment-links/${tenantId}/bookings/${bookingId}`,
      response: bookingPaymentLinkSchema,
      // It only makes the link the first time and answers the same one after: safe to repeat.
      idempotent: true,
      timeoutMs: 5_000,
    });
    return { url: link.url, balanceCents: link.balanceCents, invoiceNumber: link.invoiceNumber };
  } catch (err) {
    if (
      err instanceof InternalCallError &&
      err.kind === 'status' &&
      (err.status === 409 || err.status === 404)
    ) {
      const said = (err.body as { message?: unknown } | undefined)?.message;
      return { refused: typeof said === 'string' && said ? said : NO_OPEN_INVOICE };
    }
    throw new HttpError(
      503,
      'Invoices is unavailable, so the payment link could not be made. Please try again.',
    );
  }
}
