import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Database, DatabaseConfig, QueryParams, Queryable, Tx } from '../db/types.ts';
import { driverOf } from '../db/database.ts';
import { APP_ROLE, OWNER_ROLE } from '../db/driver.ts';

export interface TestDatabase {
  config: DatabaseConfig;
  schema: string;
  /** Drops the throwaway schema (PostgreSQL) — PGlite in memory just goes away. */
  drop(): Promise<void>;
}

function withUser(superuserUrl: string, user: string): string {
  const url = new URL(superuserUrl);
  url.username = user;
  url.password = '';
  return url.toString();
}

/** `TEST_DATABASE_URL` with its user switched to the application role. */
export function appRoleUrl(superuserUrl: string): string {
  return withUser(superuserUrl, APP_ROLE);
}

/** `TEST_DATABASE_URL` with its user switched to the owner role (migrations). */
export function ownerRoleUrl(superuserUrl: string): string {
  return withUser(superuserUrl, OWNER_ROLE);
}

/** Runs statements as the superuser of TEST_DATABASE_URL (setup and teardown only). */
export async function asSuperuser<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

async function ignoreDuplicate(p: Promise<unknown>): Promise<void> {
  try {
    await p;
  } catch (err) {
    // Parallel test files create the same role/extension at the same moment.
    const code = (err as { code?: string }).code;
    if (code !== '42710' && code !== '23505' && code !== '42P06') throw err;
  }
}

/**
 * Creates, as the superuser, what docs/compose/init-db.sql creates: the owner role that runs
 * migrations, the application role the services connect as, and the extensions.
 */
export async function ensureServerRoles(c: pg.Client): Promise<void> {
  for (const role of [OWNER_ROLE, APP_ROLE]) {
    const found = await c.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [role]);
    if (found.rowCount === 0) {
      await ignoreDuplicate(
        c.query(`CREATE ROLE ${role} LOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE`),
      );
    }
  }
  // btree_gin + pg_trgm: the bookings search's tenant-led trigram index (bookings migration 014)
  for (const name of ['btree_gist', 'btree_gin', 'pg_trgm']) {
    const ext = await c.query('SELECT 1 FROM pg_extension WHERE extname = $1', [name]);
    if (ext.rowCount === 0) await ignoreDuplicate(c.query(`CREATE EXTENSION IF NOT EXISTS ${name}`));
  }
}

/**
 * A fresh database for one test service: PGlite in memory (migrated as the owner role, then run
 * as the application role), or a new random schema on TEST_DATABASE_URL owned by role
 * venue_owner, which migrates it, while the service connects as venue_app.
 */
