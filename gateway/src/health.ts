import { performance } from 'node:perf_hooks';
import type { ServiceName } from '@venue/contracts';
import type { Replica, Upstreams } from './upstreams.ts';
import type { GatewayMiddleware } from './state.ts';

export interface ServiceHealth {
  /** Up when at least one replica answers. */
  status: 'up' | 'down';
  latencyMs: number;
  /** The release and schema the service reports (each replica's, with several). */
  version?: string;
  schema?: string | null;
  /** With more than one replica: each one's state. */
  replicas?: Array<{ url: string; status: 'up' | 'down'; latencyMs: number; version?: string }>;
}

interface Probe {
  up: boolean;
  latencyMs: number;
  version?: string;
  schema?: string | null;
}

export interface HealthReport {
  status: 'ok' | 'degraded';
  services: Partial<Record<ServiceName, ServiceHealth>>;
}

async function probe(replica: Replica, timeoutMs: number): Promise<Probe> {
  const started = performance.now();
  let up: boolean;
  let release: { version?: string; schema?: string | null } = {};
  try {
    const res = await replica.pool.request({
      method: 'GET',
      path: `${replica.basePath}/health`,
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
      // Covers connecting too, which headersTimeout does not.
      signal: AbortSignal.timeout(timeoutMs),
    });
    up = res.statusCode >= 200 && res.statusCode < 300;
    const body = (await res.body.json().catch(() => ({}))) as { version?: unknown; schema?: unknown };
    if (typeof body.version === 'string') release.version = body.version;
    if (typeof body.schema === 'string' || body.schema === null) release.schema = body.schema;
  } catch {
    up = false;
    release = {};
  }
  return { up, latencyMs: Math.round(performance.now() - started), ...release };
}

async function serviceHealth(
  upstreams: Upstreams,
  name: ServiceName,
  timeoutMs: number,
): Promise<ServiceHealth> {
  const replicas = upstreams.replicasOf(name);
  const results = await Promise.all(replicas.map((r) => probe(r, timeoutMs)));
  const up = results.filter((r) => r.up);
  const health: ServiceHealth = {
    status: up.length ? 'up' : 'down',
    latencyMs: Math.min(...(up.length ? up : results).map((r) => r.latencyMs)),
  };
  const first = up[0];
  if (first?.version !== undefined) health.version = first.version;
  if (first?.schema !== undefined) health.schema = first.schema;
  if (replicas.length > 1) {
    health.replicas = replicas.map((r, i) => ({
      url: r.origin + r.basePath,
      status: results[i]!.up ? 'up' : 'down',
      latencyMs: results[i]!.latencyMs,
      ...(results[i]!.version === undefined ? {} : { version: results[i]!.version }),
    }));
  }
  return health;
}

/** Every service's `/health`, probed in parallel so one hung service costs at most `timeoutMs`. */
export async function checkHealth(upstreams: Upstreams, timeoutMs: number): Promise<HealthReport> {
  const names = [...upstreams.targets.keys()];
  const results = await Promise.all(names.map((n) => serviceHealth(upstreams, n, timeoutMs)));
  const services: HealthReport['services'] = {};
  names.forEach((n, i) => (services[n] = results[i]));
  return { status: results.every((r) => r.status === 'up') ? 'ok' : 'degraded', services };
}

export function healthRoute(upstreams: Upstreams, timeoutMs: number): GatewayMiddleware {
  return async (ctx, next) => {
    if (ctx.path !== '/api/health') return next();
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await checkHealth(upstreams, timeoutMs);
  };
}
