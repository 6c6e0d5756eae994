import { tooManySignInAttemptsMessage } from '@venue/contracts';
import {
  addressKey,
  kyselyOf,
  sql,
  type AppContext,
  type Expression,
  type ExpressionBuilder,
  type SqlBool,
  type Tx,
} from '@venue/service-kit';
import { NOW, dbNowPlus } from '../db/clock.ts';
import type { AdminDb } from '../db/schema.ts';

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

/** Which failures a count takes, for an e-mail and an address key. */
type Filter = (
  eb: ExpressionBuilder<AdminDb, 'login_attempts'>,
  email: string,
  key: string,
) => Expression<SqlBool>;

// A success clears the (e-mail, address) count, so someone who finally remembers their password
// starts afresh; it clears it only for that address, so the owner signing in elsewhere never
// resets a stranger's count. The address count never resets: one address could otherwise spray
// many accounts between sign-ins to its own.
const inWindow = (eb: ExpressionBuilder<AdminDb, 'login_attempts'>) =>
  eb.and([eb.not(eb.ref('success')), eb('at', '>', dbNowPlus(-THROTTLE_WINDOW_MINUTES, 'mins'))]);
const PAIR: Filter = (eb, email, key) =>
  eb.and([
    eb('email', '=', email),
    eb('ip', '=', key),
    inWindow(eb),
    eb(
      'at',
      '>',
      eb.fn.coalesce(
        eb
          .selectFrom('login_attempts as s')
          .select((s) => s.fn.max('s.at').as('last_success'))
          .where('s.email', '=', email)
          .where('s.ip', '=', key)
          .where((s) => s.ref('s.success')),
        // sql: the timestamp before every other, PostgreSQL's own literal
        sql<Date>`'-infinity'::timestamptz`,
      ),
    ),
  ]);
const ADDRESS: Filter = (eb, _email, key) => eb.and([eb('ip', '=', key), inWindow(eb)]);
const ACCOUNT: Filter = (eb, email) => eb.and([eb('email', '=', email), inWindow(eb)]);

interface Counts {
  pair: number;
  address: number;
  pairLimit: number;
}

async function countFailures(tx: Tx, email: string, key: string): Promise<Counts> {
  const row = await kyselyOf<AdminDb>(tx)
    .selectNoFrom((eb) => {
      const count = (filter: Filter) =>
        eb
          .selectFrom('login_attempts')
          .select((c) => c.fn.countAll<number | string>().as('n'))
          .where((c) => filter(c, email, key));
      return [count(ACCOUNT).as('account'), count(PAIR).as('pair'), count(ADDRESS).as('address')];
    })
    .executeTakeFirstOrThrow();
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
  filter: Filter,
  email: string,
  key: string,
  limit: number,
): Promise<number> {
  const row = await kyselyOf<AdminDb>(tx)
    .selectFrom('login_attempts')
    // sql: EXTRACT(epoch FROM …) has no builder form
    .select(
      sql<number>`ceil(extract(epoch FROM at + make_interval(mins => ${THROTTLE_WINDOW_MINUTES}::int) - ${NOW}))::int`.as(
        'wait',
      ),
    )
    .where((eb) => filter(eb, email, key))
    .orderBy('at', 'desc')
    .offset(limit - 1)
    .limit(1)
    .executeTakeFirst();
  return Math.max(1, Number(row?.wait ?? 1));
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
  await kyselyOf<AdminDb>(tx)
    .insertInto('login_attempts')
    .values({ email, ip: keyOf(ip), success })
    .execute();
}

/** Old attempts carry no information; keep the table small. */
export async function pruneAttempts(tx: Tx): Promise<void> {
  await kyselyOf<AdminDb>(tx).deleteFrom('login_attempts').where('at', '<', dbNowPlus(-1, 'days')).execute();
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
  const q = kyselyOf<AdminDb>(tx);
  const lock = (name: string) =>
    q
      .selectNoFrom((eb) =>
        eb.fn<void>('pg_advisory_xact_lock', [eb.fn<number>('hashtext', [eb.val(name)])]).as('locked'),
      )
      .execute();
  await lock(`venue.login.${email}`);
  await lock(`venue.login-address.${key}`);
  const counts = await countFailures(tx, email, key);
  const wait = await waitFor(tx, email, key, counts);
  if (wait !== null) return { kind: 'throttled', retryAfterSeconds: wait };
  const row = await q
    .insertInto('login_attempts')
    .values({ email, ip: key, success: false })
    .returning('id')
    .executeTakeFirstOrThrow();
  return {
    kind: 'started',
    id: Number(row.id),
    blocksIfFailed: counts.pair + 1 >= counts.pairLimit || counts.address + 1 >= MAX_FAILURES_PER_ADDRESS,
  };
}

export async function finishAttempt(tx: Tx, attemptId: number): Promise<void> {
  await kyselyOf<AdminDb>(tx)
    .updateTable('login_attempts')
    .set({ success: true, at: NOW })
    .where('id', '=', attemptId)
    .execute();
}
