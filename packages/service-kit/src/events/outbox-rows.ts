/**
 * The relay's reads and writes of outbox rows (split from relay.ts, issue 28 item 2): the batch a
 * pass reads, one subscriber's own window, and a failed row's backoff.
 */
import { eventDefinition, type DomainEvent, type EventRegistry } from '@venue/contracts';
import type { Database } from '../db/types.ts';
import { matchesPattern, toEnvelope, type OutboxRow } from './envelope.ts';

/** Rows a pass reads at most (and a subscriber's own window). */
export const BATCH = 200;
const MAX_BACKOFF_MS = 30_000;

const COLUMNS =
  'id, seq, type, version, source, tenant_id, occurred_at, data, acked, attempts, next_attempt_at';

/** An event due to a subscriber, with the row it is recorded on. */
export interface Due {
  row: OutboxRow;
  event: DomainEvent;
}

/** Whether a row is still in the backoff of its last failure. */
export const isWaiting = (row: OutboxRow, now: number) =>
  row.next_attempt_at !== null && new Date(row.next_attempt_at).getTime() > now;

/** Whether any row is undelivered (the idle poll's one statement, on the partial index). */
export async function hasUndelivered(db: Database): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM outbox WHERE delivered_at IS NULL LIMIT 1');
  return rows.length > 0;
}

/** The oldest undelivered rows, in outbox order. */
export async function readBatch(db: Database): Promise<OutboxRow[]> {
  const { rows } = await db.query<OutboxRow>(
    `SELECT ${COLUMNS} FROM outbox WHERE delivered_at IS NULL ORDER BY seq LIMIT ${BATCH}`,
  );
  return rows;
}

/**
 * A subscriber's own window: the oldest undelivered rows of its types it has not taken, up to
 * the first it must wait for (a backoff, a type the catalogue does not know), in outbox order.
 */
export async function readWindow(
  db: Database,
  events: EventRegistry,
  subscriptions: Readonly<Record<string, readonly string[]>>,
  subscriber: string,
  now: number,
): Promise<Due[]> {
  const patterns = subscriptions[subscriber] ?? [];
  const exact = patterns.filter((p) => !p.endsWith('.*'));
  // `_` in a LIKE pattern matches any character; the JavaScript check below is the exact one.
  const prefixes = patterns.filter((p) => p.endsWith('.*')).map((p) => `${p.slice(0, -1)}%`);
  const { rows } = await db.query<OutboxRow>(
    `SELECT ${COLUMNS}
       FROM outbox
      WHERE delivered_at IS NULL AND NOT ($1 = ANY(acked))
        AND (type = ANY($2::text[]) OR type LIKE ANY($3::text[]))
      ORDER BY seq LIMIT ${BATCH}`,
    [subscriber, exact, prefixes],
  );
  const list: Due[] = [];
  for (const row of rows) {
    if (!patterns.some((p) => matchesPattern(p, row.type))) continue;
    if (isWaiting(row, now) || !eventDefinition(row.type, events)) break;
    list.push({ row, event: toEnvelope(row) });
  }
  return list;
}

/** A failed delivery: its error kept on the row, tried again after a backoff doubling to 30 s. */
export async function markFailed(db: Database, row: OutboxRow, err: unknown): Promise<void> {
  const backoff = Math.min(MAX_BACKOFF_MS, 500 * 2 ** Math.min(row.attempts, 10));
  await db.query(
    `UPDATE outbox SET attempts = attempts + 1, last_error = $2,
            next_attempt_at = now() + ($3 || ' milliseconds')::interval WHERE id = $1`,
    [row.id, String((err as Error)?.message ?? err).slice(0, 1000), String(backoff)],
  );
}
