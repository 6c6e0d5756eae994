import { createServer, type Server } from 'node:http';
import { serviceVersion } from './version.ts';
import { resolve } from 'node:path';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import Router from '@koa/router';
import { bodyParser } from '@koa/bodyparser';
import helmet from 'koa-helmet';
import {
  consumerProblems,
  EVENTS,
  SERVICES,
  SUBSCRIPTIONS,
  type DomainEvent,
  type EventRegistry,
} from '@venue/contracts';
import { requireInternal } from './auth/middleware.ts';
import { asLookup, fetchPrincipal } from './auth/principal.ts';
import { createDatabase, openDriver } from './db/database.ts';
import { migrate } from './db/migrations.ts';
import type { Database, DatabaseConfig } from './db/types.ts';
import { consumeEvent, consumeEvents, type ConsumerMap } from './events/consume.ts';
import { domainEventSchema, eventBatchSchema } from './events/envelope.ts';
import { connectNats, type NatsBus, type NatsConfig } from './events/nats.ts';
import { OutboxRelay } from './events/relay.ts';
import { HttpError } from './errors.ts';
import type { AppCustom, AppState } from './http/context.ts';
import { checkPathParam, hostileInput } from './http/hostile-input.ts';
import { idempotencyPurgeJob } from './http/idempotency.ts';
import { statisticsJob } from './db/statistics.ts';
import { errorHandler, requestContext } from './http/middleware.ts';
import { hostInProcess, loopbackOrigins } from './http/in-process.ts';
import { requestScope } from './http/internal-client.ts';
import { requestsInFlight, stopHttp, type RequestsInFlight } from './http/shutdown.ts';
import { JobScheduler } from './jobs.ts';
import type { JobDefinition, ServiceKit, ServiceOptions } from './kit.ts';
import { createLogger, type Logger } from './log.ts';
import { parseBody } from './validation.ts';

export interface Service {
  readonly app: Koa<AppState, AppCustom>;
  readonly kit: ServiceKit;
  /** The route table (the hostile-input tests enumerate it; nothing else should need it). */
  readonly router: Router<AppState, AppCustom>;
  /**
   * Starts HTTP, the outbox relay, the NATS consumer and job schedules; SIGINT/SIGTERM close it
   * and end the process, unless `signals` is false (the launcher's services host closes all six
   * together, decision 64).
   */
  listen(
    port?: number,
    host?: string,
    options?: { signals?: boolean },
  ): Promise<{ port: number; url: string }>;
  /** Graceful: stop accepting, finish in-flight requests, stop relay and jobs, close the database. */
  close(): Promise<void>;
}

function defaultDatabase(name: string): DatabaseConfig {
  const url = process.env.DATABASE_URL;
  if (url) return { kind: 'pg', url };
  return { kind: 'pglite', dataDir: resolve(process.env.DATA_DIR ?? '.data', name) };
}

function defaultNats(): NatsConfig | undefined {
  const url = process.env.NATS_URL;
  return url ? { url } : undefined;
}

/**
 * Subscriptions are the consumers' declaration: the relays of every service deliver by them, so
 * a service whose consumers differ would lose events or be sent some it drops. Empty when they
 * agree, or when the service is not one of the contracts' (or brings its own subscriptions).
 */
function consumerMismatch(options: ServiceOptions, consumers: ConsumerMap, events: EventRegistry): string[] {
  const { name } = options;
  const known = Object.hasOwn(SUBSCRIPTIONS, name) || SERVICES.some((s) => s.name === name);
  if (!known || options.subscriptions) return [];
  return consumerProblems(name, Object.keys(consumers), SUBSCRIPTIONS, events);
}

interface KitParts {
  options: ServiceOptions;
  db: Database;
  log: Logger;
  schema: string;
  migrationsApplied: string[];
  consumers: ConsumerMap;
  events: EventRegistry;
  jobs: JobDefinition[];
  /** Runs under way in this process, by job name. */
  runningJobs: Map<string, Promise<boolean>>;
  relay: () => OutboxRelay | undefined;
}

function createKit(parts: KitParts): ServiceKit {
  const { options, db, schema, consumers, events, jobs, runningJobs, relay } = parts;
  // An event's consumers and a job call other services as a request's handlers do (options.peers).
  const withPeers = <T>(fn: () => Promise<T>): Promise<T> =>
    options.peers ? requestScope.run({ ...requestScope.getStore(), peers: options.peers }, fn) : fn();
  const kit: ServiceKit = {
    name: options.name,
    db,
    log: parts.log,
    options,
    migrationsApplied: parts.migrationsApplied,
    resolvePrincipal: async (userId, sessionId) =>
      options.resolvePrincipal
        ? asLookup(await options.resolvePrincipal(userId, kit, sessionId))
        : fetchPrincipal(userId, sessionId),
    handleEvent: (event: DomainEvent) => withPeers(() => consumeEvent(db, consumers, event, events)),
    handleEvents: (batch) => withPeers(() => consumeEvents(db, consumers, batch, events)),
    relay: {
      nudge: () => relay()?.nudge(),
      flush: async () => relay()?.flush(),
    },
    runJob(jobName) {
      const job = jobs.find((j) => j.name === jobName);
      if (!job) throw new Error(`Unknown job "${jobName}"`);
      // One run at a time in this process; the advisory lock covers other replicas.
      const running = runningJobs.get(jobName);
      if (running) return running.then(() => false);
      const run = db
        .withAdvisoryLock(`venue.job.${schema}.${jobName}`, () => withPeers(() => job.run(kit)))
        .then((r) => r.acquired)
        .finally(() => runningJobs.delete(jobName));
      runningJobs.set(jobName, run);
      return run;
    },
  };
  return kit;
}

