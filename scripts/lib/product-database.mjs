// A PostgreSQL database for a whole product (the browser tests' and the benchmarks'), laid out as
// decision 19 says: venue_owner owns the schemas and migrates, venue_app serves. The services'
// test databases are made by the kit (service-kit testing/database.ts), one schema per test.
import pg from 'pg';

/**
 * Makes `name` on the server `serverUrl` (a superuser's URL) unless it exists, with the two roles
 * and the extensions the migrations use. Returns the URLs the product is given and whether the
 * database was new. The extensions are asked for every time: a database made before bookings
 * migration 014 lacks the last two.
 */
export async function productDatabase(serverUrl, name) {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`a database name must be a plain name: ${name}`);
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  let created = false;
  try {
    if ((await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount === 0) {
      await admin.query(`CREATE DATABASE ${name}`);
      created = true;
      for (const role of ['venue_owner', 'venue_app']) {
        await admin.query(`DO $$ BEGIN IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '${role}')
          THEN CREATE ROLE ${role} LOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE; END IF; END $$`);
      }
      await admin.query(`GRANT CREATE, CONNECT ON DATABASE ${name} TO venue_owner`);
      await admin.query(`GRANT CONNECT ON DATABASE ${name} TO venue_app`);
    }
  } finally {
    await admin.end();
  }
  const superUrl = new URL(serverUrl);
  superUrl.pathname = `/${name}`;
  const inDb = new pg.Client({ connectionString: superUrl.toString() });
  await inDb.connect();
  try {
    await inDb.query('CREATE EXTENSION IF NOT EXISTS btree_gist');
    // bookings migration 014's tenant-led trigram index
    await inDb.query('CREATE EXTENSION IF NOT EXISTS btree_gin');
    await inDb.query('CREATE EXTENSION IF NOT EXISTS pg_trgm');
  } finally {
    await inDb.end();
  }
  const roleUrl = (role) => {
    const url = new URL(superUrl);
    url.username = role;
    url.password = '';
    return url.toString();
  };
  return {
    created,
    superUrl: superUrl.toString(),
    env: { DATABASE_URL: roleUrl('venue_app'), MIGRATION_DATABASE_URL: roleUrl('venue_owner') },
    /** Drops it, sessions and all (the browser tests' database lives for one run). */
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
      await client.end();
    },
  };
}
