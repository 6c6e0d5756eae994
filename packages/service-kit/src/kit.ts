import type { DomainEvent, EventRegistry, Principal, PrincipalLookup } from '@venue/contracts';
import type { Database, DatabaseConfig } from './db/types.ts';
import type { ConsumeOutcome, ConsumerMap } from './events/consume.ts';
import type { NatsConfig } from './events/nats.ts';
import type { AppRouter } from './http/context.ts';
import type { Logger } from './log.ts';

export interface JobDefinition {
  /** Unique per service; also the advisory lock key. */
  name: string;
  /** croner pattern, e.g. `*\/1 * * * *` (5 fields) or with seconds (6 fields). */
  cron: string;
  run: (kit: ServiceKit) => Promise<void>;
}

export interface ServiceOptions {
  /** Service name: schema (default), `DATA_DIR/<name>`, log field, event source. */
  name: string;
  /** Folder of `*.sql` migrations applied once each, in name order. */
  migrationsDir?: URL | string;
  /** Mount routes on the @koa/router (paths include `/api/...`). */
  routes?: (router: AppRouter, kit: ServiceKit) => void | Promise<void>;
  /**
   * Event type (or `prefix.*`) → consumer; idempotent by event id through the inbox table. Build
   * it with `defineConsumers(name, {...})`: its keys must be the service's SUBSCRIPTIONS.
   */
  consumers?: ConsumerMap;
  /**
   * services/admin (and tests): the current principal from its own tables, with the session
   * check when a session id is given; null when the user is gone. Others ask ADMIN_URL.
   */
  resolvePrincipal?: (
    userId: string,
    kit: ServiceKit,
    sessionId?: string,
  ) => Promise<Principal | PrincipalLookup | null>;
  /**
   * Where this service's calls to others go, by service name (read at each call), before their
   * `<NAME>_URL`: a test hands a service its stand-ins here, as one process runs many services
   * of a workspace's test files (decision 70) and a process-wide variable would be every one's.
   * Applies to what the service does for a request, an event or a job.
   */
  peers?: Readonly<Partial<Record<string, string>>>;
  /** Runs after migrations at start. */
  seed?: (kit: ServiceKit) => Promise<void>;
  jobs?: JobDefinition[];
  /**
   * Request path → body field → its own text ceiling, for the rare field that may exceed the
   * kit's 20,000 characters (an ICS file sent as JSON). Every other string is held to that.
   */
  longTextFields?: Record<string, Record<string, number>>;

  // Overrides, mostly for tests and the launcher; the defaults come from the environment.
  /** Default: `DATABASE_URL` → PostgreSQL, else PGlite in `DATA_DIR/<name>`. */
  database?: DatabaseConfig;
  /** Default: `DB_SCHEMA`, else the service name. */
  schema?: string;
  logger?: Logger;
  /**
   * Who consumes which events (default SUBSCRIPTIONS from contracts). With the default, start
   * refuses a `consumers` map that differs from the service's own subscriptions.
   */
  subscriptions?: Readonly<Record<string, readonly string[]>>;
  /** The event catalogue (default EVENTS from contracts; the kit's tests add made-up types). */
  events?: EventRegistry;
  /** Default: `NATS_URL` set → JetStream stream VENUE_EVENTS; `false` forces loopback HTTP. */
  nats?: NatsConfig | false;
  /** Outbox relay poll interval (default 500 ms). */
  relayIntervalMs?: number;
  /** Start cron schedules on listen (default true). */
  scheduleJobs?: boolean;
}

export interface ServiceKit {
  readonly name: string;
  readonly db: Database;
  /** pino logger with `service`. */
  readonly log: Logger;
  readonly options: Readonly<ServiceOptions>;
  /** The caller's current principal and session state (resolvePrincipal option, else admin's internal endpoint). */
  resolvePrincipal(userId: string, sessionId?: string): Promise<PrincipalLookup>;
  /** Applies an incoming event once (inbox), as `POST /internal/events` does. */
  handleEvent(event: DomainEvent): Promise<ConsumeOutcome>;
  /** Applies a relay's batch in order, as `POST /internal/events/batch` does (see consumeEvents). */
  handleEvents(events: readonly DomainEvent[]): Promise<{ outcomes: ConsumeOutcome[]; error?: unknown }>;
  /** Outbox relay: `nudge()` asks for a pass soon; `flush()` runs one now and waits. */
  readonly relay: { nudge(): void; flush(): Promise<void> };
  /** Runs a job now under its advisory lock; false when another instance holds it. */
  runJob(name: string): Promise<boolean>;
  /** Migrations applied by this start (empty when all were already applied). */
  readonly migrationsApplied: readonly string[];
}