/** The kit's own routes (health, the relay's event posts), then the service's. */
async function createRouter(kit: ServiceKit): Promise<Router<AppState, AppCustom>> {
  const { db, name, options } = kit;
  const router = new Router<AppState, AppCustom>();
  const release = serviceVersion(options.migrationsDir);
  router.get('/health', async (ctx) => {
    try {
      await db.query('SELECT 1');
      ctx.body = { status: 'ok', service: name, db: 'ok', ...release };
    } catch (err) {
      ctx.log.error({ err }, 'health check: database unavailable');
      ctx.status = 503;
      ctx.body = { status: 'error', service: name, db: 'unavailable', ...release };
    }
  });
  router.post('/internal/events', requireInternal, async (ctx) => {
    const event = parseBody(ctx, domainEventSchema) as DomainEvent;
    ctx.body = { status: await kit.handleEvent(event) };
  });
  // A relay's batch: applied in order, each once (inbox), stopping at the first that fails, so
  // the relay acknowledges exactly the ones applied and retries from there, order kept.
  router.post('/internal/events/batch', requireInternal, async (ctx) => {
    const { events: batch } = parseBody(ctx, eventBatchSchema);
    const { outcomes, error } = await kit.handleEvents(batch as DomainEvent[]);
    if (error) {
      const event = batch[outcomes.length]!;
      ctx.log.warn(
        { err: error, eventId: event.id, type: event.type },
        'event not applied; its sender retries',
      );
    }
    ctx.body = error
      ? { statuses: outcomes, error: error instanceof Error ? error.message : String(error) }
      : { statuses: outcomes };
  });
  await options.routes?.(router, kit);
  // Path parameters get the body's NUL/surrogate/length check under their own names; the
  // router runs param handlers before a route's guards.
  const paramNames = new Set(router.stack.flatMap((layer) => layer.paramNames.map((p) => String(p.name))));
  for (const param of paramNames) router.param(param, checkPathParam(param));
  return router;
}

function createApp(
  kit: ServiceKit,
  router: Router<AppState, AppCustom>,
  requests: RequestsInFlight,
): Koa<AppState, AppCustom> {
  const app = new Koa<AppState, AppCustom>();
  // Services sit behind the gateway, which sets X-Forwarded-For: ctx.ip is the browser's address.
  app.proxy = true;
  app.maxIpsCount = 1;
  app.context.kit = kit;
  app.silent = true; // errors are logged by errorHandler with the request id

  app.use(requests.middleware);
  app.use(requestContext(kit.log, kit.options.peers));
  app.use(errorHandler());
  app.use(helmet());
  app.use(
    bodyParser({
      enableTypes: ['json', 'form'],
      jsonLimit: '1mb',
      formLimit: '1mb',
      onError(err) {
        const status = (err as { status?: number }).status;
        if (status === 413) throw new HttpError(413, 'Request body is too large.');
        if (status === 415) throw new HttpError(415, 'Unsupported content type.');
        throw new HttpError(400, 'Request body is not valid JSON.');
      },
    }),
  );
  app.use(hostileInput(kit.options.longTextFields));
  app.use(router.routes());
  app.use(router.allowedMethods());
  return app;
}

function listenOn(s: Server, port: number, host: string): Promise<void> {
  return new Promise<void>((ok, fail) => {
    s.once('error', fail);
    s.listen(port, host, () => {
      s.off('error', fail);
      ok();
    });
  });
}

interface Running {
  requests: RequestsInFlight;
  app: Koa<AppState, AppCustom>;
  kit: ServiceKit;
  consumers: ConsumerMap;
  scheduler: JobScheduler;
  runningJobs: Map<string, Promise<boolean>>;
  relay: OutboxRelay;
  nats: NatsBus | undefined;
}

