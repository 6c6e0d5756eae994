import { readdirSync, readFileSync } from 'node:fs';

export interface ServiceVersion {
  /** The release running: `SERVICE_VERSION` (an image tag, a commit) or the package's version. */
  version: string;
  /** The newest migration this release ships, i.e. the schema it expects. */
  schema: string | null;
}

/**
 * What `/health` reports so a rolling deploy can see which release and which schema each
 * replica runs (issue 15). The service's package.json sits next to its migrations folder.
 */
export function serviceVersion(migrationsDir: URL | string | undefined, env = process.env): ServiceVersion {
  let version = env.SERVICE_VERSION || 'unknown';
  let schema: string | null = null;
  if (migrationsDir) {
    const dir = typeof migrationsDir === 'string' ? migrationsDir : migrationsDir.pathname;
    try {
      if (!env.SERVICE_VERSION) {
        const pkg = JSON.parse(
          readFileSync(new URL('../package.json', `file://${dir.replace(/\/?$/, '/')}`), 'utf8'),
        );
        version = String(pkg.version ?? version);
      }
    } catch {
      // no package.json beside it (a test's made-up service): the version stays unknown
    }
    try {
      schema =
        readdirSync(dir)
          .filter((f) => f.endsWith('.sql'))
          .sort()
          .at(-1)
          ?.replace(/\.sql$/, '') ?? null;
    } catch {
      schema = null;
    }
  }
  return { version, schema };
}