export async function createTestDatabase(name: string): Promise<TestDatabase> {
  const base = name
    .replace(/[^a-z0-9_]/gi, '_')
    .toLowerCase()
    .slice(0, 30);
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    return { config: { kind: 'pglite', dataDir: 'memory://' }, schema: base, drop: async () => {} };
  }
  const schema = `t_${base}_${randomBytes(5).toString('hex')}`;
  await asSuperuser(async (c) => {
    await ensureServerRoles(c);
    await c.query(`CREATE SCHEMA "${schema}" AUTHORIZATION ${OWNER_ROLE}`);
  });
  return {
    config: { kind: 'pg', url: appRoleUrl(url), migrationUrl: ownerRoleUrl(url) },
    schema,
    drop: () => asSuperuser((c) => c.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`)).then(() => {}),
  };
}

/**
 * Runs `fn` in one transaction as the role that owns the service's schema, in the system scope:
 * what only migrations may do (DDL, tampering behind the application's back in tests). On
 * PGlite the database is reopened as the owner for it, after the statements in flight.
 */
export async function ownerTx<T>(db: Database, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  const driver = driverOf(db);
  if (!driver.withOwner) throw new Error('This database has no owner connection (MIGRATION_DATABASE_URL)');
  return driver.withOwner((owner) =>
    owner.transaction(async (s) => {
      await s.query(
        "SELECT set_config('search_path', $1, true), set_config('app.tenant_id', '', true), set_config('app.scope', 'system', true)",
        [`"${db.schema}", public`],
      );
      return fn(s);
    }),
  );
}

/** One statement a tenant transaction ran, with what it ran with. */
export interface TenantStatement {
  tenantId: string;
  sql: string;
  params: readonly unknown[];
}

/** `tx` as it is, but noting each statement it runs in `seen`. */
function recordingTx(tx: Tx, tenantId: string, seen: TenantStatement[]): Tx {
  return {
    ...tx,
    query: <R>(sql: string, params?: QueryParams) => {
      seen.push({ tenantId, sql, params: params ?? [] });
      return tx.query<R>(sql, params);
    },
  };
}

/**
 * Runs `fn` (requests to the service, say) and returns the statements `db`'s tenant transactions
 * and reads ran meanwhile, reads and writes alike, leaving out the kit's own set_config.
 */
export async function recordTenantStatements(
  db: Database,
  fn: () => Promise<unknown>,
): Promise<TenantStatement[]> {
  const seen: TenantStatement[] = [];
  const recording =
    (open: Database['tenantTx']) =>
    <T>(tenantId: string, body: (tx: Tx) => Promise<T>): Promise<T> =>
      open.call(db, tenantId, (tx: Tx) => body(recordingTx(tx, tenantId, seen))) as Promise<T>;
  const { tenantTx, tenantRead } = db;
  db.tenantTx = recording(tenantTx);
  db.tenantRead = recording(tenantRead);
  try {
    await fn();
  } finally {
    db.tenantTx = tenantTx;
    db.tenantRead = tenantRead;
  }
  return seen;
}

/**
 * The same for `db`'s customer transactions (decision 56: the portal's reads and writes, which
 * recordTenantStatements does not see).
 */
export async function recordCustomerStatements(
  db: Database,
  fn: () => Promise<unknown>,
): Promise<TenantStatement[]> {
  const seen: TenantStatement[] = [];
  const { customerTx } = db;
  db.customerTx = <T>(tenantId: string, email: string, body: (tx: Tx) => Promise<T>) =>
    customerTx.call(db, tenantId, email, (tx: Tx) => body(recordingTx(tx, tenantId, seen))) as Promise<T>;
  try {
    await fn();
  } finally {
    db.customerTx = customerTx;
  }
  return seen;
}

/**
 * ANALYZEs the schema's tables (as the owner: the application role may not) and answers those
 * with a tenant_id column holding at least `minRows` rows: the ones a plan must not read whole.
 */
export async function analyzeTenantTables(db: Database, minRows: number): Promise<Set<string>> {
  const { rows } = await ownerTx(db, async (tx) => {
    // This schema's tables only: a bare ANALYZE walks the whole database, where tests running
    // beside this one create and drop their schemas (42P01 "relation with OID … does not exist").
    const { rows: tables } = await tx.query<{ relname: string }>(
      `SELECT c.relname FROM pg_class c
        WHERE c.relnamespace = (SELECT oid FROM pg_namespace WHERE nspname = $1) AND c.relkind IN ('r', 'p')`,
      [db.schema],
    );
    const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;
    if (tables.length) {
      await tx.query(`ANALYZE ${tables.map((t) => `${quote(db.schema)}.${quote(t.relname)}`).join(', ')}`);
    }
    return tx.query<{ relname: string }>(
      `SELECT c.relname FROM pg_class c
         JOIN pg_attribute a ON a.attrelid = c.oid AND a.attname = 'tenant_id' AND NOT a.attisdropped
        WHERE c.relnamespace = (SELECT oid FROM pg_namespace WHERE nspname = $1)
          AND c.relkind IN ('r', 'p') AND c.reltuples >= $2`,
      [db.schema, minRows],
    );
  });
  return new Set(rows.map((r) => r.relname));
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Index Cond'?: string;
  Plans?: PlanNode[];
}

/**
 * How the plan of `statement` reads the tables among `tables` without the tenant: a Seq Scan, or
 * an index scan whose index condition does not name tenant_id (a whole index read for one
 * tenant's rows). Planned as the application role inside a transaction of the statement's
 * tenant; EXPLAIN only, nothing runs.
 */
export async function scansWithoutTenant(
  db: Database,
  statement: TenantStatement,
  tables: ReadonlySet<string>,
): Promise<string[]> {
  const plan = await explain(db, statement);
  const found: string[] = [];
  const conditions = (node: PlanNode): string[] => [
    ...(node['Index Cond'] ? [node['Index Cond']] : []),
    ...(node.Plans ?? []).flatMap(conditions),
  ];
  const walk = (node: PlanNode) => {
    const table = node['Relation Name'];
    if (table && tables.has(table)) {
      const type = node['Node Type'];
      if (type === 'Seq Scan') found.push(`Seq Scan on ${table}`);
      else if (/^(Index Scan|Index Only Scan|Bitmap Heap Scan)$/.test(type)) {
        const conds = conditions(node);
        if (!conds.some((c) => /\btenant_id\b/.test(c))) {
          found.push(`${type} on ${table} by ${conds.join(' / ') || 'no condition'}`);
        }
      }
    }
    node.Plans?.forEach(walk);
  };
  walk(plan);
  return found;
}

/** The plan of `statement`, planned as the application role in its tenant's transaction. */
async function explain(db: Database, statement: TenantStatement): Promise<PlanNode> {
  const { rows } = await db.tenantTx(statement.tenantId, (tx) =>
    tx.query<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> | string }>(
      `EXPLAIN (FORMAT JSON) ${statement.sql}`,
      statement.params,
    ),
  );
  const raw = rows[0]!['QUERY PLAN'];
  // node-postgres parses the json column, PGlite may hand its text
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Array<{ Plan: PlanNode }>;
  return plan[0]!.Plan;
}

/**
 * The node types of `statement`'s plan, depth first, each scan with its table (`Index Scan on
 * bookings`), planned as the application role in its tenant's transaction.
 */
export async function planNodes(db: Database, statement: TenantStatement): Promise<string[]> {
  const types: string[] = [];
  const walk = (n: PlanNode) => {
    types.push(n['Relation Name'] ? `${n['Node Type']} on ${n['Relation Name']}` : n['Node Type']);
    n.Plans?.forEach(walk);
  };
  walk(await explain(db, statement));
  return types;
}

/**
 * Asserts that a list request read its page in order off `table`'s index: among `statements` the
 * one that selects the page (the keyset's `cursor_k0`) plans no Sort and an index scan of `table`,
 * never every row then sorted.
 */
export async function assertPageReadInOrder(
  db: Database,
  statements: readonly TenantStatement[],
  table: string,
  label: string,
): Promise<void> {
  const page = statements.filter((st) => st.sql.includes('cursor_k0'));
  assert.equal(page.length, 1, 'one statement selects the page');
  const nodes = await planNodes(db, page[0]!);
  assert.ok(
    !nodes.some((n) => /Sort/.test(n)) &&
      nodes.some((n) => new RegExp(`^Index (Only )?Scan on ${table}`).test(n)),
    `${label} reads its page in order: ${nodes.join(' > ')}`,
  );
}

/**
 * Every read among `statements` (SELECT, WITH, UPDATE, DELETE) whose plan reads one of `tables`
 * without the tenant (see scansWithoutTenant), described with the start of its SQL.
 */
export async function readsWithoutTenant(
  db: Database,
  statements: readonly TenantStatement[],
  tables: ReadonlySet<string>,
): Promise<string[]> {
  const problems: string[] = [];
  for (const s of statements) {
    if (!/^\s*(SELECT|WITH|UPDATE|DELETE)\b/i.test(s.sql) || /^\s*SELECT\s+set_config\(/i.test(s.sql))
      continue;
    const found = await scansWithoutTenant(db, s, tables);
    if (found.length)
      problems.push(`${found.join('; ')} in: ${s.sql.replace(/\s+/g, ' ').trim().slice(0, 160)}`);
  }
  return problems;
}
