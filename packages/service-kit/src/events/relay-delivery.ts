/**
 * The relay's delivery of events to a subscriber (split from relay.ts, issue 28 item 2): to a
 * service in this process directly (itself, or another hosted here: decision 74), else by batch
 * requests to the subscriber's `/internal/events/batch`.
 */
import type { DomainEvent } from '@venue/contracts';
import { z } from 'zod';
import { outsideTransaction } from '../db/database.ts';
import { eventsInProcess, type EventsHandler } from '../http/in-process.ts';
import { callService, InternalCallError } from '../http/internal-client.ts';
import type { Due } from './outbox-rows.ts';
import { serviceUrls } from './service-urls.ts';

const DELIVERY_TIMEOUT_MS = 10_000;

/**
 * What `POST /internal/events/batch` answers: how the subscriber's inbox took each event it
 * applied, in order, and why it stopped when it did not take them all.
 */
export const eventBatchAnswer = z.object({
  statuses: z.array(z.string()),
  error: z.string().optional(),
});

/** At most this much JSON per batch request (the services' body limit is 1 MB). */
const BATCH_BYTES = 512 * 1024;

/**
 * Through the one internal client (secret, request id, timeout, failures mapped once), with no
 * retry of its own: a failed delivery is retried by the relay, with backoff and in order. One
 * request carries a subscriber's due events in outbox order; the answer says how many it applied.
 */
async function postEvents(
  subscriber: string,
  events: DomainEvent[],
): Promise<z.infer<typeof eventBatchAnswer>> {
  return callService({
    service: subscriber,
    method: 'POST',
    path: '/internal/events/batch',
    body: { events },
    response: eventBatchAnswer,
    timeoutMs: DELIVERY_TIMEOUT_MS,
    idempotent: false,
  });
}

/** Splits events into requests of at most BATCH_BYTES of JSON each (one event at least). */
function chunks(events: DomainEvent[]): DomainEvent[][] {
  const out: DomainEvent[][] = [];
  let current: DomainEvent[] = [];
  let bytes = 0;
  for (const e of events) {
    const size = JSON.stringify(e.data ?? null).length + 300;
    if (current.length && bytes + size > BATCH_BYTES) {
      out.push(current);
      current = [];
      bytes = 0;
    }
    current.push(e);
    bytes += size;
  }
  if (current.length) out.push(current);
  return out;
}

/** How one subscriber's share of a pass went: the first `taken` were applied, then `failed`. */
export interface Delivered {
  subscriber: string;
  taken: Due[];
  failed?: { due: Due; err: unknown };
}

/** A subscriber not up yet (start-up, a restart) is said in one line; anything else with its error. */
export function describeFailure(err: unknown): Record<string, unknown> {
  if (err instanceof InternalCallError && (err.kind === 'unreachable' || err.kind === 'timeout'))
    return { reason: err.message };
  return { err };
}

/**
 * A batch applied in this process (the service itself, or another hosted here: decision 74):
 * the same outcomes as the batch route answers, the first `outcomes.length` applied.
 */
async function applyHere(handle: EventsHandler, subscriber: string, list: Due[]): Promise<Delivered> {
  try {
    const { outcomes, error } = await outsideTransaction(() => handle(list.map((d) => d.event)));
    const taken = list.slice(0, Math.min(outcomes.length, list.length));
    if (taken.length === list.length) return { subscriber, taken };
    return {
      subscriber,
      taken,
      failed: { due: list[taken.length]!, err: error ?? new Error('not applied') },
    };
  } catch (err) {
    return { subscriber, taken: [], failed: { due: list[0]!, err } };
  }
}

/**
 * The subscriber's batch handler when it is hosted in this process at the one address it has;
 * one with several addresses (replicas) is reached over HTTP, in turn, as before.
 */
function hostedHere(subscriber: string): EventsHandler | undefined {
  const urls = serviceUrls(subscriber);
  return urls.length === 1 ? eventsInProcess(urls[0]!) : undefined;
}

/** One subscriber's due events: in this process directly, else by batch requests in order. */
export async function deliverTo(
  local: { service: string; deliverLocal: EventsHandler },
  subscriber: string,
  list: Due[],
): Promise<Delivered> {
  const here = subscriber === local.service ? local.deliverLocal : hostedHere(subscriber);
  if (here) return applyHere(here, subscriber, list);
  const taken: Due[] = [];
  let at = 0;
  for (const chunk of chunks(list.map((d) => d.event))) {
    try {
      const answer = await postEvents(subscriber, chunk);
      const applied = Math.min(answer.statuses.length, chunk.length);
      taken.push(...list.slice(at, at + applied));
      at += applied;
      if (applied < chunk.length)
        return {
          subscriber,
          taken,
          failed: { due: list[at]!, err: new Error(answer.error ?? 'not applied') },
        };
    } catch (err) {
      return { subscriber, taken, failed: { due: list[at]!, err } };
    }
  }
  return { subscriber, taken };
}
