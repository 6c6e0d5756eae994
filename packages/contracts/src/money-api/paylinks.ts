/**
 * Payment links (issue 13 "Payment links", decision 43): every issued invoice has one
 * unguessable, revocable link to a public page served by money through the gateway
 * (`/pay/{token}`): the invoice, the amount due, bank-transfer details with the reference and,
 * when the platform has Stripe configured and the venue a connected account in Payment
 * settings, "Pay by card" through Stripe Checkout. A paid Checkout Session's webhook records the
 * payment through money's payment rules. Additive only.
 */
import { z } from 'zod';
import { errorSchema, idParams } from '../api/common.ts';
import type { RouteTable } from '../api/route-table.ts';

// The messages and paths screens import live in paths.ts, which loads no zod.
export { PAYLINK_MESSAGES, PAYLINK_PATHS } from './paths.ts';

export const paymentLinkSchema = z.object({
  invoiceId: z.uuid(),
  invoiceNumber: z.string().nullable(),
  /** The absolute address to share (PAY_LINK_BASE + token). */
  url: z.string(),
  /** The same page on this origin (`/pay/{token}`). */
  path: z.string(),
  /** True when the page offers "Pay by card" (Stripe configured and the venue's account set). */
  cardPayments: z.boolean(),
  createdAt: z.string(),
});
export type PaymentLink = z.infer<typeof paymentLinkSchema>;

/** `POST /internal/payment-links/{hallOwnerId}/bookings/{bookingId}`: comms' Send Pay Link. */
export const bookingPaymentLinkSchema = paymentLinkSchema.extend({
  balanceCents: z.number().int().min(0),
});
export type BookingPaymentLink = z.infer<typeof bookingPaymentLinkSchema>;

const invoices = { service: 'money', tag: 'Invoices & payments', access: 'invoices' } as const;

export const PAYLINK_ROUTES = [
  {
    ...invoices,
    method: 'post',
    path: '/api/invoices/{id}/payment-link',
    summary: "The invoice's payment link (made on first use; the same link after that)",
    description:
      'Only an issued invoice with an amount due has one: a draft, a paid or a void invoice answers 409. The token is 256 random-looking bits derived from a per-link nonce; money stores only its hash.',
    params: idParams,
    responses: {
      200: { description: 'The link', schema: paymentLinkSchema },
      404: { description: 'Not found in this venue.', schema: errorSchema },
      409: { description: 'A draft, paid, void or refunded invoice has no link.', schema: errorSchema },
    },
  },
  {
    ...invoices,
    method: 'post',
    path: '/api/invoices/{id}/payment-link/revoke',
    summary: 'Revoke the payment link (the old address shows "no longer valid") and make a new one',
    params: idParams,
    responses: {
      200: { description: 'The new link', schema: paymentLinkSchema },
      404: { description: 'Not found in this venue.', schema: errorSchema },
      409: { description: 'A draft, paid, void or refunded invoice has no link.', schema: errorSchema },
    },
  },
  {
    service: 'money',
    tag: 'Invoices & payments',
    access: 'public',
    method: 'post',
    path: '/api/payments/stripe/webhook',
    summary: "Stripe's webhook: a paid Checkout Session records the card payment",
    description:
      'Signed by Stripe (`Stripe-Signature`, verified with STRIPE_WEBHOOK_SECRET). `checkout.session.completed` (paid) and `payment_intent.succeeded` record one payment per payment intent, once per event id; other events are acknowledged and ignored.',
    responses: {
      200: { description: 'Received', schema: z.object({ received: z.literal(true), outcome: z.string() }) },
      400: { description: 'Missing or wrong signature, or not an event.', schema: errorSchema },
      503: { description: 'Card payments are not configured here.', schema: errorSchema },
    },
  },
] as const satisfies RouteTable;
