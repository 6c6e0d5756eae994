import type { DomainEvent } from '@venue/contracts';
import type { Database, Tx } from '../db/types.ts';
import { matchesPattern } from './envelope.ts';

export type Consumer = (event: DomainEvent, tx: Tx) => Promise<void>;
export type ConsumeOutcome = 'processed' | 'duplicate' | 'ignored';

export function findConsumer(consumers: Record<string, Consumer>, type: string): Consumer | undefined {
  if (consumers[type]) return consumers[type];
  const key = Object.keys(consumers).find((p) => matchesPattern(p, type));
  return key ? consumers[key] : undefined;
}

/**
 * Runs the consumer for one event in a system transaction together with the inbox insert, so
 * an event delivered twice (at-least-once) is applied once; a failing consumer rolls both back
 * and the sender retries.
 */
export async function consumeEvent(
  db: Database,
  consumers: Record<string, Consumer>,
  event: DomainEvent,
): Promise<ConsumeOutcome> {
  const consumer = findConsumer(consumers, event.type);
  if (!consumer) return 'ignored';
  return db.systemTx(async (tx) => {
    const fresh = await tx.query(
      'INSERT INTO inbox (event_id) VALUES ($1) ON CONFLICT DO NOTHING RETURNING event_id',
      [event.id],
    );
    if (fresh.rowCount === 0) return 'duplicate';
    await consumer(event, tx);
    return 'processed';
  });
}
