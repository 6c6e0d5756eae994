/**
 * The relay onto NATS (split from relay.ts, issue 28 item 2): when the service has a JetStream
 * connection, events go to the stream instead of to each subscriber.
 */
import { eventDefinition, type EventRegistry } from '@venue/contracts';
import type { Database } from '../db/types.ts';
import { toEnvelope, type OutboxRow } from './envelope.ts';
import type { NatsBus } from './nats.ts';
import { BATCH, isWaiting, markFailed } from './outbox-rows.ts';

/**
 * One round onto NATS: the rows in outbox order up to the first that must wait (a backoff, a
 * type the catalogue does not know), sent without waiting for each acknowledgement (JetStream
 * stores one connection's messages in the order they were sent), then marked delivered in one
 * statement (issue 27: an acknowledgement and an UPDATE per event managed ~300 a second). A
 * failed one stops the round at it; any after it that reached the stream are sent again later,
 * and the stream drops them by message id within its two-minute duplicate window.
 */
export async function publishToNats(
  o: { db: Database; nats: NatsBus; events: EventRegistry },
  rows: OutboxRow[],
  now: number,
): Promise<boolean> {
  const { db, nats } = o;
  const ready: OutboxRow[] = [];
  for (const row of rows) {
    const waiting = isWaiting(row, now);
    if (!eventDefinition(row.type, o.events)) {
      if (!waiting) await markFailed(db, row, new Error(`No schema for event type "${row.type}"`));
      break;
    }
    if (waiting) break;
    ready.push(row);
  }
  const sent = await Promise.allSettled(ready.map((row) => nats.publish(toEnvelope(row))));
  const failedAt = sent.findIndex((r) => r.status === 'rejected');
  const delivered = failedAt < 0 ? ready : ready.slice(0, failedAt);
  if (delivered.length)
    await db.query('UPDATE outbox SET delivered_at = now(), last_error = NULL WHERE id = ANY($1::uuid[])', [
      delivered.map((r) => r.id),
    ]);
  if (failedAt >= 0) {
    await markFailed(db, ready[failedAt]!, (sent[failedAt] as PromiseRejectedResult).reason);
    return false;
  }
  return rows.length === BATCH && ready.length === rows.length;
}
