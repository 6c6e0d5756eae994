/**
 * Payment links and card payments (issue 13 "Payment links", decision 43), with the official
 * Stripe SDK against the local stand-in: the link and its public page, revoke, the card flow to
 * PAID, and the webhook's guarantees (signature, once per event and per payment intent, the
 * venue's own account only). PGlite, and the PostgreSQL server with TEST_DATABASE_URL.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { INTERNAL_AUTH_HEADER } from '@venue/contracts';
import { PAYLINK_MESSAGES } from '@venue/contracts/money-api';
import { OWNER, OWNER2, PAYMENT, SUB_NONE, startMoney, type Harness } from '../testing/harness.ts';
import type { PaylinkConfig } from './config.ts';
import { startStripeStandin, type StripeStandin } from './stripe-standin.ts';

const ACCOUNT = 'acct_1HarboursideHall';
const WEBHOOK_SECRET = 'whsec_test_paylinks';
const CARD_SETTINGS = {
  ...PAYMENT,
  paymentMethods: { ...PAYMENT.paymentMethods, stripe: true },
  stripeAccountId: ACCOUNT,
};

describe('payment links and card payments', () => {
  let h: Harness;
  let stripe: StripeStandin;
  const webhookPath = '/api/payments/stripe/webhook';

  before(async () => {
    stripe = await startStripeStandin({
      webhookUrl: 'http://127.0.0.1:9/unset',
      webhookSecret: WEBHOOK_SECRET,
      secretKey: 'sk_test_paylinks',
    });
    const paylinks: PaylinkConfig = {
      payLinkBase: 'https://venue.example/pay',
      linkKey: () => Buffer.alloc(32, 7),
      stripe: { secretKey: 'sk_test_paylinks', webhookSecret: WEBHOOK_SECRET, apiBase: stripe.url },
    };
    h = await startMoney({ paylinks });
    stripe.setWebhookUrl(h.t.url + webhookPath);
  });
  after(async () => {
    await h.close();
    await stripe.close();
  });

  /** An issued FINAL invoice of `tenant` (default total $1,100.00). */
  async function issued(tenant = OWNER, totalCents = 110_000) {
    const bookingId = await h.booking('booking.created', { hallOwnerId: tenant, totalCents });
    const r = await h.call('POST', '/api/invoices', tenant, { bookingId, invoiceType: 'FINAL', issue: true });
    assert.equal(r.status, 201, r.text);
    return r.body as { id: string; invoiceNumber: string; totalCents: number };
  }
  const link = async (invoiceId: string, as = OWNER) =>
    h.call('POST', `/api/invoices/${invoiceId}/payment-link`, as);
  const page = async (path: string) => {
    const r = await fetch(h.t.url + path, { redirect: 'manual' });
    return { status: r.status, text: await r.text(), headers: r.headers };
  };
  const checkout = (path: string) =>
    fetch(`${h.t.url}${path}/checkout`, { method: 'POST', redirect: 'manual' });
  const paymentsOf = async (invoiceId: string) =>
    (await h.call('GET', `/api/invoices/${invoiceId}`, OWNER)).body.payments as {
      paymentMethod: string;
      amountCents: number;
      reference: string;
    }[];
  const cardOn = () => h.settings(OWNER, {}, CARD_SETTINGS);
  const cardOff = () => h.settings(OWNER, {}, PAYMENT);

  it('an issued invoice has one link; a draft has none; the page shows that invoice and its bank details', async () => {
    await cardOff();
    const bookingId = await h.booking('booking.created', { totalCents: 50_000 });
    const draft = (await h.call('POST', '/api/invoices', OWNER, { bookingId, invoiceType: 'FINAL' })).body;
    const refused = await link(draft.id);
    assert.equal(refused.status, 409);
    assert.equal(refused.body.message, PAYLINK_MESSAGES.draft);

    const inv = await issued();
    const first = await link(inv.id);
    assert.equal(first.status, 200, first.text);
    assert.match(first.body.url, /^https:\/\/venue\.example\/pay\/[A-Za-z0-9_-]{43}$/);
    assert.equal(first.body.path, first.body.url.replace('https://venue.example', ''));
    assert.equal(first.body.cardPayments, false);
    // The same link each time it is copied (it is derived, never stored).
    assert.equal((await link(inv.id)).body.url, first.body.url);

    const p = await page(first.body.path);
    assert.equal(p.status, 200);
    assert.match(p.headers.get('content-type') ?? '', /text\/html/);
    for (const text of [
      'Harbourside Hall Pty Ltd',
      'ABN 51824753556',
      `Tax Invoice ${inv.invoiceNumber}`,
      '$1,100.00',
      '062-000',
      '12345678',
      'Pay by bank transfer',
      'Jane Smith',
    ])
      assert.ok(p.text.includes(text), `the page shows ${text}`);
    // The reference to quote is the invoice number.
    assert.match(p.text, new RegExp(`<dt>Reference</dt><dd>${inv.invoiceNumber}</dd>`));
    // Without the venue's card account there is no card button.
    assert.ok(!p.text.includes('Pay by card'));
    assert.match(p.headers.get('content-security-policy') ?? '', /default-src 'none'/);
    assert.equal(p.headers.get('cache-control'), 'no-store');
  });

  it('five first copies at once make one link', async () => {
    const inv = await issued();
    const all = await Promise.all(Array.from({ length: 5 }, () => link(inv.id)));
    assert.deepEqual(
      all.map((r) => r.status),
      [200, 200, 200, 200, 200],
    );
    assert.equal(new Set(all.map((r) => r.body.url)).size, 1);
    const { rows } = await h.t.kit.db.systemTx((tx) =>
      tx.query(`SELECT count(*)::int AS n FROM payment_links WHERE invoice_id = $1`, [inv.id]),
    );
    assert.equal(rows[0]!.n, 1);
  });

  it('another venue cannot make or read a link of this invoice; a made-up token finds nothing', async () => {
    const inv = await issued();
    assert.equal((await link(inv.id, OWNER2)).status, 404);
    assert.equal((await link(inv.id, SUB_NONE)).status, 403);
    const theirs = await issued(OWNER2);
    const theirLink = (await link(theirs.id, OWNER2)).body;
    const mine = (await link(inv.id)).body;
    const p = await page(theirLink.path);
    assert.ok(!p.text.includes(inv.invoiceNumber), "another venue's page never shows this invoice");
    assert.ok(!(await page(mine.path)).text.includes(theirs.invoiceNumber));
    const bogus = await page(`/pay/${'A'.repeat(43)}`);
    assert.equal(bogus.status, 404);
    assert.ok(bogus.text.includes(PAYLINK_MESSAGES.invalid));
    assert.ok(!bogus.text.includes('Harbourside'));
  });

  it('revoke: the old link says it is no longer valid, the new one works', async () => {
    const inv = await issued();
    const old = (await link(inv.id)).body;
    const r = await h.call('POST', `/api/invoices/${inv.id}/payment-link/revoke`, OWNER);
    assert.equal(r.status, 200, r.text);
    assert.notEqual(r.body.url, old.url);
    const dead = await page(old.path);
    assert.equal(dead.status, 404);
    assert.ok(dead.text.includes(PAYLINK_MESSAGES.invalid));
    assert.ok(!dead.text.includes(inv.invoiceNumber));
    assert.equal((await page(r.body.path)).status, 200);
    assert.equal((await link(inv.id)).body.url, r.body.url);
  });

  it('pay by card through Stripe Checkout (the stand-in): the invoice is PAID, the payment recorded and published', async () => {
    await cardOn();
    const inv = await issued(OWNER, 88_000);
    const l = (await link(inv.id)).body;
    assert.equal(l.cardPayments, true);
    const p = await page(l.path);
    assert.ok(p.text.includes('Pay by card'));
    assert.match(
      p.headers.get('content-security-policy') ?? '',
      new RegExp(`form-action 'self' ${stripe.url}`),
    );

    const go = await checkout(l.path);
    assert.equal(go.status, 303);
    const to = go.headers.get('location') ?? '';
    assert.ok(to.startsWith(`${stripe.url}/checkout/cs_test_`), to);
    const session = stripe.sessions.get(to.split('/').pop()!)!;
    assert.equal(session.amount_total, 88_000);
    assert.equal(session.currency, 'aud');
    assert.equal(session.account, ACCOUNT);
    assert.equal(session.success_url, `${l.url}?card=paid`);
    // A double click opens the same session (Idempotency-Key).
    assert.equal((await checkout(l.path)).headers.get('location'), to);

    // The stand-in's hosted page: Pay → signed webhook → back to the success page.
    const paid = await fetch(`${to}/pay`, { method: 'POST', redirect: 'manual' });
    assert.equal(paid.status, 303);
    assert.equal(paid.headers.get('location'), `${l.url}?card=paid`);
    assert.deepEqual(stripe.deliveries.at(-1)?.status, 200, stripe.deliveries.at(-1)?.body);

    const detail = (await h.call('GET', `/api/invoices/${inv.id}`, OWNER)).body;
    assert.equal(detail.status, 'PAID');
    assert.equal(detail.balanceCents, 0);
    assert.deepEqual(
      detail.payments.map((x: { paymentMethod: string; amountCents: number }) => [
        x.paymentMethod,
        x.amountCents,
      ]),
      [['Card', 88_000]],
    );
    const recorded = (await h.events('payment.recorded')).filter(
      (e) => (e.data.invoice as { id: string }).id === inv.id,
    );
    assert.equal(recorded.length, 1);
    const moved = (await h.events('invoice.status_changed')).filter((e) => e.data.id === inv.id);
    assert.equal(moved.at(-1)?.data.status, 'PAID');
    // The link has done its work.
    const after = await page(l.path);
    assert.ok(after.text.includes(PAYLINK_MESSAGES.paid));
    assert.ok(!after.text.includes('Pay by card'));
    assert.ok(!after.text.includes('12345678'));
  });

  it('a bad or missing signature is a 400 and records nothing', async () => {
    await cardOn();
    const inv = await issued();
    const l = (await link(inv.id)).body;
    const to = (await checkout(l.path)).headers.get('location')!;
    const session = stripe.sessions.get(to.split('/').pop()!)!;
    Object.assign(session, { status: 'complete', payment_status: 'paid', payment_intent: 'pi_test_forged' });
    const payload = JSON.stringify(stripe.sessionEvent(session));
    const post = (headers: Record<string, string>, body = payload) =>
      fetch(h.t.url + webhookPath, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body,
      });
    const wrongSecret = await post({
      'stripe-signature': stripe.signature(payload, undefined, 'whsec_not_ours'),
    });
    assert.equal(wrongSecret.status, 400);
    assert.match(JSON.stringify(await wrongSecret.json()), /Stripe-Signature/);
    const altered = await post(
      { 'stripe-signature': stripe.signature(payload) },
      payload.replace('"paid"', '"paid" '),
    );
    assert.equal(altered.status, 400);
    const stale = await post({
      'stripe-signature': stripe.signature(payload, Math.floor(Date.now() / 1000) - 3600),
    });
    assert.equal(stale.status, 400);
    assert.equal((await post({})).status, 400);
    assert.deepEqual(await paymentsOf(inv.id), []);
    assert.equal((await h.call('GET', `/api/invoices/${inv.id}`, OWNER)).body.status, 'SENT');
  });

  it('the same webhook twice, two at once, and both event types of one payment: one payment', async () => {
    await cardOn();
    const inv = await issued(OWNER, 66_000);
    const l = (await link(inv.id)).body;
    const to = (await checkout(l.path)).headers.get('location')!;
    const session = stripe.sessions.get(to.split('/').pop()!)!;
    Object.assign(session, {
      status: 'complete',
      payment_status: 'paid',
      payment_intent: `pi_test_twice_${inv.id.slice(0, 8)}`,
    });
    const completed = stripe.sessionEvent(session);
    const intent = stripe.sessionEvent(session, 'payment_intent.succeeded');
    const [a, b] = await Promise.all([stripe.deliver(completed), stripe.deliver(completed)]);
    assert.deepEqual([a.status, b.status], [200, 200], `${a.body} ${b.body}`);
    assert.deepEqual([JSON.parse(a.body).outcome, JSON.parse(b.body).outcome].sort(), [
      'recorded',
      'replayed',
    ]);
    const again = await stripe.deliver(completed);
    assert.equal(JSON.parse(again.body).outcome, 'replayed');
    const other = await stripe.deliver(intent);
    assert.equal(JSON.parse(other.body).outcome, 'replayed');
    const payments = await paymentsOf(inv.id);
    assert.equal(payments.length, 1);
    assert.equal(payments[0]!.reference, session.payment_intent);
    const recorded = (await h.events('payment.recorded')).filter(
      (e) => (e.data.invoice as { id: string }).id === inv.id,
    );
    assert.equal(recorded.length, 1);
  });

  it("an event from another Stripe account naming this venue's invoice records nothing", async () => {
    await cardOn();
    const inv = await issued();
    const l = (await link(inv.id)).body;
    const to = (await checkout(l.path)).headers.get('location')!;
    const session = stripe.sessionEvent(stripe.sessions.get(to.split('/').pop()!)!);
    const obj = session.data.object as Record<string, unknown>;
    Object.assign(obj, {
      status: 'complete',
      payment_status: 'paid',
      payment_intent: 'pi_test_other_account',
    });
    const r = await stripe.deliver({ ...session, account: 'acct_1SomeoneElse' });
    assert.equal(r.status, 200);
    assert.equal(JSON.parse(r.body).outcome, 'refused');
    assert.deepEqual(await paymentsOf(inv.id), []);
    // The venue sees the card payment it must refund or apply by hand.
    const audits = (await h.events('audit.recorded')).filter((e) => e.data.action === 'card_payment_refused');
    assert.equal(audits.length, 1);
    assert.match(String(audits[0]!.data.additionalInfo), /acct_1SomeoneElse/);
  });

  it('card payments off: no card button, and checkout goes back to the page saying so', async () => {
    await cardOff();
    const inv = await issued();
    const l = (await link(inv.id)).body;
    assert.equal(l.cardPayments, false);
    const go = await checkout(l.path);
    assert.equal(go.status, 303);
    assert.equal(go.headers.get('location'), `${l.path}?card=unavailable`);
    assert.ok((await page(`${l.path}?card=unavailable`)).text.includes(PAYLINK_MESSAGES.cardUnavailable));
  });

  it('a voided invoice: the page says cancelled and a new link is refused', async () => {
    const inv = await issued();
    const l = (await link(inv.id)).body;
    const v = await h.call('PUT', `/api/invoices/${inv.id}/status`, OWNER, {
      status: 'VOID',
      reason: 'Booked twice',
    });
    assert.equal(v.status, 200, v.text);
    const p = await page(l.path);
    assert.ok(p.text.includes(PAYLINK_MESSAGES.cancelled));
    assert.ok(!p.text.includes('12345678'));
    assert.equal((await checkout(l.path)).headers.get('location'), l.path);
    assert.equal((await link(inv.id)).status, 409);
  });

  it("comms' Send Pay Link gets the link of the booking's open invoice", async () => {
    const bookingId = await h.booking('booking.created', { totalCents: 40_000 });
    const internal = (path: string) =>
      fetch(h.t.url + path, {
        method: 'POST',
        headers: { [INTERNAL_AUTH_HEADER]: process.env.INTERNAL_SECRET! },
      });
    const none = await internal(`/internal/payment-links/${OWNER}/bookings/${bookingId}`);
    assert.equal(none.status, 409);
    const inv = (
      await h.call('POST', '/api/invoices', OWNER, { bookingId, invoiceType: 'FINAL', issue: true })
    ).body;
    const r = await internal(`/internal/payment-links/${OWNER}/bookings/${bookingId}`);
    assert.equal(r.status, 200);
    const body = await r.json();
    assert.equal(body.invoiceId, inv.id);
    assert.equal(body.balanceCents, 40_000);
    assert.equal(body.url, (await link(inv.id)).body.url);
  });
});
