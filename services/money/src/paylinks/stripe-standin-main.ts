/**
 * The Stripe stand-in as a process of its own (scripts/e2e.mjs starts it): the launcher blocks
 * while Playwright runs, so the stand-in cannot live in its event loop. Configured by the
 * environment; prints `listening <url>` once it accepts requests.
 */
import { startStripeStandin } from './stripe-standin.ts';

const webhookUrl = process.env.STANDIN_WEBHOOK_URL;
const webhookSecret = process.env.STRIPE_WEBHOOK_SECRET;
if (!webhookUrl || !webhookSecret) {
  console.error('STANDIN_WEBHOOK_URL and STRIPE_WEBHOOK_SECRET are required');
  process.exit(2);
}
const standin = await startStripeStandin({
  webhookUrl,
  webhookSecret,
  secretKey: process.env.STRIPE_SECRET_KEY,
  port: Number(process.env.STANDIN_PORT ?? 0),
  paymentIntentEvent: process.env.STANDIN_PAYMENT_INTENT_EVENT === 'true',
});
console.log(`listening ${standin.url}`);
const stop = () => void standin.close().then(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
