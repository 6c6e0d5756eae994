/**
 * The outbox relay: delivers what a service published, at least once and in order per subscriber.
 * Split by responsibility (issue 28 item 2): the reads and writes of outbox rows are in
 * outbox-rows.ts, the delivery to a subscriber in relay-delivery.ts, the NATS publishing in
 * relay-nats.ts, a service's URL in service-urls.ts; here the passes and what they record.
 */
import { eventDefinition, type EventRegistry } from '@venue/contracts';
import { outsideTransaction } from '../db/database.ts';
import type { EventsHandler } from '../http/in-process.ts';
import type { Database } from '../db/types.ts';
import type { Logger } from '../log.ts';
import { matchesPattern, toEnvelope, type OutboxRow } from './envelope.ts';
import type { NatsBus } from './nats.ts';
import {
  BATCH,
  hasUndelivered,
  isWaiting,
  markFailed,
  readBatch,
  readWindow,
  type Due,
} from './outbox-rows.ts';
import { deliverTo, describeFailure, type Delivered } from './relay-delivery.ts';
import { publishToNats } from './relay-nats.ts';

export interface RelayOptions {
  db: Database;
  log: Logger;
  service: string;
  /** Who consumes what (default SUBSCRIPTIONS from contracts). */
  subscriptions: Readonly<Record<string, readonly string[]>>;
  /** The event catalogue: a row of a type it does not know is held, never sent. */
  events: EventRegistry;
  /** Delivery to this service itself, without a network hop: its `kit.handleEvents`. */
  deliverLocal: EventsHandler;
  /** When set, events go to JetStream instead of loopback HTTP. */
  nats?: NatsBus;
  intervalMs?: number;
}

const PRUNE_EVERY_MS = 10 * 60_000;
/** The longest wait between two polls of an outbox found empty (see #poll). */
const IDLE_MAX_MS = 5_000;
/**
 * When events were published while a pass ran (the service is busy), the next pass waits this
 * long so it carries what accumulates: one request per subscriber for many events instead of one
 * each. A quiet service still delivers at once. Each request costs both ends an HTTP exchange
 * (on loopback the sender's kernel does the receiver's TCP work too): at 20 booking creates a
 * second, passes of one event each were a tenth of bookings' CPU in writev alone (issue 27).
 */
const LINGER_MS = 20;

/** What a pass found in its batch: who gets what, and what is settled without a delivery. */
interface Sorted {
  /** Per subscriber: the events due to it, in outbox order, up to the first it must wait for. */
  due: Map<string, Due[]>;
  /** Per row: the subscribers that took it in this pass (none: a row nobody subscribes to). */
  settled: Map<string, { row: OutboxRow; subs: string[] }>;
  /** Subscribers held back this pass (a row of theirs in backoff or of an unknown type, a failed delivery). */
  blocked: Set<string>;
  /** A row of a type the catalogue does not know held the batch. */
  held: boolean;
}

/**
 * Delivers the outbox at least once, in order per subscriber. A failed delivery is retried with
 * backoff and holds back later events for that subscriber only; the row is marked delivered
 * once every subscriber has acknowledged it (or, with NATS, once JetStream has stored it).
 */
export class OutboxRelay {
  readonly #o: RelayOptions;
  readonly #baseMs: number;
  /** The wait before the next poll: the base interval, doubled by each poll that found nothing. */
  #idleMs: number;
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<void> | undefined;
  #again = false;
  #stopped = true;
  #prunedAt = 0;

  constructor(options: RelayOptions) {
    this.#o = options;
    this.#baseMs = options.intervalMs ?? 500;
    this.#idleMs = this.#baseMs;
  }

