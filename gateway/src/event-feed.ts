/**
 * How admin's changes reach the principal cache (decision 20): the outbox relay POSTs them to
 * `/internal/events` with the internal secret (embedded default), or, with NATS_URL set, every
 * gateway replica reads them from JetStream through its own ordered consumer (a shared durable
 * consumer would hand each event to one replica only).
 */
import type { IncomingMessage } from 'node:http';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { DeliverPolicy, jetstream } from '@nats-io/jetstream';
import type { Logger } from 'pino';
import {
  ACCESS_TOKEN_TTL_SECONDS,
  EVENTS,
  INTERNAL_AUTH_HEADER,
  SUBSCRIPTIONS,
  type EventPayload,
  type SubscriptionsOf,
} from '@venue/contracts';
import { safeEqual } from '@venue/service-kit';
import type { ApiKeyCache } from './api-keys.ts';
import type { CustomerSessions, VenueCache } from './door-caches.ts';
import { sendError } from './errors.ts';
import type { PrincipalCache } from './principal-cache.ts';
import type { GatewayMiddleware } from './state.ts';

/** The event types the gateway consumes (SUBSCRIPTIONS.gateway). */
export const GATEWAY_EVENTS: readonly string[] = SUBSCRIPTIONS.gateway;

type GatewayEvent = SubscriptionsOf<'gateway'>;
/** The customer's door (decision 56): venues by slug and customer portal sessions. */
export interface DoorCaches {
  venues?: VenueCache;
  customers?: CustomerSessions;
}

interface Caches extends DoorCaches {
  cache: PrincipalCache;
  apiKeys?: ApiKeyCache;
}

/**
 * One handler per subscription of the gateway, each given the payload its event's schema
 * parsed: a subscription without a handler, or a handler without one, is a type error.
 */
export const GATEWAY_HANDLERS: { [T in GatewayEvent]: (data: EventPayload<T>, caches: Caches) => void } = {
  'session.ended': (data, { cache, apiKeys }) => {
    cache.sessionsEnded(data.sessionIds, data.reason);
    // A deactivated or deleted owner's API keys stop too: admin is asked again.
    apiKeys?.ownerChanged(data.userId);
  },
  'principal.changed': (data, { cache, apiKeys }) => {
    cache.principalChanged(data.userId, data.tokenVersion);
    apiKeys?.ownerChanged(data.userId);
  },
  'api_key.revoked': (data, { apiKeys }) => {
    apiKeys?.revoked(data.publicId);
  },
  // A venue's online settings changed (turned off, another slug): its slugs are asked again.
  'tenant.settings_changed': (data, { venues }) => {
    venues?.settingsChanged(data.tenantId, data.onlineBookings?.slug);
  },
  'customer.session_ended': (data, { customers }) => {
    customers?.sessionsEnded(data.sessionIds);
  },
};

function handle<T extends GatewayEvent>(type: T, data: unknown, caches: Caches): boolean {
  const parsed = EVENTS[type].schema.safeParse(data);
  if (!parsed.success) return false;
  GATEWAY_HANDLERS[type](parsed.data as EventPayload<T>, caches);
  return true;
}

export const EVENTS_PATH = '/internal/events';
/** A relay's batch of events in outbox order (issue 27: one request per event was too slow). */
export const EVENTS_BATCH_PATH = '/internal/events/batch';
const MAX_EVENT_BYTES = 64 * 1024;
/** The relay cuts its batches at 512 kB of event data; the services take up to 1 MB. */
const MAX_BATCH_BYTES = 1024 * 1024;

export type ApplyOutcome = 'processed' | 'ignored';

/**
 * Applies one event envelope to the cache. Every kind is idempotent (a set, a maximum), so the
 * relay's at-least-once delivery needs no inbox. Unlike a service, the gateway acknowledges a
 * payload its schema refuses, with an error in the log: refusing it would hold back every later
 * session end and revocation, and the cache's TTL already bounds what one lost event can cost.
 */
export function applyEvent(
  cache: PrincipalCache,
  event: unknown,
  log: Logger,
  apiKeys?: ApiKeyCache,
  door: DoorCaches = {},
): ApplyOutcome {
  const e = event as { type?: unknown; data?: unknown; id?: unknown } | null;
  const type = typeof e?.type === 'string' ? e.type : '';
  if (!Object.hasOwn(GATEWAY_HANDLERS, type)) return 'ignored';
  if (handle(type as GatewayEvent, e?.data, { cache, apiKeys, ...door })) return 'processed';
  log.error({ eventId: e?.id, type }, 'dropping an event its schema refuses');
  return 'ignored';
}

