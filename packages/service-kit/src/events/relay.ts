import {
  eventDefinition,
  GATEWAY_DEFAULT_PORT,
  SERVICES,
  type DomainEvent,
  type EventRegistry,
} from '@venue/contracts';
import { z } from 'zod';
import { callService } from '../http/internal-client.ts';
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

/** What `POST /internal/events` answers: how the subscriber's inbox took the event. */
const deliveryAnswer = z.object({ status: z.string() });

/**
 * Through the one internal client (secret, request id, timeout, failures mapped once), with no
 * retry of its own: a failed delivery is retried by the relay, with backoff and in order.
 */
async function postEvent(subscriber: string, event: DomainEvent): Promise<void> {
  await callService({
    service: subscriber,
    method: 'POST',
    path: '/internal/events',
    body: event,
    response: deliveryAnswer,
    timeoutMs: DELIVERY_TIMEOUT_MS,
    idempotent: false,
  });
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
      let more = false;
      do {
        this.#again = false;
        // One relaying replica at a time per schema; the others skip this round.
        const r = await this.#o.db.withAdvisoryLock(`venue.relay.${this.#o.db.schema}`, () => this.#pass());
        more = r.acquired && r.value;
      } while ((this.#again || more) && !this.#stopped);
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
    const blocked = new Set<string>();
    let held = false;
    for (const row of rows) {
      const event = toEnvelope(row);
      const waiting = row.next_attempt_at !== null && new Date(row.next_attempt_at).getTime() > now;
      // `publish` refuses such a type; a row written around it (by hand, or by a build with
      // another catalogue) waits, visible in last_error, rather than reaching no one or everyone.
      if (!eventDefinition(row.type, this.#o.events)) {
        if (!waiting) await this.#failed(row, new Error(`No schema for event type "${row.type}"`));
        if (this.#o.nats) return false;
        held = true;
        this.#subscribers(row.type).forEach((s) => blocked.add(s));
        continue;
      }

      if (this.#o.nats) {
        if (waiting) return false;
        try {
          await this.#o.nats.publish(event);
          await db.query('UPDATE outbox SET delivered_at = now(), last_error = NULL WHERE id = $1', [row.id]);
        } catch (err) {
          await this.#failed(row, err);
          return false; // keep the stream in outbox order
        }
        continue;
      }

      const pending = this.#subscribers(row.type).filter((s) => !row.acked.includes(s));
      if (waiting) {
        pending.forEach((s) => blocked.add(s));
        continue;
      }
      const acked: string[] = [];
      let error: unknown;
      for (const subscriber of pending) {
        if (blocked.has(subscriber)) continue;
        try {
          if (subscriber === this.#o.service) await this.#o.deliverLocal(event);
          else await postEvent(subscriber, event);
          acked.push(subscriber);
        } catch (err) {
          blocked.add(subscriber);
          error ??= err;
          this.#o.log.warn(
            { err, eventId: row.id, type: row.type, subscriber },
            'event delivery failed; will retry',
          );
        }
      }
      const done = pending.every((s) => acked.includes(s));
      if (acked.length > 0 || done) {
        await db.query(
          `UPDATE outbox SET acked = acked || $2::text[], delivered_at = CASE WHEN $3 THEN now() END WHERE id = $1`,
          [row.id, acked, done],
        );
      }
      if (error) await this.#failed(row, error);
    }
    return rows.length === BATCH && blocked.size === 0 && !held;
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
