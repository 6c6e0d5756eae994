import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { warnOnce, type Driver, type Session } from './driver.ts';
import { IDEMPOTENCY_KEYS_TABLE } from './idempotency-keys.ts';

/** Tables the kit itself owns in every service schema. */
const KIT_TABLES = `
  CREATE TABLE IF NOT EXISTS schema_migrations (
    name text PRIMARY KEY,
    applied_at timestamptz NOT NULL DEFAULT now()
  );
  CREATE TABLE IF NOT EXISTS outbox (
    id uuid PRIMARY KEY,
    seq bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
    type text NOT NULL,
    version integer NOT NULL DEFAULT 1,
    source text NOT NULL,
    tenant_id text,
    occurred_at timestamptz NOT NULL DEFAULT now(),
    data jsonb NOT NULL,
    delivered_at timestamptz,
    acked text[] NOT NULL DEFAULT '{}',
    attempts integer NOT NULL DEFAULT 0,
    next_attempt_at timestamptz,
    last_error text
  );
  CREATE INDEX IF NOT EXISTS outbox_undelivered ON outbox (seq) WHERE delivered_at IS NULL;
  -- The payload's schema version (EVENTS in contracts), added after the table: rows from before
  -- are version 1. Looked up first, so a start that changes nothing takes no table lock.
  DO $$ BEGIN
    IF NOT EXISTS (SELECT 1 FROM information_schema.columns
                    WHERE table_schema = current_schema() AND table_name = 'outbox' AND column_name = 'version') THEN
      ALTER TABLE outbox ADD COLUMN version integer NOT NULL DEFAULT 1;
    END IF;
  END $$;
  CREATE TABLE IF NOT EXISTS inbox (
    event_id uuid PRIMARY KEY,
    processed_at timestamptz NOT NULL DEFAULT now()
  );
${IDEMPOTENCY_KEYS_TABLE}
  -- Planner statistics for the schema's tables that have none or whose rows moved since
  -- (autovacuum's default threshold), for the kit's statistics job (db/statistics.ts). The
  -- owner's (SECURITY DEFINER): ANALYZE needs the table's owner, and the application role runs
  -- the job. Its search_path is the schema's, fixed when created.
  DO $$ BEGIN
    IF NOT EXISTS (SELECT 1 FROM pg_proc WHERE proname = 'kit_refresh_statistics'
                                           AND pronamespace = current_schema()::regnamespace) THEN
      EXECUTE $create$
        CREATE FUNCTION kit_refresh_statistics() RETURNS integer
        LANGUAGE plpgsql SECURITY DEFINER SET search_path FROM CURRENT AS $fn$
        DECLARE
          r record;
          n integer := 0;
        BEGIN
          FOR r IN
            SELECT s.relid::regclass AS rel FROM pg_catalog.pg_stat_user_tables s
             WHERE s.schemaname = current_schema()
               AND (coalesce(s.last_analyze, s.last_autoanalyze) IS NULL
                    OR s.n_mod_since_analyze > 50 + 0.1 * s.n_live_tup)
             ORDER BY s.relid
          LOOP
            EXECUTE format('ANALYZE %s', r.rel);
            n := n + 1;
          END LOOP;
          RETURN n;
        END $fn$
      $create$;
    END IF;
  END $$;`;

/**
 * Row-level security on the outbox and inbox (decision 0019), in place once and left alone
 * afterwards (no lock taken on a start that changes nothing).
 *
 * Outbox: a tenant transaction writes events for any tenant or none, as the code does (an audit
 * entry about another tenant's account, platform events), but reads back only its own tenant's;
 * updating and deleting (the relay marking and pruning) happen outside tenant transactions, in
 * the system scope or with no tenant set at all, which is how the relay runs. Inbox: event ids
 * only, touched by consumers in system transactions; a tenant transaction sees none.
 */
const NO_TENANT = `(SELECT nullif(current_setting('app.tenant_id', true), '')) IS NULL`;
const KIT_RLS = `
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['outbox', 'inbox'] LOOP
    IF NOT (SELECT relrowsecurity AND relforcerowsecurity FROM pg_class WHERE oid = t::regclass) THEN
      EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
      EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    END IF;
  END LOOP;
  IF NOT EXISTS (SELECT 1 FROM pg_policy WHERE polrelid = 'outbox'::regclass) THEN
    CREATE POLICY outbox_read ON outbox FOR SELECT
      USING (${NO_TENANT} OR tenant_id = (SELECT nullif(current_setting('app.tenant_id', true), '')));
    CREATE POLICY outbox_write ON outbox FOR INSERT WITH CHECK (true);
    CREATE POLICY outbox_relay_update ON outbox FOR UPDATE USING (${NO_TENANT});
    CREATE POLICY outbox_relay_delete ON outbox FOR DELETE USING (${NO_TENANT});
  END IF;
  IF NOT EXISTS (SELECT 1 FROM pg_policy WHERE polrelid = 'inbox'::regclass) THEN
    CREATE POLICY inbox_outside_tenants ON inbox USING (${NO_TENANT}) WITH CHECK (${NO_TENANT});
  END IF;
END $$;
`;

