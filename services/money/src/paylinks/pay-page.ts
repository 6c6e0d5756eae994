/**
 * The public pay page of a payment link (decision 43), through the gateway: `/pay/:token` shows
 * the invoice and what is due; its "Pay by card" opens a Stripe Checkout Session on the venue's
 * connected account. A public page answers a page even when something behind it fails.
 */
import { PAYLINK_MESSAGES } from '@venue/contracts/money-api';
import { HttpError, type AppContext } from '@venue/service-kit';
import type Stripe from 'stripe';
import { balanceCents, loadInvoice, type InvoiceRow } from '../invoices/invoice-row.ts';
import { currentSeller } from '../invoices/operations.ts';
import { moneySettings, type MoneySettings } from '../shared/settings.ts';
import type { PaylinkConfig } from './config.ts';
import { cardAccount, findLink, PAYABLE, type FoundLink } from './links.ts';
import { closedPage, invalidPage, openPage, pageCsp } from './page.ts';
import { checkoutOrigin, stripeClient } from './stripe-client.ts';

const sellerOf = (invoice: InvoiceRow, settings: MoneySettings) => invoice.seller ?? currentSeller(settings);

function html(ctx: AppContext, status: number, body: string, cfg: PaylinkConfig) {
  ctx.status = status;
  ctx.type = 'text/html; charset=utf-8';
  ctx.set('Content-Security-Policy', pageCsp(checkoutOrigin(cfg.stripe)));
  // One invoice's page: never cached by a shared cache, never sent on as a referrer.
  ctx.set('Cache-Control', 'no-store');
  ctx.set('Referrer-Policy', 'no-referrer');
  ctx.set('X-Robots-Tag', 'noindex, nofollow');
  ctx.body = body;
}

interface Loaded {
  link: FoundLink;
  invoice: InvoiceRow;
  settings: MoneySettings;
}

/** The token's invoice and the venue's settings, read in the venue's scope; null when the link is dead. */
async function loadByToken(ctx: AppContext): Promise<Loaded | null> {
  const link = await findLink(ctx.kit.db, String(ctx.params.token ?? ''));
  if (!link) return null;
  return ctx.kit.db.tenantTx(link.tenantId, async (tx) => ({
    link,
    invoice: await loadInvoice(tx, link.tenantId, link.invoiceId),
    settings: await moneySettings(tx, link.tenantId),
  }));
}

function renderPage(
  ctx: AppContext,
  cfg: PaylinkConfig,
  l: Loaded,
  notice: { text: string; warn?: boolean } | null,
) {
  const seller = sellerOf(l.invoice, l.settings);
  if (l.invoice.status === 'PAID')
    return html(ctx, 200, closedPage(l.invoice, seller, PAYLINK_MESSAGES.paid), cfg);
  if (!(PAYABLE as readonly string[]).includes(l.invoice.status))
    return html(ctx, 200, closedPage(l.invoice, seller, PAYLINK_MESSAGES.cancelled), cfg);
  const card = cardAccount(l.settings, cfg) !== null;
  html(
    ctx,
    200,
    openPage(l.invoice, seller, {
      checkoutPath: card ? `/pay/${String(ctx.params.token)}/checkout` : null,
      notice,
    }),
    cfg,
  );
}

/** After a form POST: the browser follows with a GET. */
function seeOther(ctx: AppContext, url: string) {
  ctx.status = 303;
  ctx.redirect(url);
}

/** The page's words for `?card=` after a round trip. */
function noticeOf(ctx: AppContext): { text: string; warn?: boolean } | null {
  const card = ctx.query.card;
  if (card === 'paid') return { text: PAYLINK_MESSAGES.cardReceived };
  if (card === 'failed') return { text: PAYLINK_MESSAGES.cardFailed, warn: true };
  if (card === 'unavailable') return { text: PAYLINK_MESSAGES.cardUnavailable, warn: true };
  return null;
}

/** A public page must answer a page even when something behind it fails. */
async function publicPage(ctx: AppContext, cfg: PaylinkConfig, fn: () => Promise<void>) {
  try {
    await fn();
  } catch (err) {
    if (err instanceof HttpError && err.status === 404) return html(ctx, 404, invalidPage(), cfg);
    ctx.log.error({ err }, 'payment link page failed');
    html(
      ctx,
      err instanceof HttpError && err.status < 500 ? err.status : 503,
      invalidPage().replace(
        PAYLINK_MESSAGES.invalidHelp,
        'This page is unavailable at the moment. Please try again shortly.',
      ),
      cfg,
    );
  }
}

/** `GET /pay/:token`: the invoice's page, or the page of a dead link. */
export async function showPayPage(ctx: AppContext, cfg: PaylinkConfig) {
  await publicPage(ctx, cfg, async () => {
    const l = await loadByToken(ctx);
    if (!l) return html(ctx, 404, invalidPage(), cfg);
    renderPage(ctx, cfg, l, noticeOf(ctx));
  });
}

/** `POST /pay/:token/checkout`: a Stripe Checkout Session for what is due, or back to the page. */
export async function startCheckout(ctx: AppContext, cfg: PaylinkConfig) {
  await publicPage(ctx, cfg, async () => {
    const token = String(ctx.params.token);
    const l = await loadByToken(ctx);
    if (!l) return html(ctx, 404, invalidPage(), cfg);
    const account = cardAccount(l.settings, cfg);
    const due = balanceCents(l.invoice);
    // Back to the page on this origin; Stripe needs absolute addresses (the shared link's).
    const back = `/pay/${token}`;
    const absolute = `${cfg.payLinkBase}/${token}`;
    if (!(PAYABLE as readonly string[]).includes(l.invoice.status) || due <= 0) return seeOther(ctx, back);
    if (!account || !cfg.stripe) return seeOther(ctx, `${back}?card=unavailable`);
    const meta = {
      venuedesk_tenant_id: l.link.tenantId,
      venuedesk_invoice_id: l.invoice.id,
      venuedesk_invoice_number: l.invoice.invoice_number ?? '',
    };
    let session: Stripe.Checkout.Session;
    try {
      session = await stripeClient(cfg.stripe).checkout.sessions.create(
        {
          mode: 'payment',
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: l.settings.copy.currency.toLowerCase(),
                unit_amount: due,
                product_data: {
                  name: `${l.invoice.invoice_number ?? 'Invoice'} — ${sellerOf(l.invoice, l.settings).businessName}`,
                },
              },
            },
          ],
          customer_email: l.invoice.customer_email || undefined,
          client_reference_id: l.invoice.id,
          metadata: meta,
          payment_intent_data: {
            metadata: meta,
            description: `Invoice ${l.invoice.invoice_number ?? ''}`.trim(),
          },
          success_url: `${absolute}?card=paid`,
          cancel_url: absolute,
        },
        {
          stripeAccount: account,
          // A double click, or the SDK's own retry, opens the same session for the same balance.
          idempotencyKey: `paylink:${l.link.linkId}:${Number(l.invoice.paid_cents)}:${due}`,
        },
      );
    } catch (err) {
      ctx.log.warn({ err }, 'Stripe Checkout session could not be created');
      return seeOther(ctx, `${back}?card=failed`);
    }
    seeOther(ctx, session.url ?? `${back}?card=failed`);
  });
}
