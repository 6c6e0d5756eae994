import { Pool } from 'undici';
import type { ServiceName } from '@venue/contracts';
import type { ServiceTarget } from './config.ts';

/** One keep-alive connection pool per service, shared by proxying, identity look-ups and health checks. */
export class Upstreams {
  readonly targets: Map<ServiceName, ServiceTarget>;
  private readonly pools = new Map<ServiceName, Pool>();

  constructor(targets: Map<ServiceName, ServiceTarget>) {
    this.targets = targets;
    for (const [name, target] of targets) {
      this.pools.set(
        name,
        new Pool(target.origin, {
          connections: 128,
          keepAliveTimeout: 30_000,
          // A host that does not answer the SYN is down, not slow: fail fast to the 503.
          connectTimeout: 5_000,
        }),
      );
    }
  }

  target(name: ServiceName): ServiceTarget {
    const t = this.targets.get(name);
    if (!t) throw new Error(`unknown service ${name}`);
    return t;
  }

  pool(name: ServiceName): Pool {
    const p = this.pools.get(name);
    if (!p) throw new Error(`unknown service ${name}`);
    return p;
  }

  async close(): Promise<void> {
    await Promise.all([...this.pools.values()].map((p) => p.close().catch(() => p.destroy())));
  }
}
