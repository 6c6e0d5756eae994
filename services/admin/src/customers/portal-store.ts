/**
 * The customer principal (issue 25, decision 56): sign-in links, customers, portal sessions and
 * their rotating refresh tokens. A customer is one venue and one e-mail (lower-cased).
 *
 * Tokens (link and refresh) are 256 random bits shown once; only their SHA-256 is stored, so a
 * copy of the database signs nobody in. A link is spent by one conditional update: of two
 * requests presenting it at once, one gets the session and the other the refusal.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { PORTAL_LINK_MINUTES, PORTAL_SESSION_DAYS, type CustomerSessionLookup } from '@venue/contracts';
import { kyselyOf, type Tx } from '@venue/service-kit';
import { NOW, dbNowPlus } from '../db/clock.ts';
import type { AdminDb } from '../db/schema.ts';

/** Links asked for one address of one venue within LINK_WINDOW_MINUTES beyond this send nothing more. */
export const LINKS_PER_ADDRESS = 3;
export const LINK_WINDOW_MINUTES = 15;
/** As for staff (refresh-tokens.ts): two tabs presenting one cookie a moment apart is a race, not a theft. */
export const PORTAL_ROTATION_GRACE_SECONDS = 20;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * A sign-in link for `email` at the venue, unless the address already had LINKS_PER_ADDRESS in
 * the last LINK_WINDOW_MINUTES (then null: the caller answers the same 202 and sends nothing, so
 * nobody can flood an inbox through the venue's page). Runs in the venue's transaction.
 */
export async function createPortalLink(
  tx: Tx,
  tenantId: string,
  email: string,
  ip: string | null,
): Promise<{ token: string; expiresAt: Date } | null> {
  const q = kyselyOf<AdminDb>(tx);
  const recent = await q
    .selectFrom('portal_links')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('tenant_id', '=', tenantId)
    .where('email', '=', email)
    .where('created_at', '>', dbNowPlus(-LINK_WINDOW_MINUTES, 'mins'))
    .executeTakeFirstOrThrow();
  if (Number(recent.n) >= LINKS_PER_ADDRESS) return null;
  const token = newToken();
  const row = await q
    .insertInto('portal_links')
    .values({
      tenant_id: tenantId,
      email,
      token_hash: hashToken(token),
      expires_at: dbNowPlus(PORTAL_LINK_MINUTES, 'mins'),
      ip,
    })
    .returning('expires_at')
    .executeTakeFirstOrThrow();
  return { token, expiresAt: new Date(row.expires_at) };
}

export interface StartedSession {
  customerId: string;
  tenantId: string;
  email: string;
  sessionId: string;
  refreshToken: string;
  expiresAt: Date;
}

async function issueRefresh(
  tx: Tx,
  tenantId: string,
  sessionId: string,
): Promise<{ id: string; token: string; expiresAt: Date }> {
  const q = kyselyOf<AdminDb>(tx);
  const session = await q
    .selectFrom('customer_sessions')
    .select('expires_at')
    .where('tenant_id', '=', tenantId)
    .where('id', '=', sessionId)
    .executeTakeFirstOrThrow();
  const token = newToken();
  const id = randomUUID();
  // A refresh token never outlives its session: the 30 days run from the sign-in.
  await q
    .insertInto('customer_refresh_tokens')
    .values({
      tenant_id: tenantId,
      id,
      session_id: sessionId,
      token_hash: hashToken(token),
      expires_at: session.expires_at,
    })
    .execute();
  return { id, token, expiresAt: new Date(session.expires_at) };
}

/**
 * Spends the link once (a conditional update: unknown, spent or past 30 minutes → null), makes
 * the customer of (venue, e-mail) if new, and starts a 30-day session with its first refresh
 * token. A venue that was deactivated or deleted signs nobody in. Runs in a system transaction:
 * the link names no venue until it is found.
 */
export async function spendPortalLink(tx: Tx, token: string): Promise<StartedSession | null> {
  const q = kyselyOf<AdminDb>(tx);
  const link = await q
    .updateTable('portal_links')
    .set({ used_at: NOW })
    .where('token_hash', '=', hashToken(token))
    .where('used_at', 'is', null)
    .where('expires_at', '>', NOW)
    .returning(['tenant_id', 'email'])
    .executeTakeFirst();
  if (!link) return null;
  const venue = await q
    .selectFrom('users')
    .select('id')
    .where('id', '=', link.tenant_id)
    .where('status', '=', 'active')
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!venue) return null;
  const customer = await q
    .insertInto('customers')
    .values({ tenant_id: link.tenant_id, email: link.email, last_signed_in_at: NOW })
    .onConflict((oc) => oc.columns(['tenant_id', 'email']).doUpdateSet({ last_signed_in_at: NOW }))
    .returning('id')
    .executeTakeFirstOrThrow();
  const sessionId = randomUUID();
  await q
    .insertInto('customer_sessions')
    .values({
      tenant_id: link.tenant_id,
      id: sessionId,
      customer_id: customer.id,
      expires_at: dbNowPlus(PORTAL_SESSION_DAYS, 'days'),
    })
    .execute();
  const refresh = await issueRefresh(tx, link.tenant_id, sessionId);
  return {
    customerId: customer.id,
    tenantId: link.tenant_id,
    email: link.email,
    sessionId,
    refreshToken: refresh.token,
    expiresAt: refresh.expiresAt,
  };
}