async function readJson(req: IncomingMessage, limit: number): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) throw new Error('too large');
    chunks.push(chunk as Buffer);
  }
  return JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
}

/**
 * `POST /internal/events` from the outbox relay, with the internal secret. Anything else under
 * that path (another method, no or a wrong secret) falls through to the `/internal` block and is
 * an ordinary 404, so a client learns nothing.
 */
export function internalEvents(opts: {
  cache: PrincipalCache;
  secret: () => string;
  apiKeys?: ApiKeyCache;
  door?: DoorCaches;
}): GatewayMiddleware {
  return async (ctx, next) => {
    const batch = ctx.path === EVENTS_BATCH_PATH;
    if ((ctx.path !== EVENTS_PATH && !batch) || ctx.method !== 'POST') return next();
    const presented = ctx.get(INTERNAL_AUTH_HEADER);
    if (!presented || !safeEqual(presented, opts.secret())) return next();
    let body: unknown;
    try {
      body = await readJson(ctx.req, batch ? MAX_BATCH_BYTES : MAX_EVENT_BYTES);
    } catch {
      return sendError(ctx, 400, 'The event is not valid JSON.');
    }
    ctx.set('Cache-Control', 'no-store');
    const apply = (event: unknown) => applyEvent(opts.cache, event, ctx.state.log, opts.apiKeys, opts.door);
    if (!batch) {
      ctx.body = { status: apply(body) };
      return;
    }
    const events = (body as { events?: unknown } | null)?.events;
    if (!Array.isArray(events)) return sendError(ctx, 400, 'The batch has no events.');
    // Every kind is idempotent and nothing here can fail part-way, so the whole batch is taken.
    ctx.body = { statuses: events.map(apply) };
  };
}

export interface NatsFeedConfig {
  url: string;
  /** Default VENUE_EVENTS (as the services' relay). */
  stream?: string;
  /** Default `venue.events`. */
  subjectPrefix?: string;
}

export interface EventFeed {
  close(): Promise<void>;
}

/**
 * Reads the gateway's events from JetStream with one ordered (ephemeral, per-replica) consumer
 * per type, starting one access-token lifetime back: a gateway that (re)starts learns of every
 * session that ended while any of its tokens can still be presented. Connection problems are
 * retried in the background; meanwhile the cache's TTL bounds what can be missed.
 */
export function startNatsFeed(
  config: NatsFeedConfig,
  cache: PrincipalCache,
  log: Logger,
  apiKeys?: ApiKeyCache,
  door?: DoorCaches,
): EventFeed {
  const stream = config.stream ?? 'VENUE_EVENTS';
  const prefix = config.subjectPrefix ?? 'venue.events';
  let stopped = false;
  let wake: (() => void) | undefined;
  let nc: NatsConnection | undefined;
  const loops: Promise<void>[] = [];
  const stops: Array<() => Promise<unknown>> = [];

  async function consume(type: string): Promise<void> {
    const js = jetstream(nc!);
    const consumer = await js.consumers.get(stream, {
      // One subject per consumer: a list of filters needs nats-server 2.10.
      filter_subjects: `${prefix}.${type}`,
      deliver_policy: DeliverPolicy.StartTime,
      opt_start_time: new Date(Date.now() - ACCESS_TOKEN_TTL_SECONDS * 1000).toISOString(),
    });
    const messages = await consumer.consume();
    stops.push(() => messages.close());
    for await (const m of messages) {
      let event: unknown;
      try {
        event = m.json();
      } catch {
        log.warn({ subject: m.subject }, 'dropping an unreadable event');
        continue;
      }
      applyEvent(cache, event, log, apiKeys, door);
    }
  }

  async function run(): Promise<void> {
    let delay = 1000;
    while (!stopped) {
      try {
        nc = await connect({ servers: config.url, name: 'venue-gateway' });
        if (stopped) break;
        // The stream is created by the services' relays; until then there is nothing to read.
        await Promise.all(GATEWAY_EVENTS.map((type) => consume(type)));
        delay = 1000;
      } catch (err) {
        if (stopped) break;
        log.warn({ err, retryInMs: delay }, 'gateway event feed from NATS unavailable; retrying');
      }
      await nc?.close().catch(() => {});
      nc = undefined;
      stops.length = 0;
      if (stopped) break;
      await new Promise<void>((ok) => {
        wake = ok;
        setTimeout(ok, delay).unref();
      });
      delay = Math.min(delay * 2, 30_000);
    }
  }

  loops.push(run());
  return {
    async close() {
      stopped = true;
      wake?.();
      await Promise.allSettled(stops.map((stop) => stop()));
      await nc?.close().catch(() => {});
      await Promise.allSettled(loops);
    },
  };
}
