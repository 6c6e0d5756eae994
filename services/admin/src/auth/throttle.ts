import { tooManySignInAttemptsMessage } from '@venue/contracts';
import { addressKey, type AppContext, type Tx } from '@venue/service-kit';

/**
 * Sign-in throttling (decision 5: repeated failures answer `too-many-requests`).
 *
 * Failures are counted per (e-mail, client address) and per client address, never per e-mail
 * alone: a per-e-mail lock lets anyone who knows an owner's e-mail keep the owner out just by
 * typing wrong passwords. So a stranger's failures block that e-mail from the stranger's
 * address only, an address spraying many e-mails is stopped by its own count, and the owner
 * from an address that has not failed signs in as usual.
 *
 * Per-account ceiling: only a soft one. Many addresses guessing one account (a botnet) would
 * each get the full per-pair allowance, so once an account has `ACCOUNT_UNDER_ATTACK_FAILURES`
 * failures in the window from all addresses together, every address's allowance for that
 * account drops to `MAX_FAILURES_PER_ACCOUNT_ADDRESS_UNDER_ATTACK`. That slows the attack
 * about threefold but cannot lock the owner out: an address that has not failed still has its
 * tries, and the right password on the first of them signs in. A hard ceiling would hand the
 * lockout back to the attacker.
 */
export const THROTTLE_WINDOW_MINUTES = 15;
export const MAX_FAILURES_PER_ACCOUNT_ADDRESS = 10;
export const MAX_FAILURES_PER_ADDRESS = 30;
export const ACCOUNT_UNDER_ATTACK_FAILURES = 100;
export const MAX_FAILURES_PER_ACCOUNT_ADDRESS_UNDER_ATTACK = 3;

/**
 * The address as counted: IPv6 by its /64 (see `addressKey`). A request without an address
 * (none reaches admin through the gateway) shares one key rather than escaping the count.
 */
function keyOf(ip: string | null): string {
  return ip ? addressKey(ip) : 'unknown';
}

// $1 e-mail, $2 address key, $3 window in minutes. A success clears the (e-mail, address)
// count, so someone who finally remembers their password starts afresh; it clears it only for
// that address, so the owner signing in elsewhere never resets a stranger's count. The address
// count never resets: one address could otherwise spray many accounts between sign-ins to its
// own.
const IN_WINDOW = `NOT success AND at > now() - make_interval(mins => $3)`;
const PAIR = `email = $1 AND ip = $2 AND ${IN_WINDOW}
  AND at > coalesce((SELECT max(s.at) FROM login_attempts s WHERE s.email = $1 AND s.ip = $2 AND s.success), '-infinity')`;
const ADDRESS = `ip = $2 AND ${IN_WINDOW}`;
const ACCOUNT = `email = $1 AND ${IN_WINDOW}`;

interface Counts {
  pair: number;
  address: number;
  pairLimit: number;
}

async function countFailures(tx: Tx, email: string, key: string): Promise<Counts> {
  const { rows } = await tx.query<{
    account: number | string;
    pair: number | string;
    address: number | string;
  }>(
    `SELECT (SELECT count(*) FROM login_attempts WHERE ${ACCOUNT}) AS account,
            (SELECT count(*) FROM login_attempts WHERE ${PAIR}) AS pair,
            (SELECT count(*) FROM login_attempts WHERE ${ADDRESS}) AS address`,
    [email, key, THROTTLE_WINDOW_MINUTES],
  );
  const row = rows[0]!;
  const underAttack = Number(row.account) >= ACCOUNT_UNDER_ATTACK_FAILURES;
  return {
    pair: Number(row.pair),
    address: Number(row.address),
    pairLimit: underAttack ? MAX_FAILURES_PER_ACCOUNT_ADDRESS_UNDER_ATTACK : MAX_FAILURES_PER_ACCOUNT_ADDRESS,
  };
}

/**
 * Seconds until a count is back under its limit: when the limit-th newest counted failure
 * leaves the window. Throttled attempts are not recorded, so that is normally the oldest one.
 */
