import { fileURLToPath } from 'node:url';
import { SERVICES, serviceUrlEnv, type ServiceDef, type ServiceName } from '@venue/contracts';

/** One running copy of a service. */
export interface ReplicaAddress {
  /** Origin the connection pool dials, e.g. `http://127.0.0.1:7101`. */
  origin: string;
  /** Path of the base URL without a trailing slash; '' unless the service sits behind a path. */
  basePath: string;
}

/** Where one service lives (one or more replicas) and how long the gateway waits for it. */
export interface ServiceTarget {
  def: ServiceDef;
  replicas: ReplicaAddress[];
  timeoutMs: number;
}

export type ServiceUrls = Partial<Record<ServiceName, string>>;
export type ServiceTimeouts = Partial<Record<ServiceName, number>>;

/**
 * Resolves every service in SERVICES to a target: explicit URL, else `<NAME>_URL`, else the
 * loopback default port the launcher uses. A comma-separated list names several replicas
 * (`BOOKINGS_URL=http://a:7103,http://b:7103`), which the gateway balances over.
 */
export function resolveTargets(
  urls: ServiceUrls = {},
  timeouts: ServiceTimeouts = {},
  env: NodeJS.ProcessEnv = process.env,
): Map<ServiceName, ServiceTarget> {
  const targets = new Map<ServiceName, ServiceTarget>();
  for (const def of SERVICES) {
    const raw = urls[def.name] ?? env[serviceUrlEnv(def.name)] ?? `http://127.0.0.1:${def.defaultPort}`;
    const replicas = raw
      .split(',')
      .map((one) => one.trim())
      .filter(Boolean)
      .map((one): ReplicaAddress => {
        let url: URL;
        try {
          url = new URL(one);
        } catch {
          throw new Error(`${serviceUrlEnv(def.name)} is not a valid URL: ${one}`);
        }
        if (url.protocol !== 'http:' && url.protocol !== 'https:') {
          throw new Error(`${serviceUrlEnv(def.name)} must be an http(s) URL: ${one}`);
        }
        return { origin: url.origin, basePath: url.pathname.replace(/\/+$/, '') };
      });
    if (!replicas.length) throw new Error(`${serviceUrlEnv(def.name)} names no URL`);
    targets.set(def.name, { def, replicas, timeoutMs: timeouts[def.name] ?? def.timeoutMs });
  }
  return targets;
}

/** The repository root (parent of `gateway/`): built bundles live in `shell/dist`, `mfe-<name>/dist`. */
export function defaultStaticRoot(env: NodeJS.ProcessEnv = process.env): string {
  return env.STATIC_ROOT || fileURLToPath(new URL('../../', import.meta.url));
}

export const DEFAULT_MAX_BODY_BYTES = 10 * 1024 * 1024;
