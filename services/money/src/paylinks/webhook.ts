/**
 * Stripe's webhook (decision 43): a paid Checkout Session (or its payment intent's success)
 * records one card payment through money's payment rules (recordPayment: the invoice's row
 * lock, the balance, the events). Once per event id (stripe_events), and once per payment
 * intent whichever event brings it (payments' idempotency key `stripe:<payment intent>`), so the
 * same webhook twice, two at once, or both event types for one payment make one payment.
 */
import type Stripe from 'stripe';
import { HttpError, isUuid, type Database } from '@venue/service-kit';
import { db as moneyDb } from '../db/query.ts';
import { recordPayment } from '../invoices/movements.ts';
import { moneySettings } from '../shared/settings.ts';

export type WebhookOutcome = 'recorded' | 'replayed' | 'ignored' | 'refused';

interface PaidObject {
  tenantId: string;
  invoiceId: string;
  paymentIntent: string;
  amountCents: number;
  currency: string;
}

/** The paid thing an event reports, or null for events (or objects) that are not ours to record. */
function paidObject(event: Stripe.Event): PaidObject | null {
  let metadata: Record<string, string> | null | undefined;
  let paymentIntent: string | null;
  let amount: number | null;
  let currency: string;
  if (
    event.type === 'checkout.session.completed' ||
    event.type === 'checkout.session.async_payment_succeeded'
  ) {
    const s = event.data.object;
    // A session completed with a delayed method is paid later (async_payment_succeeded).
    if (s.payment_status !== 'paid') return null;
    metadata = s.metadata;
    paymentIntent = typeof s.payment_intent === 'string' ? s.payment_intent : (s.payment_intent?.id ?? null);
    amount = s.amount_total;
    currency = s.currency ?? '';
  } else if (event.type === 'payment_intent.succeeded') {
    const pi = event.data.object;
    metadata = pi.metadata;
    paymentIntent = pi.id;
    amount = pi.amount_received || pi.amount;
    currency = pi.currency;
  } else return null;
  const tenantId = metadata?.venuedesk_tenant_id;
  const invoiceId = metadata?.venuedesk_invoice_id;
  if (!tenantId || !invoiceId || !isUuid(tenantId) || !isUuid(invoiceId) || !paymentIntent) return null;
  if (!Number.isSafeInteger(amount) || (amount ?? 0) <= 0) return null;
  return { tenantId, invoiceId, paymentIntent, amountCents: amount!, currency: currency.toLowerCase() };
}

/** Handles one verified event; answers what became of it. */
export async function handleStripeEvent(db: Database, event: Stripe.Event): Promise<WebhookOutcome> {
  const paid = paidObject(event);
  if (!paid) return 'ignored';
  return db.tenantTx(paid.tenantId, async (tx) => {
    // The event id first: a twin arriving at once waits on this key until the first commits.
    const claimed = await moneyDb(tx)
      .insertInto('stripe_events')
      .values({
        tenant_id: paid.tenantId,
        event_id: event.id,
        type: event.type,
        invoice_id: paid.invoiceId,
        payment_intent: paid.paymentIntent,
        outcome: 'received',
      })
      .onConflict((oc) => oc.columns(['tenant_id', 'event_id']).doNothing())
      .returning('event_id')
      .executeTakeFirst();
    if (!claimed) return 'replayed';
    const settle = async (outcome: WebhookOutcome, detail = '') => {
      await moneyDb(tx)
        .updateTable('stripe_events')
        .set({ outcome, detail })
        .where('tenant_id', '=', paid.tenantId)
        .where('event_id', '=', event.id)
        .execute();
      // Money was taken at Stripe but not recorded here: the venue must see it (Audit Log) to
      // refund it or apply it by hand.
      if (outcome === 'refused')
        await tx.audit(null, {
          action: 'card_payment_refused',
          targetType: 'invoice',
          target: paid.invoiceId,
          targetLabel: `Card payment ${paid.paymentIntent} (${(paid.amountCents / 100).toFixed(2)} ${paid.currency.toUpperCase()})`,
          additionalInfo: `Not recorded: ${detail}. Refund it in Stripe or record it by hand.`,
          actor: { id: null, email: 'Stripe', role: 'system' },
          tenantId: paid.tenantId,
        });
      return outcome;
    };
    const settings = await moneySettings(tx, paid.tenantId);
    // Only the venue's own connected account pays its invoices: an event from another account
    // naming this venue's invoice (metadata is whatever that account's session said) is refused.
    const account = settings.payment.stripeAccountId ?? '';
    if (!event.account || event.account !== account)
      return settle(
        'refused',
        `event of account ${event.account ?? '(platform)'}, venue has ${account || '(none)'}`,
      );
    if (paid.currency !== settings.copy.currency.toLowerCase())
      return settle('refused', `currency ${paid.currency}, venue bills in ${settings.copy.currency}`);
    try {
      const r = await recordPayment(
        tx,
        null,
        paid.tenantId,
        paid.invoiceId,
        {
          amountCents: paid.amountCents,
          paymentMethod: 'Card',
          reference: paid.paymentIntent,
          notes: 'Paid by card through the payment link (Stripe Checkout)',
          idempotencyKey: `stripe:${paid.paymentIntent}`,
          createdBy: 'Stripe',
        },
        settings,
      );
      return settle(r.replayed ? 'replayed' : 'recorded', r.payment.id);
    } catch (err) {
      // Money's rules said no (paid meanwhile by bank, voided, over the balance): the card
      // payment stays at Stripe and the venue refunds or applies it by hand; retrying cannot help.
      if (err instanceof HttpError && (err.status === 409 || err.status === 404))
        return settle('refused', err.message);
      throw err;
    }
  });
}