async function findRefresh(tx: Tx, token: string) {
  return kyselyOf<AdminDb>(tx)
    .selectFrom('customer_refresh_tokens as t')
    .innerJoin('customer_sessions as s', (j) =>
      j.onRef('s.tenant_id', '=', 't.tenant_id').onRef('s.id', '=', 't.session_id'),
    )
    .innerJoin('customers as c', (j) =>
      j.onRef('c.tenant_id', '=', 's.tenant_id').onRef('c.id', '=', 's.customer_id'),
    )
    .select([
      't.id',
      't.tenant_id',
      't.session_id',
      't.revoked_at',
      't.replaced_by',
      's.customer_id',
      'c.email',
    ])
    .select((eb) => [
      eb('t.expires_at', '<=', NOW).as('expired'),
      eb('t.revoked_at', '>', dbNowPlus(-PORTAL_ROTATION_GRACE_SECONDS, 'secs')).as('just_rotated'),
    ])
    .where('t.token_hash', '=', hashToken(token))
    .executeTakeFirst();
}

/** Ends a live session; true when this call ended it. */
export async function endPortalSession(
  tx: Tx,
  tenantId: string,
  sessionId: string,
  reason: 'signed_out' | 'replayed',
): Promise<boolean> {
  const ended = await kyselyOf<AdminDb>(tx)
    .updateTable('customer_sessions')
    .set({ ended_at: NOW, end_reason: reason })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', sessionId)
    .where('ended_at', 'is', null)
    .executeTakeFirst();
  if (ended.numUpdatedRows !== 1n) return false;
  await kyselyOf<AdminDb>(tx)
    .updateTable('customer_refresh_tokens')
    .set({ revoked_at: NOW })
    .where('tenant_id', '=', tenantId)
    .where('session_id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute();
  await tx.publish(
    'customer.session_ended',
    {
      tenantId,
      customerId: await customerOfSession(tx, tenantId, sessionId),
      sessionIds: [sessionId],
      reason,
    },
    { tenantId },
  );
  return true;
}

async function customerOfSession(tx: Tx, tenantId: string, sessionId: string): Promise<string> {
  const row = await kyselyOf<AdminDb>(tx)
    .selectFrom('customer_sessions')
    .select('customer_id')
    .where('tenant_id', '=', tenantId)
    .where('id', '=', sessionId)
    .executeTakeFirstOrThrow();
  return row.customer_id;
}

export type PortalRotation =
  | {
      kind: 'rotated';
      customerId: string;
      tenantId: string;
      email: string;
      sessionId: string;
      token: string;
      expiresAt: Date;
    }
  | { kind: 'ended'; replayed: boolean };

/**
 * Exchanges a refresh token for the next one of its session, as staff sessions do
 * (refresh-tokens.ts): a token presented again after its grace is evidence of a copy, and ends
 * the session for both holders. System transaction, committed even when the answer is a refusal.
 */
export async function rotatePortalRefresh(tx: Tx, token: string): Promise<PortalRotation> {
  const stored = await findRefresh(tx, token);
  if (!stored) return { kind: 'ended', replayed: false };
  const q = kyselyOf<AdminDb>(tx);
  // The session row is the lock every change of the session takes first.
  const session = await q
    .selectFrom('customer_sessions')
    .select(['ended_at'])
    .select((eb) => eb('expires_at', '<=', NOW).as('expired'))
    .where('tenant_id', '=', stored.tenant_id)
    .where('id', '=', stored.session_id)
    .forUpdate()
    .executeTakeFirst();
  if (!session || session.ended_at || session.expired) return { kind: 'ended', replayed: false };
  const rotated = (next: { token: string; expiresAt: Date }): PortalRotation => ({
    kind: 'rotated',
    customerId: stored.customer_id,
    tenantId: stored.tenant_id,
    email: stored.email,
    sessionId: stored.session_id,
    token: next.token,
    expiresAt: next.expiresAt,
  });
  if (stored.replaced_by) {
    if (stored.just_rotated && !stored.expired)
      return rotated(await issueRefresh(tx, stored.tenant_id, stored.session_id));
    await endPortalSession(tx, stored.tenant_id, stored.session_id, 'replayed');
    return { kind: 'ended', replayed: true };
  }
  if (stored.revoked_at || stored.expired) return { kind: 'ended', replayed: false };
  const next = await issueRefresh(tx, stored.tenant_id, stored.session_id);
  // Of two refreshes at once only one claims the old token; the other continues with its own.
  await q
    .updateTable('customer_refresh_tokens')
    .set({ revoked_at: NOW, replaced_by: next.id })
    .where('tenant_id', '=', stored.tenant_id)
    .where('id', '=', stored.id)
    .where('revoked_at', 'is', null)
    .execute();
  return rotated(next);
}

/** Sign-out by the refresh cookie: ends its session while that token is the live one. */
export async function signOutPortal(tx: Tx, token: string): Promise<boolean> {
  const stored = await findRefresh(tx, token);
  if (!stored || stored.revoked_at || stored.expired) return false;
  return endPortalSession(tx, stored.tenant_id, stored.session_id, 'signed_out');
}

/** The gateway's session check: live (who for) or over (ended, past 30 days, unknown). */
export async function lookupCustomerSession(tx: Tx, sessionId: string): Promise<CustomerSessionLookup> {
  const row = await kyselyOf<AdminDb>(tx)
    .selectFrom('customer_sessions as s')
    .innerJoin('customers as c', (j) =>
      j.onRef('c.tenant_id', '=', 's.tenant_id').onRef('c.id', '=', 's.customer_id'),
    )
    .select(['s.tenant_id', 's.customer_id', 'c.email', 's.ended_at'])
    .select((eb) => eb('s.expires_at', '<=', NOW).as('expired'))
    .where('s.id', '=', sessionId)
    .executeTakeFirst();
  if (!row || row.ended_at || row.expired) return { status: 'ended' };
  return { status: 'live', customerId: row.customer_id, tenantId: row.tenant_id, email: row.email };
}
