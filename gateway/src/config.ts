import { fileURLToPath } from 'node:url';
import { SERVICES, serviceUrlEnv, type ServiceDef, type ServiceName } from '@venue/contracts';

/** Where one service lives and how long the gateway waits for it. */
export interface ServiceTarget {
  def: ServiceDef;
  /** Origin the connection pool dials, e.g. `http://127.0.0.1:7101`. */
  origin: string;
  /** Path of the base URL without a trailing slash; '' unless the service sits behind a path. */
  basePath: string;
  timeoutMs: number;
}

export type ServiceUrls = Partial<Record<ServiceName, string>>;
export type ServiceTimeouts = Partial<Record<ServiceName, number>>;

/**
 * Resolves every service in SERVICES to a target: explicit URL, else `<NAME>_URL`, else the
 * loopback default port the launcher uses.
 */
export function resolveTargets(
  urls: ServiceUrls = {},
  timeouts: ServiceTimeouts = {},
  env: NodeJS.ProcessEnv = process.env,
): Map<ServiceName, ServiceTarget> {
  const targets = new Map<ServiceName, ServiceTarget>();
  for (const def of SERVICES) {
    const raw = urls[def.name] ?? env[serviceUrlEnv(def.name)] ?? `http://127.0.0.1:${def.defaultPort}`;
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      throw new Error(`${serviceUrlEnv(def.name)} is not a valid URL: ${raw}`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new Error(`${serviceUrlEnv(def.name)} must be an http(s) URL: ${raw}`);
    }
    targets.set(def.name, {
      def,
      origin: url.origin,
      basePath: url.pathname.replace(/\/+$/, ''),
      timeoutMs: timeouts[def.name] ?? def.timeoutMs,
    });
  }
  return targets;
}

/** The repository root (parent of `gateway/`): built bundles live in `shell/dist`, `mfe-<name>/dist`. */
export function defaultStaticRoot(env: NodeJS.ProcessEnv = process.env): string {
  return env.STATIC_ROOT || fileURLToPath(new URL('../../', import.meta.url));
}

export const DEFAULT_MAX_BODY_BYTES = 10 * 1024 * 1024;
