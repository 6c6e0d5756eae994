import type { Tx } from '@venue/service-kit';

/** Spec decision 5: repeated failures are throttled (`too-many-requests`). */
export const THROTTLE_WINDOW_MINUTES = 15;
export const MAX_FAILURES_PER_ACCOUNT = 10;
export const MAX_FAILURES_PER_IP = 30;

/**
 * True when this e-mail or this address has used up its failures in the window. A success
 * clears the account's count (a user who finally remembers their password starts afresh);
 * the address count does not reset, so one address cannot spray many accounts.
 */
export async function isThrottled(tx: Tx, email: string, ip: string | null): Promise<boolean> {
  const { rows } = await tx.query<{ account: number | string; address: number | string }>(
    `SELECT
       (SELECT count(*) FROM login_attempts a
         WHERE a.email = $1 AND NOT a.success
           AND a.at > now() - make_interval(mins => $3)
           AND a.at > coalesce((SELECT max(s.at) FROM login_attempts s WHERE s.email = $1 AND s.success), '-infinity')
       ) AS account,
       (SELECT count(*) FROM login_attempts
         WHERE $2::text IS NOT NULL AND ip = $2 AND NOT success
           AND at > now() - make_interval(mins => $3)
       ) AS address`,
    [email, ip, THROTTLE_WINDOW_MINUTES],
  );
  const row = rows[0];
  if (!row) return false;
  return Number(row.account) >= MAX_FAILURES_PER_ACCOUNT || Number(row.address) >= MAX_FAILURES_PER_IP;
}

export async function recordAttempt(
  tx: Tx,
  email: string,
  ip: string | null,
  success: boolean,
): Promise<void> {
  await tx.query(`INSERT INTO login_attempts (email, ip, success) VALUES ($1, $2, $3)`, [email, ip, success]);
}

/** Old attempts carry no information; keep the table small. */
export async function pruneAttempts(tx: Tx): Promise<void> {
  await tx.query(`DELETE FROM login_attempts WHERE at < now() - interval '1 day'`);
}

/**
 * Checks the limits and records the attempt as a failure up front, under a per-e-mail lock,
 * so a burst of parallel guesses counts every guess instead of all passing the check before
 * any is recorded. `finishAttempt` marks it a success once the password checked out.
 */
export async function beginAttempt(tx: Tx, email: string, ip: string | null): Promise<number | 'throttled'> {
  await tx.query(`SELECT pg_advisory_xact_lock(hashtext('venue.login.' || $1))`, [email]);
  if (await isThrottled(tx, email, ip)) return 'throttled';
  const { rows } = await tx.query<{ id: number | string }>(
    `INSERT INTO login_attempts (email, ip, success) VALUES ($1, $2, false) RETURNING id`,
    [email, ip],
  );
  return Number(rows[0]!.id);
}

export async function finishAttempt(tx: Tx, attemptId: number): Promise<void> {
  await tx.query(`UPDATE login_attempts SET success = true, at = now() WHERE id = $1`, [attemptId]);
}
