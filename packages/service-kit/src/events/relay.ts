import {
  eventDefinition,
  GATEWAY_DEFAULT_PORT,
  SERVICES,
  type DomainEvent,
  type EventRegistry,
} from '@venue/contracts';
import { z } from 'zod';
import { callService, InternalCallError } from '../http/internal-client.ts';
import { outsideTransaction } from '../db/database.ts';
import type { Database } from '../db/types.ts';
import type { Logger } from '../log.ts';
import { matchesPattern, toEnvelope, type OutboxRow } from './envelope.ts';
import type { NatsBus } from './nats.ts';

export interface RelayOptions {
  db: Database;
  log: Logger;
  service: string;
  /** Who consumes what (default SUBSCRIPTIONS from contracts). */
  subscriptions: Readonly<Record<string, readonly string[]>>;
  /** The event catalogue: a row of a type it does not know is held, never sent. */
  events: EventRegistry;
  /** Delivery to this service itself, without a network hop. */
  deliverLocal: (event: DomainEvent) => Promise<unknown>;
  /** When set, events go to JetStream instead of loopback HTTP. */
  nats?: NatsBus;
  intervalMs?: number;
}

const BATCH = 200;
const MAX_BACKOFF_MS = 30_000;
const DELIVERY_TIMEOUT_MS = 10_000;
const PRUNE_EVERY_MS = 10 * 60_000;
/**
 * When events were published while a pass ran (the service is busy), the next pass waits this
 * long so it carries what accumulates: one request per subscriber for many events instead of one
 * each. A quiet service still delivers at once. Each request costs both ends an HTTP exchange
 * (on loopback the sender's kernel does the receiver's TCP work too): at 20 booking creates a
 * second, passes of one event each were a tenth of bookings' CPU in writev alone (issue 27).
 */
const LINGER_MS = 20;

/**
 * Base URLs of a service: `<NAME>_URL` (a comma-separated list when it runs as several
 * replicas), else its default port on loopback.
 */
export function serviceUrls(name: string): string[] {
  const fromEnv = process.env[`${name.toUpperCase().replace(/-/g, '_')}_URL`];
  if (fromEnv) {
    const list = fromEnv
      .split(',')
      .map((u) => u.trim().replace(/\/+$/, ''))
      .filter(Boolean);
    if (list.length) return list;
  }
  if (name === 'gateway') return [`http://127.0.0.1:${GATEWAY_DEFAULT_PORT}`];
  const def = SERVICES.find((s) => s.name === name);
  if (!def) throw new Error(`No URL for subscriber "${name}": set ${name.toUpperCase()}_URL`);
  return [`http://127.0.0.1:${def.defaultPort}`];
}

const turns = new Map<string, number>();

/** One base URL of a service, taking its replicas in turn (a retry thus asks the next one). */
export function serviceUrl(name: string): string {
  const list = serviceUrls(name);
  if (list.length === 1) return list[0]!;
  const turn = turns.get(name) ?? 0;
  turns.set(name, (turn + 1) % list.length);
  return list[turn % list.length]!;
}

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

interface Due {
  row: OutboxRow;
  event: DomainEvent;
}

/** How one subscriber's share of a pass went: the first `taken` were applied, then `failed`. */
interface Delivered {
  subscriber: string;
  taken: Due[];
  failed?: { due: Due; err: unknown };
}

/** A subscriber not up yet (start-up, a restart) is said in one line; anything else with its error. */
function describeFailure(err: unknown): Record<string, unknown> {
  if (err instanceof InternalCallError && (err.kind === 'unreachable' || err.kind === 'timeout'))
    return { reason: err.message };
  return { err };
}

/**
 * Delivers the outbox at least once, in order per subscriber. A failed delivery is retried with
 * backoff and holds back later events for that subscriber only; the row is marked delivered
 * once every subscriber has acknowledged it (or, with NATS, once JetStream has stored it).
 */