async function secondsUntilFree(
  tx: Tx,
  filter: string,
  email: string,
  key: string,
  limit: number,
): Promise<number> {
  const { rows } = await tx.query<{ wait: number | string }>(
    // The CTE only types the parameters: the address filter does not mention the e-mail ($1).
    `WITH params AS (SELECT $1::text AS email, $2::text AS ip)
     SELECT ceil(extract(epoch FROM at + make_interval(mins => $3) - now()))::int AS wait
       FROM login_attempts WHERE ${filter} ORDER BY at DESC OFFSET $4 LIMIT 1`,
    [email, key, THROTTLE_WINDOW_MINUTES, limit - 1],
  );
  return Math.max(1, Number(rows[0]?.wait ?? 1));
}

/** Null when this e-mail may be tried from this address now, else the seconds to wait. */
async function waitFor(tx: Tx, email: string, key: string, counts: Counts): Promise<number | null> {
  const waits: number[] = [];
  if (counts.pair >= counts.pairLimit)
    waits.push(await secondsUntilFree(tx, PAIR, email, key, counts.pairLimit));
  if (counts.address >= MAX_FAILURES_PER_ADDRESS)
    waits.push(await secondsUntilFree(tx, ADDRESS, email, key, MAX_FAILURES_PER_ADDRESS));
  return waits.length > 0 ? Math.max(...waits) : null;
}

/** Seconds until this e-mail may be tried from this address again; null when it may now. */
export async function throttleWait(tx: Tx, email: string, ip: string | null): Promise<number | null> {
  const key = keyOf(ip);
  return waitFor(tx, email, key, await countFailures(tx, email, key));
}

/** The 429 of a throttled sign-in: when to try again, in the header and in words. */
export function refuseThrottled(ctx: AppContext, retryAfterSeconds: number): void {
  ctx.set('Retry-After', String(retryAfterSeconds));
  ctx.status = 429;
  ctx.body = { code: 'too-many-requests', message: tooManySignInAttemptsMessage(retryAfterSeconds) };
}

export async function recordAttempt(
  tx: Tx,
  email: string,
  ip: string | null,
  success: boolean,
): Promise<void> {
  await tx.query(`INSERT INTO login_attempts (email, ip, success) VALUES ($1, $2, $3)`, [
    email,
    keyOf(ip),
    success,
  ]);
}

/** Old attempts carry no information; keep the table small. */
export async function pruneAttempts(tx: Tx): Promise<void> {
  await tx.query(`DELETE FROM login_attempts WHERE at < now() - interval '1 day'`);
}

export type AttemptStart =
  | { kind: 'throttled'; retryAfterSeconds: number }
  /** `blocksIfFailed`: this is the last try this address has before it is throttled. */
  | { kind: 'started'; id: number; blocksIfFailed: boolean };

/**
 * Checks the limits and records the attempt as a failure up front, under a per-e-mail lock and
 * then a per-address lock (always in that order, so two sign-ins cannot deadlock), so a burst
 * of parallel guesses counts every guess instead of all passing the check before any is
 * recorded. `finishAttempt` marks it a success once the password checked out.
 */
export async function beginAttempt(tx: Tx, email: string, ip: string | null): Promise<AttemptStart> {
  const key = keyOf(ip);
  await tx.query(`SELECT pg_advisory_xact_lock(hashtext('venue.login.' || $1))`, [email]);
  await tx.query(`SELECT pg_advisory_xact_lock(hashtext('venue.login-address.' || $1))`, [key]);
  const counts = await countFailures(tx, email, key);
  const wait = await waitFor(tx, email, key, counts);
  if (wait !== null) return { kind: 'throttled', retryAfterSeconds: wait };
  const { rows } = await tx.query<{ id: number | string }>(
    `INSERT INTO login_attempts (email, ip, success) VALUES ($1, $2, false) RETURNING id`,
    [email, key],
  );
  return {
    kind: 'started',
    id: Number(rows[0]!.id),
    blocksIfFailed: counts.pair + 1 >= counts.pairLimit || counts.address + 1 >= MAX_FAILURES_PER_ADDRESS,
  };
}

export async function finishAttempt(tx: Tx, attemptId: number): Promise<void> {
  await tx.query(`UPDATE login_attempts SET success = true, at = now() WHERE id = $1`, [attemptId]);
}