/** Listening (HTTP, relay, NATS consumer, job schedules, signals) and the graceful close. */
function lifecycle(r: Running): Pick<Service, 'listen' | 'close'> {
  const { app, kit, relay, nats, requests, scheduler } = r;
  const log = kit.log;
  let server: Server | undefined;
  let unhost = (): void => {};
  let closing: Promise<void> | undefined;
  const onSignal = (signal: NodeJS.Signals) => {
    log.info({ signal }, 'shutting down');
    self.close().then(
      () => process.exit(0),
      (err: unknown) => {
        log.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };

  const self: Pick<Service, 'listen' | 'close'> = {
    async listen(port = 0, host = process.env.HOST ?? '127.0.0.1', { signals = true } = {}) {
      if (server) throw new Error('already listening');
      const s = createServer(app.callback());
      // Longer than the gateway's pool keeps an idle connection (30 s), so the caller always
      // closes first: with node's 5 s, a request sent on a connection the service was closing
      // that instant failed with ECONNRESET (a test's, after a long seed, on a loaded machine).
      s.keepAliveTimeout = 65_000;
      server = s;
      await listenOn(s, port, host);
      const address = s.address() as AddressInfo;
      unhost = hostInProcess(loopbackOrigins(host, address.port), app.callback(), kit.handleEvents);
      relay.start();
      if (nats) await nats.consume(Object.keys(r.consumers), (batch) => kit.handleEvents(batch));
      if (kit.options.scheduleJobs !== false) scheduler.start();
      if (signals) {
        process.once('SIGINT', onSignal);
        process.once('SIGTERM', onSignal);
      }
      const url = `http://${host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host}:${address.port}`;
      log.info({ url }, 'listening');
      return { port: address.port, url };
    },
    close() {
      closing ??= (async () => {
        process.off('SIGINT', onSignal);
        process.off('SIGTERM', onSignal);
        scheduler.stop();
        unhost();
        const started = Date.now();
        if (server) await stopHttp(server);
        // Within the launcher's 5 s for the whole close (stopHttp cuts connections after 4).
        await requests.done(started + 4_500 - Date.now());
        await relay.stop();
        await Promise.allSettled([...r.runningJobs.values()]);
        await nats?.close();
        await kit.db.close();
      })();
      return closing;
    },
  };
  return self;
}

export async function createService(options: ServiceOptions): Promise<Service> {
  const { name } = options;
  const log = (options.logger ?? createLogger()).child({ service: name });
  const schema = options.schema ?? process.env.DB_SCHEMA ?? name.replace(/-/g, '_');
  const driver = await openDriver(options.database ?? defaultDatabase(name), schema);

  let relay: OutboxRelay | undefined;
  let nats: NatsBus | undefined;
  const events = options.events ?? EVENTS;
  const consumers = options.consumers ?? {};
  const problems = consumerMismatch(options, consumers, events);
  if (problems.length) {
    await driver.close();
    throw new Error(`Consumers and SUBSCRIPTIONS (packages/contracts) disagree: ${problems.join('; ')}`);
  }
  let scheduler: JobScheduler | undefined;
  const db = createDatabase(driver, schema, {
    source: name,
    events,
    onPublished: () => relay?.nudge(),
    onWake: (jobs) => scheduler?.wake(jobs),
  });
  const runningJobs = new Map<string, Promise<boolean>>();
  // The service's jobs and the kit's own (purging expired Idempotency-Keys, planner statistics).
  const jobs = [...(options.jobs ?? []), idempotencyPurgeJob, statisticsJob];

  try {
    const migrationsApplied = await migrate(driver, schema, options.migrationsDir);
    if (migrationsApplied.length) log.info({ migrations: migrationsApplied }, 'migrations applied');

    const natsConfig = options.nats === false ? undefined : (options.nats ?? defaultNats());
    if (natsConfig) nats = await connectNats(natsConfig, name, log);

    const kit = createKit({
      options,
      db,
      log,
      schema,
      migrationsApplied,
      consumers,
      events,
      jobs,
      runningJobs,
      relay: () => relay,
    });
    scheduler = new JobScheduler(kit, jobs);
    relay = new OutboxRelay({
      db,
      log,
      service: name,
      subscriptions: options.subscriptions ?? SUBSCRIPTIONS,
      events,
      deliverLocal: (batch) => kit.handleEvents(batch),
      nats,
      intervalMs: options.relayIntervalMs,
    });

    if (options.seed) await options.seed(kit);
    const router = await createRouter(kit);
    const requests = requestsInFlight();
    const app = createApp(kit, router, requests);
    return {
      app,
      kit,
      router,
      ...lifecycle({ app, kit, consumers, scheduler, runningJobs, relay, nats, requests }),
    };
  } catch (err) {
    await nats?.close().catch(() => {});
    await db.close().catch(() => {});
    throw err;
  }
}

export interface StartOptions {
  /** Default: PORT, else the service's port in the contracts' SERVICES. */
  port?: number;
  host?: string;
  /** False when the caller closes the service itself (see `Service.listen`). */
  signals?: boolean;
}

/** Where a service listens when its caller does not say: PORT, else its port in SERVICES. */
export function defaultPort(name: string): number {
  return Number(process.env.PORT ?? SERVICES.find((s) => s.name === name)?.defaultPort ?? 0);
}

/**
 * A service's `main.ts`: create it and listen. Exported by each `main.ts` as `start`, so that it
 * runs alone (`node src/main.ts`, its container) or beside the others in the launcher's one
 * process (`scripts/services.mjs`, decision 64) from the same code.
 */
export async function startService(options: ServiceOptions, start: StartOptions = {}): Promise<Service> {
  const port = start.port ?? defaultPort(options.name);
  const service = await createService(options);
  await service.listen(port, start.host, { signals: start.signals });
  return service;
}
