/**
 * What payment links take from the platform's configuration (decision 43). The Stripe secret is
 * the platform's, never a venue's: a venue only names its connected account in Payment settings.
 * Without STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET there is no "Pay by card" anywhere and the
 * webhook answers 503; the links still show the invoice and the bank details.
 */
import { createHmac } from 'node:crypto';
import { internalSecret } from '@venue/service-kit';

export interface StripeConfig {
  secretKey: string;
  webhookSecret: string;
  /**
   * Another API address (the local stand-in in tests and e2e: STRIPE_API_BASE,
   * e.g. `http://127.0.0.1:8112`); absent → api.stripe.com.
   */
  apiBase?: string | undefined;
}

export interface PaylinkConfig {
  /** Absolute address the shared links start with (`…/pay`); the token follows after a slash. */
  payLinkBase: string;
  /** Key the link tokens are derived with (HMAC of the link's nonce). */
  linkKey: () => Buffer;
  stripe: StripeConfig | null;
}

/** The platform's Stripe configuration from the environment, or null when card payments are off. */
export function stripeFromEnv(env: NodeJS.ProcessEnv = process.env): StripeConfig | null {
  const secretKey = env.STRIPE_SECRET_KEY?.trim();
  const webhookSecret = env.STRIPE_WEBHOOK_SECRET?.trim();
  if (!secretKey || !webhookSecret) return null;
  return { secretKey, webhookSecret, apiBase: env.STRIPE_API_BASE?.trim() || undefined };
}

/**
 * The link key: PAYMENT_LINK_SECRET when set, else derived from INTERNAL_SECRET (every service
 * has it) under its own label, so it is never the internal secret itself. Rotating it makes
 * every link invalid (each venue copies a fresh one).
 */
function linkKeyFromEnv(env: NodeJS.ProcessEnv): () => Buffer {
  let key: Buffer | undefined;
  return () => {
    key ??= createHmac('sha256', env.PAYMENT_LINK_SECRET?.trim() || internalSecret())
      .update('venuedesk payment link v1')
      .digest();
    return key;
  };
}

export function paylinkConfigFromEnv(env: NodeJS.ProcessEnv = process.env): PaylinkConfig {
  return {
    // The product's one origin (the gateway), as comms' pay-link e-mails use it.
    payLinkBase: (env.PAY_LINK_BASE ?? `http://localhost:${env.GATEWAY_PORT ?? 8080}/pay`).replace(
      /\/+$/,
      '',
    ),
    linkKey: linkKeyFromEnv(env),
    stripe: stripeFromEnv(env),
  };
}
