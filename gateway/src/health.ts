import { performance } from 'node:perf_hooks';
import type { ServiceName } from '@venue/contracts';
import type { Upstreams } from './upstreams.ts';
import type { GatewayMiddleware } from './state.ts';

export interface ServiceHealth {
  status: 'up' | 'down';
  latencyMs: number;
}

export interface HealthReport {
  status: 'ok' | 'degraded';
  services: Partial<Record<ServiceName, ServiceHealth>>;
}

async function probe(upstreams: Upstreams, name: ServiceName, timeoutMs: number): Promise<ServiceHealth> {
  const started = performance.now();
  const target = upstreams.target(name);
  let up = false;
  try {
    const res = await upstreams.pool(name).request({
      method: 'GET',
      path: `${target.basePath}/health`,
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
  return { status: up ? 'up' : 'down', latencyMs: Math.round(performance.now() - started) };
}

/** Every service's `/health`, probed in parallel so one hung service costs at most `timeoutMs`. */
export async function checkHealth(upstreams: Upstreams, timeoutMs: number): Promise<HealthReport> {
  const names = [...upstreams.targets.keys()];
  const results = await Promise.all(names.map((n) => probe(upstreams, n, timeoutMs)));
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