export class OutboxRelay {
  readonly #o: RelayOptions;
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<void> | undefined;
  #again = false;
  #stopped = true;
  #prunedAt = 0;

  constructor(options: RelayOptions) {
    this.#o = options;
  }

  start(): void {
    if (!this.#stopped) return;
    this.#stopped = false;
    const tick = () => {
      if (this.#stopped) return;
      this.nudge();
      this.#timer = setTimeout(tick, this.#o.intervalMs ?? 500);
      this.#timer.unref();
    };
    outsideTransaction(tick);
  }

  /** Ask for a pass soon (after a commit that published). */
  nudge(): void {
    if (this.#stopped) return;
    if (this.#running) {
      this.#again = true;
      return;
    }
    this.#running = outsideTransaction(() => this.#loop());
  }

  /** Runs passes until nothing deliverable is left right now (tests, shutdown). */
  async flush(): Promise<void> {
    while (this.#running) await this.#running;
    this.#running = outsideTransaction(() => this.#loop());
    await this.#running;
  }

  /** Stops polling and waits (bounded) for the pass in progress; undelivered rows stay for next start. */
  async stop(timeoutMs = 5000): Promise<void> {
    this.#stopped = true;
    clearTimeout(this.#timer);
    if (!this.#running) return;
    let timer: NodeJS.Timeout | undefined;
    const gaveUp = new Promise<void>((ok) => {
      timer = setTimeout(() => {
        this.#o.log.warn('outbox relay pass did not finish in time; stopping anyway');
        ok();
      }, timeoutMs);
    });
    await Promise.race([this.#running, gaveUp]);
    clearTimeout(timer);
  }

  async #loop(): Promise<void> {
    try {
      // One relaying replica at a time per schema; the others skip this round. The lock is held
      // for the whole run of passes, not taken per pass: under a burst of writes that is one
      // lock and unlock per burst instead of two statements per event delivered.
      await this.#o.db.withAdvisoryLock(`venue.relay.${this.#o.db.schema}`, async () => {
        let more = false;
        do {
          if (this.#again && !more) await new Promise((ok) => setTimeout(ok, LINGER_MS));
          this.#again = false;
          more = await this.#pass();
        } while ((this.#again || more) && !this.#stopped);
      });
    } catch (err) {
      this.#o.log.error({ err }, 'outbox relay pass failed');
    } finally {
      this.#running = undefined;
    }
  }

  #subscribers(type: string): string[] {
    return Object.entries(this.#o.subscriptions)
      .filter(([, patterns]) => patterns.some((p) => matchesPattern(p, type)))
      .map(([name]) => name);
  }

  /**
   * Delivered outbox rows are kept a week (for inspection); inbox ids a month, far beyond any
   * redelivery window, so the tables do not grow without bound.
   */
  async #prune(): Promise<void> {
    if (Date.now() - this.#prunedAt < PRUNE_EVERY_MS) return;
    this.#prunedAt = Date.now();
    await this.#o.db.query("DELETE FROM outbox WHERE delivered_at < now() - interval '7 days'");
    await this.#o.db.query("DELETE FROM inbox WHERE processed_at < now() - interval '30 days'");
  }

  /** One delivery round; true when a full batch was read (more may be waiting). */
  async #pass(): Promise<boolean> {
    const { db } = this.#o;
    await this.#prune();
    const { rows } = await db.query<OutboxRow>(
      `SELECT id, seq, type, version, source, tenant_id, occurred_at, data, acked, attempts, next_attempt_at
         FROM outbox WHERE delivered_at IS NULL ORDER BY seq LIMIT ${BATCH}`,
    );
    const now = Date.now();
    if (this.#o.nats) return this.#publish(rows, now);
    const blocked = new Set<string>();
    let held = false;
    /** Per subscriber: the events due to it, in outbox order, up to the first it must wait for. */
    const due = new Map<string, Due[]>();
    /** Per row: the subscribers that took it in this pass (none: a row nobody subscribes to). */
    const settled = new Map<string, { row: OutboxRow; subs: string[] }>();
    for (const row of rows) {
      const event = toEnvelope(row);
      const waiting = row.next_attempt_at !== null && new Date(row.next_attempt_at).getTime() > now;
      // `publish` refuses such a type; a row written around it (by hand, or by a build with
      // another catalogue) waits, visible in last_error, rather than reaching no one or everyone.
      if (!eventDefinition(row.type, this.#o.events)) {
        if (!waiting) await this.#failed(row, new Error(`No schema for event type "${row.type}"`));
        held = true;
        this.#subscribers(row.type).forEach((s) => blocked.add(s));
        continue;
      }

      const pending = this.#subscribers(row.type).filter((s) => !row.acked.includes(s));
      if (pending.length === 0) {
        if (!waiting) settled.set(row.id, { row, subs: [] });
        continue;
      }
      for (const subscriber of pending) {
        if (blocked.has(subscriber)) continue;
        if (waiting) {
          blocked.add(subscriber);
          continue;
        }
        let list = due.get(subscriber);
        if (!list) due.set(subscriber, (list = []));
        list.push({ row, event });
      }
    }

    // A full window may hide later events: one subscriber that has not taken the oldest rows
    // (down for a while) must not hold every other subscriber to them. Each subscriber free to
    // go reads its own window: the undelivered rows of its types it has not taken yet.
    if (rows.length === BATCH)
      for (const subscriber of Object.keys(this.#o.subscriptions)) {
        if (blocked.has(subscriber)) continue;
        const own = await this.#window(subscriber, now);
        if (own.length) due.set(subscriber, own);
        else due.delete(subscriber);
      }

    // Every subscriber at once, each with its due events in outbox order in as few requests
    // as their size allows (issue 27: one request per event per subscriber managed ~40 a second).
    const results = await Promise.all([...due].map(([subscriber, list]) => this.#deliver(subscriber, list)));
    for (const r of results) {
      for (const { row } of r.taken) {
        const entry = settled.get(row.id) ?? { row, subs: [] };
        entry.subs.push(r.subscriber);
        settled.set(row.id, entry);
      }
      if (r.failed) {
        blocked.add(r.subscriber);
        this.#o.log.warn(
          {
            ...describeFailure(r.failed.err),
            eventId: r.failed.due.row.id,
            type: r.failed.due.row.type,
            subscriber: r.subscriber,
          },
          'event delivery failed; will retry',
        );
      }
    }
    // One statement records every acknowledgement of the pass; a row is delivered once all its
    // subscribers have taken it.
    const updates = [...settled.values()].map(({ row, subs }) => {
      const acked = new Set([...row.acked, ...subs]);
      return { id: row.id, subs, done: this.#subscribers(row.type).every((s) => acked.has(s)) };
    });
    if (updates.length)
      await db.query(
        `UPDATE outbox o SET acked = o.acked || u.subs, delivered_at = CASE WHEN u.done THEN now() END
           FROM jsonb_to_recordset($1::jsonb) AS u(id uuid, subs text[], done boolean)
          WHERE o.id = u.id`,
        [JSON.stringify(updates)],
      );
    // A row two subscribers failed on is marked failed once (its backoff holds both back).
    const failedRows = new Map<string, { row: OutboxRow; err: unknown }>();
    for (const r of results)
      if (r.failed && !failedRows.has(r.failed.due.row.id))
        failedRows.set(r.failed.due.row.id, { row: r.failed.due.row, err: r.failed.err });
    for (const { row, err } of failedRows.values()) await this.#failed(row, err);
    return rows.length === BATCH && blocked.size === 0 && !held;
  }

  /**
   * One round onto NATS: the rows in outbox order up to the first that must wait (a backoff, a
   * type the catalogue does not know), sent without waiting for each acknowledgement (JetStream
   * stores one connection's messages in the order they were sent), then marked delivered in one
   * statement (issue 27: an acknowledgement and an UPDATE per event managed ~300 a second). A
   * failed one stops the round at it; any after it that reached the stream are sent again later,
   * and the stream drops them by message id within its two-minute duplicate window.
   */
  async #publish(rows: OutboxRow[], now: number): Promise<boolean> {
    const { db, nats } = this.#o;
    const ready: OutboxRow[] = [];
    for (const row of rows) {
      const waiting = row.next_attempt_at !== null && new Date(row.next_attempt_at).getTime() > now;
      if (!eventDefinition(row.type, this.#o.events)) {
        if (!waiting) await this.#failed(row, new Error(`No schema for event type "${row.type}"`));
        break;
      }
      if (waiting) break;
      ready.push(row);
    }
    const sent = await Promise.allSettled(ready.map((row) => nats!.publish(toEnvelope(row))));
    const failedAt = sent.findIndex((r) => r.status === 'rejected');
    const delivered = failedAt < 0 ? ready : ready.slice(0, failedAt);
    if (delivered.length)
      await db.query('UPDATE outbox SET delivered_at = now(), last_error = NULL WHERE id = ANY($1::uuid[])', [
        delivered.map((r) => r.id),
      ]);
    if (failedAt >= 0) {
      await this.#failed(ready[failedAt]!, (sent[failedAt] as PromiseRejectedResult).reason);
      return false;
    }
    return rows.length === BATCH && ready.length === rows.length;
  }

  /**
   * A subscriber's own window: the oldest undelivered rows of its types it has not taken, up to
   * the first it must wait for (a backoff, a type the catalogue does not know), in outbox order.
   */
  async #window(subscriber: string, now: number): Promise<Due[]> {
    const patterns = this.#o.subscriptions[subscriber] ?? [];
    const exact = patterns.filter((p) => !p.endsWith('.*'));
    // `_` in a LIKE pattern matches any character; the JavaScript check below is the exact one.
    const prefixes = patterns.filter((p) => p.endsWith('.*')).map((p) => `${p.slice(0, -1)}%`);
    const { rows } = await this.#o.db.query<OutboxRow>(
      `SELECT id, seq, type, version, source, tenant_id, occurred_at, data, acked, attempts, next_attempt_at
         FROM outbox
        WHERE delivered_at IS NULL AND NOT ($1 = ANY(acked))
          AND (type = ANY($2::text[]) OR type LIKE ANY($3::text[]))
        ORDER BY seq LIMIT ${BATCH}`,
      [subscriber, exact, prefixes],
    );
    const list: Due[] = [];
    for (const row of rows) {
      if (!patterns.some((p) => matchesPattern(p, row.type))) continue;
      const waiting = row.next_attempt_at !== null && new Date(row.next_attempt_at).getTime() > now;
      if (waiting || !eventDefinition(row.type, this.#o.events)) break;
      list.push({ row, event: toEnvelope(row) });
    }
    return list;
  }

  /** One subscriber's due events: in this process directly, else by batch requests in order. */
  async #deliver(subscriber: string, list: Due[]): Promise<Delivered> {
    const taken: Due[] = [];
    if (subscriber === this.#o.service) {
      for (const due of list) {
        try {
          await this.#o.deliverLocal(due.event);
        } catch (err) {
          return { subscriber, taken, failed: { due, err } };
        }
        taken.push(due);
      }
      return { subscriber, taken };
    }
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

  async #failed(row: OutboxRow, err: unknown): Promise<void> {
    const backoff = Math.min(MAX_BACKOFF_MS, 500 * 2 ** Math.min(row.attempts, 10));
    await this.#o.db.query(
      `UPDATE outbox SET attempts = attempts + 1, last_error = $2,
              next_attempt_at = now() + ($3 || ' milliseconds')::interval WHERE id = $1`,
      [row.id, String((err as Error)?.message ?? err).slice(0, 1000), String(backoff)],
    );
  }
}
