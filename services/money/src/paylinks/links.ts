/**
 * Payment links (decision 43): one live link per issued invoice. The token is
 * HMAC-SHA256(link key, nonce) in base64url (43 characters, 256 bits): unguessable, never
 * stored (only its SHA-256 is, for the public look-up), and the same each time the venue copies
 * it. Revoking stamps the row and a new nonce makes a new token; the old one finds nothing.
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { PAYLINK_MESSAGES, type PaymentLink } from '@venue/contracts/money-api';
import { conflict, type Database, type Tx } from '@venue/service-kit';
import { db as moneyDb, NOW } from '../db/query.ts';
import type { InvoiceRow } from '../invoices/invoice-row.ts';
import type { MoneySettings } from '../shared/settings.ts';
import type { PaylinkConfig } from './config.ts';

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export const tokenOf = (key: Buffer, nonce: string): string =>
  createHmac('sha256', key).update(nonce).digest('base64url');

export const tokenHash = (token: string): string => createHash('sha256').update(token).digest('hex');

interface LinkRow {
  id: string;
  invoice_id: string;
  nonce: string;
  created_at: Date | string;
}

/** Statuses whose invoice has an amount a customer can pay through the link. */
export const PAYABLE = ['SENT', 'PARTIAL', 'OVERDUE'] as const;

/** An account id Stripe could have issued (Payment settings allow '' or `acct_…`). */
const ACCOUNT = /^acct_[A-Za-z0-9]{1,200}$/;

/** The venue's connected Stripe account when card payments are on for it, else null. */
export function cardAccount(settings: MoneySettings, cfg: PaylinkConfig): string | null {
  const account = settings.payment.stripeAccountId ?? '';
  if (!cfg.stripe || !settings.payment.paymentMethods.stripe || !ACCOUNT.test(account)) return null;
  return account;
}

/** 409 unless the invoice is issued with an amount due. */
export function assertLinkable(invoice: InvoiceRow): void {
  if (invoice.status === 'DRAFT') throw conflict(PAYLINK_MESSAGES.draft, { status: invoice.status });
  if (invoice.status === 'PAID') throw conflict(PAYLINK_MESSAGES.alreadyPaid, { status: invoice.status });
  if (!(PAYABLE as readonly string[]).includes(invoice.status))
    throw conflict(PAYLINK_MESSAGES.notPayable, { status: invoice.status });
}

function answer(row: LinkRow, invoice: InvoiceRow, settings: MoneySettings, cfg: PaylinkConfig): PaymentLink {
  const token = tokenOf(cfg.linkKey(), row.nonce);
  return {
    invoiceId: invoice.id,
    invoiceNumber: invoice.invoice_number,
    url: `${cfg.payLinkBase}/${token}`,
    path: `/pay/${token}`,
    cardPayments: cardAccount(settings, cfg) !== null,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

/**
 * The invoice's live link, made on first use. Two first uses at once: the partial unique index
 * lets one insert win and the other reads it.
 */
export async function linkFor(
  tx: Tx,
  invoice: InvoiceRow,
  settings: MoneySettings,
  cfg: PaylinkConfig,
  actor: string | null,
): Promise<PaymentLink> {
  assertLinkable(invoice);
  const select = () =>
    moneyDb(tx)
      .selectFrom('payment_links')
      .select(['id', 'invoice_id', 'nonce', 'created_at'])
      .where('tenant_id', '=', invoice.tenant_id)
      .where('invoice_id', '=', invoice.id)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
  let row = await select();
  if (!row) {
    const nonce = randomBytes(32).toString('base64url');
    await moneyDb(tx)
      .insertInto('payment_links')
      .values({
        tenant_id: invoice.tenant_id,
        invoice_id: invoice.id,
        nonce,
        token_hash: tokenHash(tokenOf(cfg.linkKey(), nonce)),
        created_by: actor,
      })
      // the partial unique index of the one live link: a twin's insert does nothing
      .onConflict((oc) => oc.columns(['tenant_id', 'invoice_id']).where('revoked_at', 'is', null).doNothing())
      .execute();
    row = await select();
  }
  return answer(row!, invoice, settings, cfg);
}

/** Revokes the live link (if any) and makes a new one: the old address shows "no longer valid". */
export async function rotateLink(
  tx: Tx,
  invoice: InvoiceRow,
  settings: MoneySettings,
  cfg: PaylinkConfig,
  actor: string | null,
): Promise<PaymentLink> {
  assertLinkable(invoice);
  await moneyDb(tx)
    .updateTable('payment_links')
    .set({ revoked_at: NOW })
    .where('tenant_id', '=', invoice.tenant_id)
    .where('invoice_id', '=', invoice.id)
    .where('revoked_at', 'is', null)
    .execute();
  return linkFor(tx, invoice, settings, cfg, actor);
}

export interface FoundLink {
  tenantId: string;
  invoiceId: string;
  linkId: string;
}

/**
 * Who a presented token belongs to: the one read a visitor's request makes before a tenant is
 * known (the system scope, by the token's hash and nothing else). Null for a malformed, unknown
 * or revoked token: the page says the same for each, so it tells a guesser nothing.
 */
export async function findLink(db: Database, token: string): Promise<FoundLink | null> {
  if (!TOKEN.test(token)) return null;
  // The system scope: the hash is unique across tenants, and no tenant is known yet.
  const r = await db.systemTx((tx) =>
    moneyDb(tx)
      .selectFrom('payment_links')
      .select(['tenant_id', 'invoice_id', 'id'])
      .where('token_hash', '=', tokenHash(token))
      .where('revoked_at', 'is', null)
      .executeTakeFirst(),
  );
  return r ? { tenantId: r.tenant_id, invoiceId: r.invoice_id, linkId: r.id } : null;
}
