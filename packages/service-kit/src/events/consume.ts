import {
  EVENTS,
  type DomainEvent,
  type EventPayload,
  type EventRegistry,
  type EventType,
  type EventTypesOf,
  type Subscriber,
  type SubscriptionsOf,
} from '@venue/contracts';
import type { Database, Tx } from '../db/types.ts';
import { checkConsumed, matchesPattern } from './envelope.ts';

/** The envelope of a `T` event with its payload parsed by `T`'s schema (a union narrows on `type`). */
export type EventOf<T extends EventType> = T extends EventType
  ? Omit<DomainEvent<EventPayload<T>>, 'type'> & { type: T }
  : never;

/** Applies one event of the types `T` inside the consumer's transaction. */
export type Consumer<T extends EventType = EventType> = (event: EventOf<T>, tx: Tx) => Promise<void>;

/**
 * Subscription key → consumer, as `createService` takes it. Each consumer is typed for its own
 * key (see `defineConsumers`); here they only need to take the event the kit parsed for them.
 */
export type ConsumerMap = Readonly<Record<string, (event: never, tx: Tx) => Promise<void>>>;

/** Exactly one consumer per subscription key of `S` (SUBSCRIPTIONS in contracts). */
export type ConsumersOf<S extends Subscriber> = {
  [K in SubscriptionsOf<S>]: Consumer<EventTypesOf<K>>;
};

/**
 * A service's consumers, typed by its subscriptions: a subscription without a consumer, or a
 * consumer without a subscription, is a type error here (and `createService` checks it again
 * at start). Each consumer gets the payload its event type's schema produced.
 */
export function defineConsumers<S extends Subscriber>(
  _service: S,
  consumers: ConsumersOf<S>,
): ConsumersOf<S> {
  return consumers;
}

export type ConsumeOutcome = 'processed' | 'duplicate' | 'ignored';

type AnyConsumer = ConsumerMap[string];

export function findConsumer(consumers: ConsumerMap, type: string): AnyConsumer | undefined {
  if (Object.hasOwn(consumers, type)) return consumers[type];
  const key = Object.keys(consumers).find((p) => matchesPattern(p, type));
  return key ? consumers[key] : undefined;
}

/**
 * Runs the consumer for one event in a system transaction together with the inbox insert, so
 * an event delivered twice (at-least-once) is applied once; a failing consumer rolls both back
 * and the sender retries. The payload is parsed by its type's schema first: an event that does
 * not match is refused (422) and stays with its sender, never applied or dropped.
 */
export async function consumeEvent(
  db: Database,
  consumers: ConsumerMap,
  event: DomainEvent,
  registry: EventRegistry = EVENTS,
): Promise<ConsumeOutcome> {
  const consumer = findConsumer(consumers, event.type);
  if (!consumer) return 'ignored';
  const parsed = checkConsumed(registry, event);
  return db.systemTx(async (tx) => {
    const fresh = await tx.query(
      'INSERT INTO inbox (event_id) VALUES ($1) ON CONFLICT DO NOTHING RETURNING event_id',
      [event.id],
    );
    if (fresh.rowCount === 0) return 'duplicate';
    await consumer(parsed as never, tx);
    return 'processed';
  });
}

/**
 * A relay's batch (in outbox order): the same outcome as `consumeEvent` for each in turn, but in
 * one transaction, so a batch costs one commit and one inbox statement rather than one of each per
 * event (issue 27: per-event transactions kept a subscriber near 250 events a second on PGlite).
 * If anything in it fails, the whole transaction is rolled back and the events are taken one at a
 * time, so the ones before the failing event are applied and it, and the rest, wait for the retry.
 * Answers the outcomes of the events applied, in order, and the error that stopped it, if any.
 */
export async function consumeEvents(
  db: Database,
  consumers: ConsumerMap,
  events: readonly DomainEvent[],
  registry: EventRegistry = EVENTS,
): Promise<{ outcomes: ConsumeOutcome[]; error?: unknown }> {
  try {
    const outcomes = await db.systemTx(async (tx) => {
      const work = events.map((event) => {
        const consumer = findConsumer(consumers, event.type);
        return { event, consumer, parsed: consumer ? checkConsumed(registry, event) : undefined };
      });
      const ids = work.filter((w) => w.consumer).map((w) => w.event.id);
      const fresh = new Set<string>();
      if (ids.length) {
        const { rows } = await tx.query<{ event_id: string }>(
          'INSERT INTO inbox (event_id) SELECT unnest($1::uuid[]) ON CONFLICT DO NOTHING RETURNING event_id',
          [ids],
        );
        for (const r of rows) fresh.add(r.event_id);
      }
      const out: ConsumeOutcome[] = [];
      for (const w of work) {
        if (!w.consumer) out.push('ignored');
        else if (!fresh.delete(w.event.id)) out.push('duplicate');
        else {
          await w.consumer(w.parsed as never, tx);
          out.push('processed');
        }
      }
      return out;
    });
    return { outcomes };
  } catch {
    const outcomes: ConsumeOutcome[] = [];
    for (const event of events) {
      try {
        outcomes.push(await consumeEvent(db, consumers, event, registry));
      } catch (error) {
        return { outcomes, error };
      }
    }
    return { outcomes };
  }
}
