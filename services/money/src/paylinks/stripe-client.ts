/**
 * The official Stripe SDK, reached only through configuration (decision 43): api.stripe.com in
 * production, the local stand-in (stripe-standin.ts) in tests and e2e through STRIPE_API_BASE.
 */
import Stripe from 'stripe';
import type { StripeConfig } from './config.ts';

const clients = new Map<string, Stripe>();

/** One SDK client per configuration (it keeps its own connection pool). */
export function stripeClient(cfg: StripeConfig): Stripe {
  const cacheKey = `${cfg.secretKey}\0${cfg.apiBase ?? ''}`;
  let client = clients.get(cacheKey);
  if (!client) {
    const base = cfg.apiBase ? new URL(cfg.apiBase) : null;
    client = new Stripe(cfg.secretKey, {
      ...(base
        ? {
            host: base.hostname,
            port: base.port || (base.protocol === 'https:' ? 443 : 80),
            protocol: base.protocol === 'https:' ? 'https' : 'http',
          }
        : {}),
      // A customer waits on the page: one retry (the SDK sends an idempotency key with it), 10 s each.
      maxNetworkRetries: 1,
      timeout: 10_000,
      telemetry: false,
    });
    clients.set(cacheKey, client);
  }
  return client;
}

/** Where Checkout pages live: the pay page's CSP lets its card form be sent on there. */
export function checkoutOrigin(cfg: StripeConfig | null): string | null {
  if (!cfg) return null;
  return cfg.apiBase ? new URL(cfg.apiBase).origin : 'https://checkout.stripe.com';
}
