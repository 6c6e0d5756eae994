/**
 * A test of one migration on what it meets: the service on a database migrated as the release
 * before that migration had it, then the release on the same database. Its own copy of the
 * migrations that sort before `migration`; on PGlite a data folder both starts share, with
 * TEST_DATABASE_URL a fresh schema.
 */
import { cp, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ServiceOptions } from '../kit.ts';
import { createTestDatabase } from './database.ts';
import { startTestService, type TestService } from './index.ts';

export interface BeforeMigration {
  /** The service as the release before `migration` ran it: write what the migration meets, then close it. */
  old: TestService;
  /** Starts the service as released on the same database (the migrations from `migration` on run). */
  release(): Promise<TestService>;
  /** Drops the database and the copied migrations. */
  drop(): Promise<void>;
}

/** `service` (its `migrationsDir` a URL) started on its migrations before `migration` ('015'). */
export async function startBeforeMigration(
  service: ServiceOptions,
  migration: string,
): Promise<BeforeMigration> {
  const all = new URL(String(service.migrationsDir));
  const dir = await mkdtemp(join(tmpdir(), `${service.name}-migrations-`));
  for (const f of await readdir(all)) if (f < migration) await cp(new URL(f, all), join(dir, f));
  const db = process.env.TEST_DATABASE_URL
    ? await createTestDatabase(`${service.name}_migration_${migration}`)
    : {
        config: { kind: 'pglite' as const, dataDir: join(dir, 'data') },
        schema: service.name,
        drop: async () => {},
      };
  const overrides = { database: db.config, schema: db.schema };
  const drop = async () => {
    await db.drop();
    await rm(dir, { recursive: true, force: true });
  };
  try {
    const old = await startTestService({ ...service, migrationsDir: pathToFileURL(`${dir}/`) }, overrides);
    return { old, release: () => startTestService(service, overrides), drop };
  } catch (err) {
    await drop();
    throw err;
  }
}
