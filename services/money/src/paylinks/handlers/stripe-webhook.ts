import { badRequest, HttpError, operation } from '@venue/service-kit';
import type Stripe from 'stripe';
import type { PaylinkConfig } from '../config.ts';
import { stripeClient } from '../stripe-client.ts';
import { handleStripeEvent } from '../webhook.ts';

/**
 * Stripe's webhook, public and signed by Stripe: a paid Checkout Session records the card
 * payment (webhook.ts, in its own transaction per event).
 */
export const stripeWebhook = (cfg: PaylinkConfig) =>
  operation('post /api/payments/stripe/webhook', { guard: [], transaction: 'none' }, async ({ ctx }) => {
    if (!cfg.stripe) throw new HttpError(503, 'Card payments are not configured.');
    const signature = ctx.get('stripe-signature');
    const missing = (message: string) =>
      badRequest(message, { errors: [{ path: 'Stripe-Signature', message }] });
    if (!signature) throw missing('The Stripe-Signature header is missing.');
    // The bytes Stripe signed, as @koa/bodyparser kept them (the parsed body would not do).
    const raw = (ctx.request as { rawBody?: unknown }).rawBody;
    if (typeof raw !== 'string' || !raw) throw badRequest('The event body is missing.');
    let event: Stripe.Event;
    try {
      event = stripeClient(cfg.stripe).webhooks.constructEvent(raw, signature, cfg.stripe.webhookSecret);
    } catch {
      throw missing('The Stripe signature does not match this event.');
    }
    const outcome = await handleStripeEvent(ctx.kit.db, event);
    if (outcome === 'refused')
      ctx.log.warn({ eventId: event.id, type: event.type }, 'card payment refused by money');
    return { received: true as const, outcome };
  });
