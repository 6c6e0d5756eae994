// `node scripts/db-types.mjs`: writes services/<service>/src/db/schema.generated.ts, each service's
// tables as Kysely types, read from the database its migrations make (issue 28 item 1). Each
// service's migrations run on a fresh in-memory PGlite through the service kit's own `migrate`,
// as the service runs them at start, and the tables and columns are read back from pg_catalog.
// The service's schema.ts narrows a few of these columns (db/refine.ts in the kit).
// `--check` writes nothing and exits 1 when a file is not what its migrations make (npm test).
// Service names after it (`node scripts/db-types.mjs money`) limit it to those.
//
// A small generator rather than kysely-codegen: that one reads the database through Kysely's
// introspector, which tells a default from a stored generated column or an identity ALWAYS
// by neither (all three become insertable `Generated`), and its type names would need mapping
// one by one to what the kit's drivers return; here the mapping is the table below.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as prettier from 'prettier';
import { openDriver } from '../packages/service-kit/src/db/database.ts';
import { migrate } from '../packages/service-kit/src/db/migrations.ts';

const root = path.resolve(import.meta.dirname, '..');
const check = process.argv.includes('--check');

/**
 * The kit's own tables (packages/service-kit/src/db/migrations.ts), in every service schema:
 * the kit alone reads and writes them, so they are no service's to query.
 */
const KIT_TABLES = new Set(['schema_migrations', 'outbox', 'inbox', 'idempotency_keys']);

/**
 * What the kit's drivers (node-postgres and PGlite alike) return for a PostgreSQL type, and
 * accept for it. A type not here stops the script: what it reads as is decided here, once.
 */
const TYPES = {
  text: 'string',
  varchar: 'string',
  bpchar: 'string',
  uuid: 'string',
  // time of day: PGlite and node-postgres both leave it as text
  time: 'string',
  inet: 'string',
  int2: 'number',
  int4: 'number',
  float4: 'number',
  float8: 'number',
  // the kit's int8 parser (db/int8.ts): a number while it is a safe integer (cents, counts, ids)
  int8: 'number',
  numeric: 'Numeric',
  bool: 'boolean',
  timestamptz: 'Timestamp',
  // a Date as read; the code selects it as yyyy-MM-dd text (dateText), so both drivers agree
  date: 'CalendarDate',
  // parsed when read, written as JSON text (node-postgres would send an array as a PostgreSQL array)
  jsonb: 'Json',
  json: 'Json',
  // a Buffer from node-postgres (a Uint8Array), a Uint8Array from PGlite
  bytea: 'Uint8Array',
};
/** Types of the kit (packages/service-kit/src/db/columns.ts, refine.ts) the output may use. */
const KIT_TYPES = ['CalendarDate', 'Computed', 'HasDefault', 'InsertOnly', 'Json', 'Numeric', 'Timestamp'];

/**
 * Services with migrations (each migrates into the schema named after it, service.ts), or those
 * named on the command line (`node scripts/db-types.mjs money`).
 */
function services() {
  const all = readdirSync(path.join(root, 'services'))
    .filter((name) => existsSync(path.join(root, 'services', name, 'migrations')))
    .sort();
  const named = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
  const unknown = named.filter((name) => !all.includes(name));
  if (unknown.length) throw new Error(`No service with migrations named ${unknown.join(', ')}`);
  return named.length ? all.filter((name) => named.includes(name)) : all;
}

const COLUMNS = `
  SELECT c.relname AS table, c.relkind AS kind, a.attname AS column, a.atttypid AS type,
         a.attnotnull AS not_null, a.atthasdef AS has_default, a.attidentity AS identity,
         a.attgenerated AS generated,
         has_column_privilege(c.oid, a.attnum, 'INSERT') AS can_insert,
         has_column_privilege(c.oid, a.attnum, 'UPDATE') AS can_update
    FROM pg_catalog.pg_class c
    JOIN pg_catalog.pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
   WHERE c.relnamespace = $1::regnamespace AND c.relkind IN ('r', 'p', 'v', 'm') AND NOT c.relispartition
     AND has_column_privilege(c.oid, a.attnum, 'SELECT')
   ORDER BY c.relname, a.attnum`;
const PG_TYPES = `
  SELECT t.oid, t.typname AS name, t.typtype AS kind, t.typelem AS element, t.typbasetype AS base,
         t.typcategory AS category,
         (SELECT array_agg(e.enumlabel ORDER BY e.enumsortorder) FROM pg_catalog.pg_enum e
           WHERE e.enumtypid = t.oid) AS labels
    FROM pg_catalog.pg_type t`;

