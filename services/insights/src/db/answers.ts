/**
 * Dashboard and Reports answers kept per version of the tenant's read model (issue 27 item 4,
 * decision 73). Every one of these calls aggregates the tenant's read model, yet the model only
 * changes when an owner's event lands (or a user resolves or dismisses an alert), and a page
 * asks for the same figures again and again in between: each staff member's visit, every
 * refresh. So an answer is kept with the version it was worked out at (migration 023: a new
 * random version in the same commit as any change to the tenant's rows), and served again while
 * the database still names that version: one indexed read instead of the aggregates.
 *
 * The database stays the authority: a kept answer is only served after this request read the
 * version, so a change committed anywhere (another replica, the rebuild, a test's own SQL) is
 * seen at once. Time is the other input: figures such as "holds with under 48 hours left" move
 * with the clock alone, so an answer is also given up after MAX_AGE_MS of the caller's clock.
 */
import type { Principal } from '@venue/contracts';
import type { Tx } from '@venue/service-kit';
import { db } from './query.ts';

/** How long (by the figures' clock) an answer stands when nothing changed: a Dashboard's refresh. */
export const MAX_AGE_MS = 15_000;
/** Answers kept in this process; the oldest used goes first. */
const MAX_ANSWERS = 1_000;

interface Kept {
  version: string;
  /** The figures' clock when it was worked out. */
  at: number;
  answer: unknown;
}

const kept = new Map<string, Kept>();

/** The tenant's read-model version, or null before anything of the tenant was written. */
async function readVersion(tx: Tx, tenantId: string): Promise<string | null> {
  const row = await db(tx)
    .selectFrom('read_versions')
    .select('version')
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
  return row?.version ?? null;
}

/**
 * What an answer depends on besides the read model and the clock: the tenant, the call and its
 * query, and who asks (alerts and activity are per user, and a role may see less).
 */
export function answerKey(
  tenantId: string,
  principal: Principal,
  call: string,
  query: Record<string, unknown>,
): string {
  const q = Object.keys(query)
    .sort()
    .map((k) => `${k}=${JSON.stringify(query[k])}`)
    .join('&');
  return [tenantId, principal.userId, principal.role, principal.permissions.join(','), call, q].join('|');
}

/**
 * `compute`'s answer, or the one kept for `key` when the tenant's read model is still at the
 * version it was worked out at and it is under MAX_AGE_MS old by `now`. `compute` must only read
 * in `tx`. With nothing kept, the version is asked for together with compute's statements, so a
 * first visit costs no extra round trip.
 */
export async function keptAnswer<T>(
  tx: Tx,
  tenantId: string,
  key: string,
  now: Date,
  compute: () => Promise<T>,
): Promise<T> {
  const at = now.getTime();
  const entry = kept.get(key);
  let version: string | null;
  let answer: T;
  if (entry) {
    version = await readVersion(tx, tenantId);
    if (version !== null && version === entry.version && at >= entry.at && at - entry.at < MAX_AGE_MS) {
      // Most recently used last, so the first key is the one to drop when full.
      kept.delete(key);
      kept.set(key, entry);
      return entry.answer as T;
    }
    answer = await compute();
  } else {
    [version, answer] = await Promise.all([readVersion(tx, tenantId), compute()]);
  }
  kept.delete(key);
  // Before the tenant's first write there is no version to tie an answer to.
  if (version !== null) {
    if (kept.size >= MAX_ANSWERS) kept.delete(kept.keys().next().value!);
    kept.set(key, { version, at, answer });
  }
  return answer;
}
