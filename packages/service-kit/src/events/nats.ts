import { connect } from '@nats-io/transport-node';
import {
  AckPolicy,
  DeliverPolicy,
  jetstream,
  jetstreamManager,
  type ConsumerMessages,
  type JetStreamClient,
  type JetStreamManager,
  type JsMsg,
} from '@nats-io/jetstream';
import type { DomainEvent } from '@venue/contracts';
import type { Logger } from '../log.ts';
import { domainEventSchema } from './envelope.ts';

export interface NatsConfig {
  url: string;
  /** Stream name, default VENUE_EVENTS. */
  stream?: string;
  /** Subject prefix, default `venue.events` (events go to `<prefix>.<type>`). */
  subjectPrefix?: string;
  /** Durable consumer name, default the service name. */
  durable?: string;
}

export interface NatsBus {
  publish(event: DomainEvent): Promise<void>;
  /**
   * Starts the durable pull consumer. `handle` applies events in order, in as few transactions
   * as it can, and answers how many it applied before the first that failed (`kit.handleEvents`);
   * those are acknowledged, the failed one comes back later, and the rest are applied after it.
   */
  consume(types: string[], handle: (events: DomainEvent[]) => Promise<BatchOutcome>): Promise<void>;
  close(): Promise<void>;
}

export interface BatchOutcome {
  /** One per event applied (or dropped as a duplicate), in order, up to the first failure. */
  outcomes: readonly unknown[];
  error?: unknown;
}

/**
 * Messages queued for a consumer's transactions and not yet acknowledged: past this the loop
 * stops taking more until they are applied, so a slow consumer holds messages on the server,
 * not in memory.
 */
const MAX_UNAPPLIED = 512;

const toSubject = (prefix: string, type: string) =>
  type.endsWith('.*') ? `${prefix}.${type.slice(0, -2)}.>` : `${prefix}.${type}`;

type Handle = (events: DomainEvent[]) => Promise<BatchOutcome>;

/** Idempotent: creates the stream, or widens an existing one to cover our subjects. */
async function ensureStream(jsm: JetStreamManager, stream: string, prefix: string): Promise<void> {
  const subjects = [`${prefix}.>`];
  try {
    const info = await jsm.streams.info(stream);
    if (!subjects.every((s) => info.config.subjects?.includes(s))) {
      await jsm.streams.update(stream, {
        ...info.config,
        subjects: [...new Set([...(info.config.subjects ?? []), ...subjects])],
      });
    }
  } catch {
    await jsm.streams.add({ name: stream, subjects, duplicate_window: 2 * 60 * 1_000_000_000 });
  }
}

async function ensureConsumer(
  jsm: JetStreamManager,
  stream: string,
  name: string,
  filters: string[],
): Promise<void> {
  const filter = filters.length === 1 ? { filter_subject: filters[0] } : { filter_subjects: filters };
  try {
    await jsm.consumers.info(stream, name);
    await jsm.consumers.update(stream, name, { ...filter, ack_wait: 30 * 1_000_000_000 });
  } catch {
    await jsm.consumers.add(stream, {
      durable_name: name,
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.All,
      ack_wait: 30 * 1_000_000_000,
      ...filter,
    });
  }
}

/** Applies messages in order; a failed event is retried later and the ones after it go on. */
async function applyInOrder(
  taken: JsMsg[],
  handle: Handle,
  log: Logger,
  stopping: () => boolean,
): Promise<void> {
  let rest = taken;
  while (rest.length) {
    if (stopping()) {
      rest.forEach((m) => m.nak());
      return;
    }
    const ready: { m: JsMsg; event: DomainEvent }[] = [];
    for (const m of rest) {
      try {
        ready.push({ m, event: domainEventSchema.parse(m.json()) as DomainEvent });
      } catch (err) {
        log.error({ err, subject: m.subject }, 'dropping malformed event');
        m.term();
      }
    }
    if (!ready.length) return;
    const { outcomes, error } = await handle(ready.map((r) => r.event));
    ready.slice(0, outcomes.length).forEach((r) => r.m.ack());
    const failed = ready[outcomes.length];
    if (error === undefined || !failed) return;
    log.warn(
      { err: error, eventId: failed.event.id, type: failed.event.type },
      'event consumer failed; will retry',
    );
    failed.m.nak(Math.min(30_000, 1000 * 2 ** Math.min(5, failed.m.info.deliveryCount)));
    rest = ready.slice(outcomes.length + 1).map((r) => r.m);
  }
}

