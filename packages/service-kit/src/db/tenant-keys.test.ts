// Every tenant table of every service keys its rows by tenant first: primary keys, unique and
// exclusion constraints lead with tenant_id, so the schema can be distributed by tenant (Citus
// needs the distribution column in each of them) and no constraint spans two tenants. Tables
// without tenant_id are global and must be listed here, with why.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { SERVICES } from '@venue/contracts';
import { startTestService } from '../testing/index.ts';

/** Tables with no tenant: each is named, so a new one is a decision, not an accident. */
const GLOBAL_TABLES: Record<string, string> = {
  schema_migrations: 'the migrator’s own record, one per schema',
  outbox_delivery: 'delivery progress of outbox rows per subscriber (keyed by the event id)',
  inbox: 'events already consumed, keyed by the event id (ids are global uuids)',
  login_attempts: 'admin: failed sign-ins per e-mail and address, counted before any tenant is known',
};

/**
 * Tenant tables keyed otherwise, with why. The kit's outbox is ordered by one sequence per
 * service and holds system events with no tenant (tenant_id NULL), so it cannot lead with
 * tenant_id; on a distributed cluster it stays a local table of the coordinator (docs/deploy.md).
 */
const KEYED_OTHERWISE: Record<string, string> = {
  outbox: 'one delivery order per service, system events without a tenant',
  users:
    'admin: identities are found by id and e-mail before any tenant is known (sign-in, tokens); a reference table on a cluster',
};

/**
 * Unique keys of tenant tables that must hold across tenants because a caller arrives with
 * only that key: the table itself leads with tenant_id; on a cluster these stay global
 * constraints (a reference lookup table, or Citus' unique-across-shards check).
 */
const GLOBAL_KEYS: Record<string, string> = {
  'api_keys.api_keys_public_id_key': 'admin: a bearer key names only its public id',
  'sessions.sessions_id_key': 'admin: a refresh token names only its session id',
  'payment_links.payment_links_token_hash_key':
    'money: a payment link (public, no sign-in) names only its token, stored as its hash (decision 43)',
  // The customer door (decision 56): a visitor or a customer arrives with only one of these.
  'online_bookings.online_bookings_slug_key':
    'admin: the booking page /book/<slug> names only the slug, one venue per slug across the product',
  'portal_links.portal_links_token_key':
    'admin: an e-mailed portal link names only its token, stored as its hash',
  'customer_sessions.customer_sessions_id_key':
    'admin: a customer token and its refresh name only the session id',
  'customer_refresh_tokens.customer_refresh_tokens_hash_key':
    'admin: a customer refresh cookie names only its token, stored as its hash',
};

const onServer = Boolean(process.env.TEST_DATABASE_URL);

describe('tenant keys (issue 15: distributable by tenant)', () => {
  for (const { name } of SERVICES) {
    const skip = onServer
      ? false
      : 'checked on the PostgreSQL server pass (the schema a cluster would distribute), not on PGlite';
    it(`${name}: every key, unique and exclusion constraint leads with tenant_id`, { skip }, async () => {
      const t = await startTestService({
        name,
        migrationsDir: new URL(`../../../../services/${name}/migrations/`, import.meta.url),
        routes() {},
        subscriptions: {}, // only the schema is looked at: no consumers needed
      });
      try {
        const { rows: tables } = await t.kit.db.query<{ table: string; tenant: boolean }>(
          `SELECT c.relname AS table,
                  EXISTS (SELECT 1 FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attname = 'tenant_id'
                           AND NOT a.attisdropped) AS tenant
             FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
            WHERE n.nspname = $1 AND c.relkind IN ('r', 'p') ORDER BY 1`,
          [t.schema],
        );
        const unlisted = tables.filter((r) => !r.tenant && !(r.table in GLOBAL_TABLES)).map((r) => r.table);
        assert.deepEqual(unlisted, [], `tables without tenant_id that are not listed as global: ${unlisted}`);
        const { rows: constraints } = await t.kit.db.query<{ table: string; name: string; first: string }>(
          `SELECT c.relname AS table, k.conname AS name, a.attname AS first
             FROM pg_constraint k
             JOIN pg_class c ON c.oid = k.conrelid
             JOIN pg_namespace n ON n.oid = c.relnamespace
             JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = k.conkey[1]
            WHERE n.nspname = $1 AND k.contype IN ('p', 'u', 'x') ORDER BY 1, 2`,
          [t.schema],
        );
        const tenantTables = new Set(
          tables.filter((r) => r.tenant && !(r.table in KEYED_OTHERWISE)).map((r) => r.table),
        );
        const wrong = constraints
          .filter((k) => tenantTables.has(k.table) && k.first !== 'tenant_id')
          .filter((k) => !(`${k.table}.${k.name}` in GLOBAL_KEYS))
          .map((k) => `${k.table}.${k.name} (leads with ${k.first})`);
        assert.deepEqual(wrong, [], `constraints of tenant tables not led by tenant_id: ${wrong.join(', ')}`);
        // Unique indexes made without a constraint count too.
        const { rows: indexes } = await t.kit.db.query<{ table: string; name: string; first: string }>(
          `SELECT c.relname AS table, i.relname AS name, a.attname AS first
             FROM pg_index x
             JOIN pg_class c ON c.oid = x.indrelid
             JOIN pg_class i ON i.oid = x.indexrelid
             JOIN pg_namespace n ON n.oid = c.relnamespace
             LEFT JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = x.indkey[0]
            WHERE n.nspname = $1 AND x.indisunique ORDER BY 1, 2`,
          [t.schema],
        );
        const wrongIdx = indexes
          .filter((k) => tenantTables.has(k.table) && k.first !== 'tenant_id')
          .filter((k) => !(`${k.table}.${k.name}` in GLOBAL_KEYS))
          .map((k) => `${k.table}.${k.name} (leads with ${k.first ?? 'an expression'})`);
        assert.deepEqual(
          wrongIdx,
          [],
          `unique indexes of tenant tables not led by tenant_id: ${wrongIdx.join(', ')}`,
        );
      } finally {
        await t.close();
      }
    });
  }
});
