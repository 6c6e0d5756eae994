import { performance } from 'node:perf_hooks';
import type { ServiceName } from '@venue/contracts';
import type { Replica, Upstreams } from './upstreams.ts';
import type { GatewayMiddleware } from './state.ts';

export interface ServiceHealth {
  /** Up when at least one replica answers. */
  status: 'up' | 'down';
  latencyMs: number;
  /** With more than one replica: each one's state. */
  replicas?: Array<{ url: string; status: 'up' | 'down'; latencyMs: number }>;
}

export interface HealthReport {
  status: 'ok' | 'degraded';
  services: Partial<Record<ServiceName, ServiceHealth>>;
}

async function probe(replica: Replica, timeoutMs: number): Promise<{ up: boolean; latencyMs: number }> {
  const started = performance.now();
  let up = false;
  try {
    const res = await replica.pool.request({
      method: 'GET',
      path: `${replica.basePath}/health`,
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
      // Covers connecting too, which headersTimeout does not.
      signal: AbortSignal.timeout(timeoutMs),
    });
    await res.body.dump();
    up = res.statusCode >= 200 && res.statusCode < 300;
  } catch {
    up = false;
  }
  return { up, latencyMs: Math.round(performance.now() - started) };
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
  if (replicas.length > 1) {
    health.replicas = replicas.map((r, i) => ({
      url: r.origin + r.basePath,
      status: results[i]!.up ? 'up' : 'down',
      latencyMs: results[i]!.latencyMs,
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