  start(): void {
    if (!this.#stopped) return;
    this.#stopped = false;
    this.nudge();
  }

  /** Ask for a pass soon (after a commit that published): polling returns to its base interval. */
  nudge(): void {
    this.#idleMs = this.#baseMs;
    this.#run();
  }

  #run(): void {
    if (this.#stopped) return;
    if (this.#running) {
      this.#again = true;
      return;
    }
    clearTimeout(this.#timer);
    this.#running = outsideTransaction(() => this.#loop());
  }

  /**
   * The poll, for what no commit of this process announced: another replica's events it could
   * not relay (the lock was held), a failed delivery's retry, rows left by a process that
   * stopped. An empty outbox is seen with one statement (no lock taken), and each empty look
   * doubles the wait before the next, up to IDLE_MAX_MS: an idle service had its six relays
   * take a lock, read and unlock twice a second, most of the 40-45 ms of CPU a second that
   * PostgreSQL's backends spent on an idle product (issue 27).
   */
  async #poll(): Promise<void> {
    this.#timer = undefined;
    if (this.#stopped || this.#running) return;
    try {
      const pruneDue = Date.now() - this.#prunedAt >= PRUNE_EVERY_MS;
      if (!pruneDue && !(await hasUndelivered(this.#o.db))) {
        this.#idleMs = Math.min(this.#idleMs * 2, Math.max(IDLE_MAX_MS, this.#baseMs));
        this.#schedule();
        return;
      }
    } catch (err) {
      this.#o.log.error({ err }, 'outbox relay poll failed');
      this.#schedule();
      return;
    }
    this.#run();
  }

  #schedule(): void {
    if (this.#stopped || this.#running) return;
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => void outsideTransaction(() => this.#poll()), this.#idleMs);
    this.#timer.unref();
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
      // A replica that finds the lock held looks again after the base interval (its nudge set
      // it): the relaying one may have read the outbox before this one's commit.
      await this.#o.db.withAdvisoryLock(`venue.relay.${this.#o.db.schema}`, async () => {
        let more = false;
        let found = false;
        do {
          if (this.#again && !more) await new Promise((ok) => setTimeout(ok, LINGER_MS));
          this.#again = false;
          const pass = await this.#pass();
          more = pass.more;
          found ||= pass.read > 0;
        } while ((this.#again || more) && !this.#stopped);
        // Rows still there (a retry's backoff) are polled for at the base interval.
        if (found) this.#idleMs = this.#baseMs;
      });
    } catch (err) {
      this.#o.log.error({ err }, 'outbox relay pass failed');
    } finally {
      this.#running = undefined;
      this.#schedule();
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
  /** One delivery round: the rows it read, and whether more may be waiting (a full batch). */
  async #pass(): Promise<{ read: number; more: boolean }> {
    await this.#prune();
    const rows = await readBatch(this.#o.db);
    const now = Date.now();
    if (this.#o.nats) {
      const more = await publishToNats(
        { db: this.#o.db, nats: this.#o.nats, events: this.#o.events },
        rows,
        now,
      );
      return { read: rows.length, more };
    }
    const { due, settled, blocked, held } = await this.#sort(rows, now);

    // A full window may hide later events: one subscriber that has not taken the oldest rows
    // (down for a while) must not hold every other subscriber to them. Each subscriber free to
    // go reads its own window: the undelivered rows of its types it has not taken yet.
    if (rows.length === BATCH)
      for (const subscriber of Object.keys(this.#o.subscriptions)) {
        if (blocked.has(subscriber)) continue;
        const own = await readWindow(this.#o.db, this.#o.events, this.#o.subscriptions, subscriber, now);
        if (own.length) due.set(subscriber, own);
        else due.delete(subscriber);
      }

    // Every subscriber at once, each with its due events in outbox order in as few requests
    // as their size allows (issue 27: one request per event per subscriber managed ~40 a second).
    const results = await Promise.all(
      [...due].map(([subscriber, list]) => deliverTo(this.#o, subscriber, list)),
    );
    for (const r of results) if (r.failed) blocked.add(r.subscriber);
    await this.#record(settled, results);
    return { read: rows.length, more: rows.length === BATCH && blocked.size === 0 && !held };
  }

  /** Sorts a pass's batch into each subscriber's due events, in outbox order. */
  async #sort(rows: OutboxRow[], now: number): Promise<Sorted> {
    const sorted: Sorted = { due: new Map(), settled: new Map(), blocked: new Set(), held: false };
    const { due, settled, blocked } = sorted;
    for (const row of rows) {
      const event = toEnvelope(row);
      const waiting = isWaiting(row, now);
      // `publish` refuses such a type; a row written around it (by hand, or by a build with
      // another catalogue) waits, visible in last_error, rather than reaching no one or everyone.
      if (!eventDefinition(row.type, this.#o.events)) {
        if (!waiting) await markFailed(this.#o.db, row, new Error(`No schema for event type "${row.type}"`));
        sorted.held = true;
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
    return sorted;
  }

  /** Records a pass's acknowledgements and failures. */
  async #record(settled: Sorted['settled'], results: Delivered[]): Promise<void> {
    for (const r of results) {
      for (const { row } of r.taken) {
        const entry = settled.get(row.id) ?? { row, subs: [] };
        entry.subs.push(r.subscriber);
        settled.set(row.id, entry);
      }
      if (r.failed)
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
    // One statement records every acknowledgement of the pass; a row is delivered once all its
    // subscribers have taken it.
    const updates = [...settled.values()].map(({ row, subs }) => {
      const acked = new Set([...row.acked, ...subs]);
      return { id: row.id, subs, done: this.#subscribers(row.type).every((s) => acked.has(s)) };
    });
    if (updates.length)
      await this.#o.db.query(
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
    for (const { row, err } of failedRows.values()) await markFailed(this.#o.db, row, err);
  }
}