/**
 * The application role gets, on every table of the schema, the DML privileges the table's owner
 * holds itself: SELECT, INSERT, UPDATE, DELETE unless a migration revoked one from CURRENT_USER
 * (audit_log keeps SELECT and INSERT), and SELECT only on schema_migrations; USAGE and SELECT
 * on sequences; never ownership, TRUNCATE, REFERENCES or TRIGGER; nothing on a table with
 * row-level security and no policy for PUBLIC or the application role (the owner's alone). Default privileges give tables
 * the owner creates later the same DML. Grants and revokes only what differs, so a start that
 * changes nothing writes nothing. `venue.app_role` carries the role name into the block.
 */
const GRANT_TO_APP = `
DO $$
DECLARE
  app text := current_setting('venue.app_role');
  app_oid oid := (SELECT oid FROM pg_roles WHERE rolname = current_setting('venue.app_role'));
  ns oid := (SELECT oid FROM pg_namespace WHERE nspname = current_schema());
  r record;
  p text;
  want boolean;
  has boolean;
BEGIN
  IF NOT has_schema_privilege(app_oid, ns, 'USAGE') THEN
    EXECUTE format('GRANT USAGE ON SCHEMA %I TO %I', current_schema(), app);
  END IF;
  IF NOT EXISTS (
    SELECT 1 FROM pg_default_acl d, aclexplode(d.defaclacl) a
     WHERE d.defaclrole = (SELECT oid FROM pg_roles WHERE rolname = current_user)
       AND d.defaclnamespace = ns AND d.defaclobjtype = 'r' AND a.grantee = app_oid
  ) THEN
    EXECUTE format('ALTER DEFAULT PRIVILEGES IN SCHEMA %I GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO %I',
                   current_schema(), app);
    EXECUTE format('ALTER DEFAULT PRIVILEGES IN SCHEMA %I GRANT USAGE, SELECT ON SEQUENCES TO %I',
                   current_schema(), app);
  END IF;
  FOR r IN
    SELECT c.oid, c.oid::regclass::text AS rel, c.relname, c.relkind, c.relowner, c.relacl
      FROM pg_class c
     WHERE c.relnamespace = ns AND c.relkind IN ('r', 'p', 'v', 'm', 'f', 'S') AND c.relowner <> app_oid
  LOOP
    FOREACH p IN ARRAY CASE WHEN r.relkind = 'S' THEN ARRAY['USAGE', 'SELECT', 'UPDATE']
                            ELSE ARRAY['SELECT', 'INSERT', 'UPDATE', 'DELETE', 'TRUNCATE', 'REFERENCES', 'TRIGGER'] END
    LOOP
      has := EXISTS (SELECT 1 FROM aclexplode(r.relacl) a WHERE a.grantee = app_oid AND a.privilege_type = p);
      want := CASE
        WHEN r.relkind = 'S' THEN p <> 'UPDATE'
        WHEN r.relname = 'schema_migrations' THEN p = 'SELECT'
        -- row-level security on and no policy for PUBLIC or the application role: no row could
        -- ever be its, so no privilege either (the owner's alone, reached through its SECURITY
        -- DEFINER functions: bookings' booking_search, migration 014)
        WHEN (SELECT c.relrowsecurity FROM pg_class c WHERE c.oid = r.oid)
             AND NOT EXISTS (SELECT 1 FROM pg_policy pol
                              WHERE pol.polrelid = r.oid AND (0 = ANY (pol.polroles) OR app_oid = ANY (pol.polroles)))
          THEN false
        ELSE p IN ('SELECT', 'INSERT', 'UPDATE', 'DELETE') AND has_table_privilege(r.relowner, r.oid, p)
      END;
      IF want AND NOT has THEN
        EXECUTE format('GRANT %s ON %s %s TO %I', p, CASE WHEN r.relkind = 'S' THEN 'SEQUENCE' ELSE 'TABLE' END, r.rel, app);
      ELSIF has AND NOT want THEN
        EXECUTE format('REVOKE %s ON %s %s FROM %I', p, CASE WHEN r.relkind = 'S' THEN 'SEQUENCE' ELSE 'TABLE' END, r.rel, app);
      END IF;
    END LOOP;
  END LOOP;
END $$;
`;

