import assert from 'node:assert/strict';
import { createService, type Service } from '../service.ts';
import type { ServiceKit, ServiceOptions } from '../kit.ts';
import type { DatabaseConfig } from '../db/types.ts';
import { createLogger } from '../log.ts';
import { createTestDatabase, type TestDatabase } from './database.ts';

export { testKeys, type TestKeys, type TokenOptions } from './keys.ts';
export { pointPeersAt, setEnv } from './env.ts';
export {
  createTestDatabase,
  appRoleUrl,
  asSuperuser,
  ownerTx,
  analyzeTenantTables,
  assertPageReadInOrder,
  planNodes,
  readsWithoutTenant,
  recordCustomerStatements,
  recordTenantStatements,
  type TenantStatement,
  type TestDatabase,
} from './database.ts';
export { settingsChangedEvent, settingsCopy } from './settings-event.ts';
export { openHours } from './opening-hours.ts';
export { unstarted, useStarted } from './use-started.ts';
export { testEvent } from './domain-event.ts';
export {
  makePrincipal,
  testCast,
  namedCast,
  castUserId,
  accessToken,
  type Cast,
  type CastSpec,
  type NamedCastSpec,
} from './cast.ts';
export { callService, callAs, setUpCalls, type Call, type CallOptions, type Reply } from './call.ts';
export {
  startServiceHarness,
  settingsDelivery,
  outboxEvents,
  type OutboxEvent,
  type HarnessOptions,
  type ServiceHarness,
  type SettingsDelivery,
} from './harness.ts';
export { startEventSink } from './event-sink.ts';
export { startStandIn, type StandIn, type StandInAnswer, type StandInRequest } from './stand-in.ts';
export { readCsv } from './csv.ts';
export { baseFonts, hasPdftotext } from './pdf.ts';
export { natsAnswers, skipWithoutNats, TEST_NATS_URL } from './nats.ts';
export {
  visitorHeaders,
  customerHeaders,
  testCustomer,
  assertCustomerPolicy,
  type CustomerHeadersOptions,
} from './callers.ts';

export interface TestService {
  /** Base URL, e.g. http://127.0.0.1:43121 */
  url: string;
  kit: ServiceKit;
  service: Service;
  /** The database this service uses: pass as `{database, schema}` to start a second replica on it. */
  database: DatabaseConfig;
  schema: string;
  close(): Promise<void>;
}

export interface TestServiceOverrides {
  /** Share an existing database instead of creating a fresh one (the caller owns its cleanup). */
  database?: DatabaseConfig;
  schema?: string;
  /** Listen on this port instead of an ephemeral one. */
  port?: number;
}

/**
 * Starts `options` on a fresh database (PGlite in memory, or a new schema on TEST_DATABASE_URL),
 * listening on an ephemeral port, with NATS off unless the options ask for it. Logs stay quiet
 * unless LOG_LEVEL is set.
 */
export async function startTestService(
  options: ServiceOptions,
  overrides: TestServiceOverrides = {},
): Promise<TestService> {
  let owned: TestDatabase | undefined;
  let database = overrides.database;
  let schema = overrides.schema;
  if (!database) {
    owned = await createTestDatabase(options.name);
    database = owned.config;
    schema = owned.schema;
  }
  let service: Service;
  try {
    service = await createService({
      logger: createLogger(process.env.LOG_LEVEL ?? 'silent'),
      nats: false,
      scheduleJobs: false,
      relayIntervalMs: 100,
      ...options,
      database,
      schema,
    });
  } catch (err) {
    await owned?.drop();
    throw err;
  }
  let url: string;
  try {
    ({ url } = await service.listen(overrides.port ?? 0, '127.0.0.1'));
  } catch (err) {
    await service.close();
    await owned?.drop();
    throw err;
  }
  return {
    url,
    kit: service.kit,
    service,
    database,
    schema: service.kit.db.schema,
    async close() {
      await service.close();
      await owned?.drop();
    },
  };
}

/**
 * Every table with a `tenant_id` column in the service schema must have row-level security
 * enabled and forced, the kit's own outbox and inbox included (decision 19), unless it is the
 * owner's alone: row-level security enabled without a policy and no privilege for the
 * application role (read only through the owner's SECURITY DEFINER functions, e.g. bookings'
 * booking_search). Each of `expected` must be among those tables: the service's own, which a test
 * names so that a table losing its tenant_id (and so this check) does not pass unseen.
 */
export async function assertTenantTablesHaveRls(kit: ServiceKit, expected: string[] = []): Promise<string[]> {
  const { rows } = await kit.db.query<{ table: string; rls: boolean; forced: boolean }>(
    `SELECT c.relname AS table, c.relrowsecurity AS rls,
            c.relforcerowsecurity OR (c.relrowsecurity
              AND NOT EXISTS (SELECT 1 FROM pg_policy p WHERE p.polrelid = c.oid)
              AND NOT has_table_privilege(c.oid, 'SELECT, INSERT, UPDATE, DELETE')) AS forced
       FROM pg_class c
       JOIN pg_namespace n ON n.oid = c.relnamespace
       JOIN pg_attribute a ON a.attrelid = c.oid AND a.attname = 'tenant_id' AND NOT a.attisdropped
      WHERE n.nspname = $1 AND c.relkind IN ('r', 'p')
      ORDER BY c.relname`,
    [kit.db.schema],
  );
  const missing = rows.filter((r) => !r.rls || !r.forced).map((r) => r.table);
  assert.deepEqual(
    missing,
    [],
    `tables with tenant_id but without ENABLE + FORCE ROW LEVEL SECURITY: ${missing.join(', ')}`,
  );
  const tables = rows.map((r) => r.table);
  assert.deepEqual(
    expected.filter((t) => !tables.includes(t)),
    [],
    'tables expected among the tenant tables',
  );
  return tables;
}

export { describeUnbuiltArea, type UnbuiltEndpoint } from './unbuilt-area.ts';
export { describeOneWayToQuery, serviceSources, type OneWayToQuery } from './one-way-to-query.ts';
export { describeDoorProbes, type DoorProbeSetup } from './door-probes.ts';
export { startBeforeMigration, type BeforeMigration } from './migration.ts';
export { callerKindOf, type CallerKind } from './callers.ts';
export {
  digestService,
  describeHostileInput,
  kitRoutes,
  ownerOnlySetup,
  probeEvent,
  routesOf,
  HOSTILE_QUERIES,
  type HostileRouteTable,
  type HostileSetup,
} from './hostile.ts';