/** Tables and columns of `schema` after the service kit has migrated it, as the catalogue says. */
async function readSchema(service) {
  const schema = service.replace(/-/g, '_');
  const driver = await openDriver({ kind: 'pglite', dataDir: 'memory://' }, schema);
  try {
    await migrate(driver, schema, path.join(root, 'services', service, 'migrations'));
    // As the application role, the way the service queries: what it may not read is left out
    // (bookings' booking_search, the owner's alone), what it may not write is typed so
    // (admin's audit_log, append-only). pg_catalog rather than information_schema, whose
    // columns view leaves out columns but not why.
    const columns = (await driver.query(COLUMNS, [`"${schema}"`])).rows;
    const types = new Map((await driver.query(PG_TYPES)).rows.map((t) => [t.oid, t]));
    return { schema, columns, types };
  } finally {
    await driver.close();
  }
}

/** The TypeScript type of a value of PostgreSQL type `oid`. */
function tsType(oid, types, where) {
  const t = types.get(oid);
  if (!t) throw new Error(`${where}: unknown type oid ${oid}`);
  if (t.kind === 'd') return tsType(t.base, types, where);
  if (t.kind === 'e') return t.labels.map((l) => `'${l.replace(/[\\']/g, '\\$&')}'`).join(' | ');
  // a range: its text (bookings' slots are written through tstzrange(…) in the sql tag)
  if (t.kind === 'r') return 'string';
  if (t.category === 'A' && t.element) {
    const element = tsType(t.element, types, where);
    return /^[A-Za-z]+$/.test(element) ? `${element}[]` : `(${element})[]`;
  }
  const mapped = TYPES[t.name];
  if (!mapped) {
    throw new Error(
      `${where}: no TypeScript type for PostgreSQL type "${t.name}": add it to TYPES in scripts/db-types.mjs ` +
        'as both drivers return it',
    );
  }
  return mapped;
}

/** The Kysely column type: nullability, and whether an insert may or may not give it. */
function columnType(col, types, where) {
  let type = tsType(col.type, types, where);
  // a view's column is nullable to the catalogue whatever it selects
  if (!col.not_null) type = `${type} | null`;
  // A stored generated column, an identity ALWAYS, a view's column: the database alone writes
  // them; so does a trigger, which the catalogue does not tell (schema.ts says so with Computed).
  const computed = col.generated === 's' || col.identity === 'a' || col.kind === 'v' || col.kind === 'm';
  const insert = col.can_insert && !computed;
  const update = col.can_update && !computed;
  if (!insert && !update) return `Computed<${type}>`;
  if (col.has_default || col.identity === 'd') type = `HasDefault<${type}>`;
  if (insert && !update) return `InsertOnly<${type}>`;
  if (!insert)
    throw new Error(`${where}: may be updated but not inserted; say in db-types.mjs how to type it`);
  return type;
}

const pascal = (name) => name.replace(/(^|_)([a-z0-9])/g, (_, __, c) => c.toUpperCase());
const key = (name) => (/^[a-z_][a-z0-9_]*$/.test(name) ? name : `'${name}'`);

function render(service, { columns, types }) {
  const tables = new Map();
  for (const col of columns) {
    if (KIT_TABLES.has(col.table)) continue;
    const lines = tables.get(col.table) ?? [];
    lines.push(`  ${key(col.column)}: ${columnType(col, types, `${service}: ${col.table}.${col.column}`)};`);
    tables.set(col.table, lines);
  }
  const body = [...tables].map(
    ([table, lines]) => `export interface ${pascal(table)}Table {\n${lines.join('\n')}\n}\n`,
  );
  const db = [...tables.keys()].map((table) => `  ${key(table)}: ${pascal(table)}Table;`);
  const text = `${body.join('\n')}\nexport interface DB {\n${db.join('\n')}\n}\n`;
  const used = KIT_TYPES.filter((name) => new RegExp(`\\b${name}\\b`).test(text));
  return `/**
 * ${service}'s tables as its migrations make them, generated by \`node scripts/db-types.mjs\` from
 * services/${service}/migrations/*.sql (migrated by the service kit, read back from the catalogue):
 * do not edit. Run the script after adding a migration; \`npm test\` fails while this is stale.
 * Narrower types for some columns (statuses, jsonb shapes) are in schema.ts.
 */
import type { ${used.join(', ')} } from '@venue/service-kit';

${text}`;
}

async function main() {
  let stale = 0;
  for (const service of services()) {
    const file = path.join(root, 'services', service, 'src', 'db', 'schema.generated.ts');
    const options = (await prettier.resolveConfig(file)) ?? {};
    const text = await prettier.format(render(service, await readSchema(service)), {
      ...options,
      parser: 'typescript',
      filepath: file,
    });
    const current = existsSync(file) ? readFileSync(file, 'utf8') : null;
    const relative = path.relative(root, file);
    if (current === text) continue;
    if (check) {
      stale++;
      console.error(`[db-types] ${relative} is not what services/${service}/migrations make`);
    } else {
      writeFileSync(file, text);
      console.log(`[db-types] wrote ${relative}`);
    }
  }
  if (stale) {
    console.error('[db-types] run `node scripts/db-types.mjs` and commit the result');
    process.exit(1);
  }
  if (check) console.log('[db-types] the database types are those of the migrations');
}

await main();