interface Migration {
  name: string;
  sql: string;
}

/** Names and texts of `*.sql` files in `dir`, in name order (001_init.sql, 002_x.sql …). */
export async function readMigrations(dir: URL | string | undefined): Promise<Migration[]> {
  if (!dir) return [];
  const path = typeof dir === 'string' ? dir : fileURLToPath(dir);
  let names: string[];
  try {
    names = (await readdir(path)).filter((n) => n.endsWith('.sql')).sort();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
  return Promise.all(
    names.map(async (name) => ({ name, sql: await readFile(`${path.replace(/\/$/, '')}/${name}`, 'utf8') })),
  );
}

/**
 * Applies the kit tables and then each pending migration once, each in its own transaction
 * holding an advisory lock on the schema, so replicas starting together do not race; then grants
 * the application role what it uses. Runs as the schema's owner (`driver.withOwner`); see
 * docs/decisions/0019-database-roles.md for server mode without MIGRATION_DATABASE_URL.
 * Returns the names applied by this call.
 */
export async function migrate(
  driver: Driver,
  schema: string,
  dir: URL | string | undefined,
): Promise<string[]> {
  const migrations = await readMigrations(dir);
  if (!driver.withOwner) return migrateWithoutOwner(driver, schema, migrations);
  const key = createHash('sha256')
    .update(JSON.stringify([schema, KIT_TABLES, KIT_RLS, GRANT_TO_APP, migrations]))
    .digest('hex');
  if (await driver.reuseMigrated?.(key)) return [];
  const applied = await driver.withOwner((owner, appRole) => migrateAs(owner, schema, migrations, appRole));
  driver.keepMigrated?.(key);
  return applied;
}

/** Server mode without MIGRATION_DATABASE_URL. */
async function migrateWithoutOwner(
  driver: Driver,
  schema: string,
  migrations: Migration[],
): Promise<string[]> {
  const { rows } = await driver.query<{ me: string; owner: string | null }>(
    `SELECT current_user AS me, (SELECT nspowner::regrole::text FROM pg_namespace WHERE nspname = $1) AS owner`,
    [schema],
  );
  const { me, owner } = rows[0]!;
  if (owner === null || owner === me || owner === `"${me}"`) {
    // An install from before decision 0019: the application role owns (or creates) the schema.
    warnOnce(
      `legacy:${schema}`,
      `Database role "${me}" owns schema "${schema}" and runs its migrations, so it could switch ` +
        'row-level security off. Set MIGRATION_DATABASE_URL to an owner role and hand the schema over ' +
        '(docs/decisions/0019-database-roles.md).',
    );
    if (owner === null) await driver.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
    return migrateAs(driver, schema, migrations, null);
  }
  // Another role owns the schema: migrating is its job (a release step with MIGRATION_DATABASE_URL).
  let applied = new Set<string>();
  try {
    const done = await driver.query<{ name: string }>(`SELECT name FROM "${schema}".schema_migrations`);
    applied = new Set(done.rows.map((r) => r.name));
  } catch (err) {
    // undefined_table, or no USAGE granted yet: the owner has not migrated this schema at all
    if (!['42P01', '42501'].includes((err as { code?: string }).code ?? '')) throw err;
  }
  const pending = migrations.map((m) => m.name).filter((n) => !applied.has(n));
  // The kit's own tables change too (outbox.version): the owner applies that with the rest.
  if (applied.size > 0) {
    const kit = await driver.query(
      `SELECT 1 FROM information_schema.columns WHERE table_schema = $1 AND table_name = 'outbox' AND column_name = 'version'`,
      [schema],
    );
    if (kit.rowCount === 0) pending.push('kit: outbox.version');
  }
  if (applied.size === 0 || pending.length > 0) {
    throw new Error(
      `Schema "${schema}" belongs to role ${owner} and has migrations to apply` +
        `${pending.length ? ` (${pending.join(', ')})` : ''}: set MIGRATION_DATABASE_URL to that role ` +
        `(the service connects as "${me}" for requests only).`,
    );
  }
  return [];
}

async function migrateAs(
  driver: Driver,
  schema: string,
  migrations: Migration[],
  appRole: string | null,
): Promise<string[]> {
  const lockKey = `venue.migrate.${schema}`;
  const locked = async <T>(fn: (s: Session) => Promise<T>) =>
    driver.transaction(async (s) => {
      await s.query('SELECT pg_advisory_xact_lock(hashtext($1))', [lockKey]);
      await s.query("SELECT set_config('search_path', $1, true)", [`"${schema}", public`]);
      return fn(s);
    });

  await locked(async (s) => {
    await ownSchema(s, schema);
    await s.exec(KIT_TABLES);
    await s.exec(KIT_RLS);
  });

  const applied: string[] = [];
  for (const m of migrations) {
    const ran = await locked(async (s) => {
      const done = await s.query('SELECT 1 FROM schema_migrations WHERE name = $1', [m.name]);
      if (done.rowCount > 0) return false;
      try {
        await s.exec(m.sql);
      } catch (err) {
        throw new Error(`Migration ${m.name} failed: ${(err as Error).message}`, { cause: err });
      }
      await s.query('INSERT INTO schema_migrations (name) VALUES ($1)', [m.name]);
      return true;
    });
    if (ran) applied.push(m.name);
  }

  await locked(async (s) => {
    const me = (await s.query<{ me: string }>('SELECT current_user AS me')).rows[0]!.me;
    if (appRole && appRole !== me) {
      await s.query("SELECT set_config('venue.app_role', $1, true)", [appRole]);
      await s.exec(GRANT_TO_APP);
    }
    await warnAboutSchema(s, schema, appRole);
  });
  return applied;
}

/** Creates the schema, or checks that the migrating role owns it (else CREATE TABLE would fail obscurely). */
async function ownSchema(s: Session, schema: string): Promise<void> {
  const { rows } = await s.query<{ me: string; owner: string | null; su: boolean }>(
    `SELECT current_user AS me, rolsuper AS su,
            (SELECT nspowner::regrole::text FROM pg_namespace WHERE nspname = $1) AS owner
       FROM pg_roles WHERE rolname = current_user`,
    [schema],
  );
  const { me, owner, su } = rows[0]!;
  if (owner === null) {
    await s.exec(`CREATE SCHEMA "${schema}"`);
  } else if (owner !== me && owner !== `"${me}"` && !su) {
    throw new Error(
      `Schema "${schema}" belongs to role ${owner}, so role "${me}" cannot migrate it. Hand it over once, ` +
        `as a superuser: ALTER SCHEMA "${schema}" OWNER TO "${me}"; REASSIGN OWNED BY ${owner} TO "${me}"; ` +
        '(docs/decisions/0019-database-roles.md).',
    );
  }
}

/** Loud about what still undoes least privilege or the tenant indexes. */
async function warnAboutSchema(s: Session, schema: string, appRole: string | null): Promise<void> {
  const { rows } = await s.query<{ kind: string; name: string }>(
    `SELECT 'owned' AS kind, c.relname AS name FROM pg_class c
      WHERE c.relnamespace = (SELECT oid FROM pg_namespace WHERE nspname = $1)
        AND c.relkind IN ('r', 'p') AND c.relowner = (SELECT oid FROM pg_roles WHERE rolname = $2)
     UNION ALL
     SELECT 'policy', c.relname FROM pg_policy p JOIN pg_class c ON c.oid = p.polrelid
      WHERE c.relnamespace = (SELECT oid FROM pg_namespace WHERE nspname = $1)
        AND pg_get_expr(p.polqual, p.polrelid) LIKE '%(tenant_id)::text = current_setting(%'
     ORDER BY 1, 2`,
    [schema, appRole ?? ''],
  );
  const named = (kind: string) => rows.filter((r) => r.kind === kind).map((r) => r.name);
  const owned = named('owned');
  if (appRole && owned.length > 0) {
    warnOnce(
      `owned:${owned.join()}`,
      `The application role "${appRole}" owns tables of schema "${schema}" (${owned.join(', ')}): it could ` +
        'disable their row-level security. Migrate as an owner role (docs/decisions/0019-database-roles.md).',
    );
  }
  const casts = named('policy');
  if (casts.length > 0) {
    warnOnce(
      `casts:${casts.join()}`,
      `Row-level security policies of schema "${schema}" cast tenant_id to text (${casts.join(', ')}), which ` +
        "keeps tenant indexes from serving them: compare tenant_id = (SELECT nullif(current_setting('app.tenant_id', true), '')::uuid).",
    );
  }
}