/**
 * What has arrived by the time the loop would wait again is applied together, in one
 * transaction (issue 27: one transaction per event managed ~300 events a second); the batches
 * run one after another, so events keep their order.
 */
async function consumeInBatches(
  messages: ConsumerMessages,
  apply: (taken: JsMsg[]) => Promise<void>,
  log: Logger,
  stopping: () => boolean,
): Promise<void> {
  let batch: JsMsg[] = [];
  let unapplied = 0;
  let applying: Promise<void> = Promise.resolve();
  const flush = () => {
    const taken = batch;
    batch = [];
    if (!taken.length) return applying;
    applying = applying
      .then(() => apply(taken))
      .catch((err: unknown) => log.error({ err }, 'event batch failed'))
      .finally(() => void (unapplied -= taken.length));
    return applying;
  };
  for await (const m of messages) {
    if (stopping()) {
      m.nak();
      continue;
    }
    batch.push(m);
    unapplied++;
    if (batch.length === 1) setImmediate(() => void flush());
    if (unapplied >= MAX_UNAPPLIED) await flush();
  }
  await flush();
}

export async function connectNats(config: NatsConfig, service: string, log: Logger): Promise<NatsBus> {
  const stream = config.stream ?? 'VENUE_EVENTS';
  const prefix = config.subjectPrefix ?? 'venue.events';
  const durable = config.durable ?? service;
  const nc = await connect({ servers: config.url, name: `venue-${service}` });
  const jsm = await jetstreamManager(nc);
  const js: JetStreamClient = jetstream(nc);
  await ensureStream(jsm, stream, prefix);

  let stopping = false;
  const isStopping = () => stopping;
  const loops: Promise<void>[] = [];
  const stops: Array<() => void> = [];

  // Several filter subjects on one consumer need nats-server 2.10; older servers get one
  // durable consumer per subject (ordering then holds per event type).
  const [major = 0, minor = 0] = (nc.info?.version ?? '0.0').split('.').map(Number);
  const multiFilter = major > 2 || (major === 2 && minor >= 10);

  async function run(name: string, handle: Handle): Promise<void> {
    const consumer = await js.consumers.get(stream, name);
    const messages = await consumer.consume({ max_messages: 256 });
    stops.push(() => void messages.stop());
    const apply = (taken: JsMsg[]) => applyInOrder(taken, handle, log, isStopping);
    loops.push(consumeInBatches(messages, apply, log, isStopping));
  }

  return {
    async publish(event) {
      // The event id as message id: a re-sent outbox row inside the duplicate window is dropped.
      await js.publish(`${prefix}.${event.type}`, JSON.stringify(event), { msgID: event.id });
    },
    async consume(types, handle) {
      if (types.length === 0) return;
      const filters = types.map((t) => toSubject(prefix, t));
      if (filters.length === 1 || multiFilter) {
        await ensureConsumer(jsm, stream, durable, filters);
        await run(durable, handle);
        return;
      }
      for (const f of filters) {
        const name = `${durable}_${f.slice(prefix.length + 1).replace(/[^A-Za-z0-9_-]/g, '_')}`;
        await ensureConsumer(jsm, stream, name, [f]);
        await run(name, handle);
      }
    },
    async close() {
      stopping = true;
      stops.forEach((stop) => stop());
      await Promise.allSettled(loops);
      await nc.drain().catch(() => nc.close());
    },
  };
}
