import { Pool, type Dispatcher } from 'undici';
import type { ServiceName } from '@venue/contracts';
import type { ReplicaAddress, ServiceTarget } from './config.ts';
import { classifyUpstreamError } from './errors.ts';

/** One replica of a service with its keep-alive pool and whether it is believed to be up. */
export interface Replica extends ReplicaAddress {
  pool: Pool;
  /** Until when (ms since the epoch) requests avoid it after a failure; 0 when up. */
  downUntil: number;
}

/** How long a replica that refused a connection is left out before it is tried again. */
const DOWN_FOR_MS = 5_000;

export type UpstreamRequest = Omit<Dispatcher.RequestOptions, 'origin'>;

/**
 * The services' replicas and their connection pools, shared by proxying, identity look-ups and
 * health checks. Requests go round-robin over the replicas believed up; a replica that cannot be
 * reached is left out for a few seconds (or until the health watch sees it answer), and a request
 * that may be repeated is tried on another replica instead of failing.
 */
export class Upstreams {
  readonly targets: Map<ServiceName, ServiceTarget>;
  private readonly replicas = new Map<ServiceName, Replica[]>();
  private readonly turn = new Map<ServiceName, number>();
  private watch: NodeJS.Timeout | undefined;

  constructor(targets: Map<ServiceName, ServiceTarget>) {
    this.targets = targets;
    for (const [name, target] of targets) {
      this.replicas.set(
        name,
        target.replicas.map((address) => ({
          ...address,
          downUntil: 0,
          pool: new Pool(address.origin, {
            connections: 128,
            keepAliveTimeout: 30_000,
            // A host that does not answer the SYN is down, not slow: fail fast to the 503.
            connectTimeout: 5_000,
          }),
        })),
      );
    }
  }

  target(name: ServiceName): ServiceTarget {
    const t = this.targets.get(name);
    if (!t) throw new Error(`unknown service ${name}`);
    return t;
  }

  replicasOf(name: ServiceName): Replica[] {
    const r = this.replicas.get(name);
    if (!r) throw new Error(`unknown service ${name}`);
    return r;
  }

  /** The next replica to ask: round-robin over those believed up, else any not yet tried. */
  pick(name: ServiceName, tried: ReadonlySet<Replica> = new Set()): Replica | undefined {
    const all = this.replicasOf(name);
    const now = Date.now();
    const start = this.turn.get(name) ?? 0;
    this.turn.set(name, (start + 1) % all.length);
    let fallback: Replica | undefined;
    for (let i = 0; i < all.length; i++) {
      const r = all[(start + i) % all.length]!;
      if (tried.has(r)) continue;
      if (r.downUntil <= now) return r;
      fallback ??= r;
    }
    // All left are believed down: try one anyway rather than refuse without asking.
    return fallback;
  }

  markDown(replica: Replica): void {
    replica.downUntil = Date.now() + DOWN_FOR_MS;
  }

  /**
   * Sends a request (path relative to the service's base URL) to one replica. With `repeatable`
   * (the caller knows doing it twice is harmless), a replica that cannot be reached or answers 503
   * (it is stopping) is left out and the next one asked.
   */
  async request(
    name: ServiceName,
    options: UpstreamRequest,
    repeatable = false,
  ): Promise<Dispatcher.ResponseData & { replica: Replica }> {
    const tried = new Set<Replica>();
    for (;;) {
      const replica = this.pick(name, tried);
      if (!replica) throw new Error(`no replica of ${name}`);
      tried.add(replica);
      const another = repeatable && tried.size < this.replicasOf(name).length;
      let res: Dispatcher.ResponseData;
      try {
        res = await replica.pool.request({ ...options, path: replica.basePath + options.path });
      } catch (err) {
        if (options.signal && (options.signal as AbortSignal).aborted) throw err;
        if (classifyUpstreamError(err) === 'down') {
          this.markDown(replica);
          if (another) continue;
        }
        throw err;
      }
      if (res.statusCode === 503 && another) {
        await res.body.dump();
        this.markDown(replica);
        continue;
      }
      return Object.assign(res, { replica });
    }
  }

  /**
   * Probes every replica of services with more than one, so one that died is left out before a
   * request finds it and one that came back is used again.
   */
  startHealthWatch(intervalMs = 2_000, timeoutMs = 1_000): void {
    const many = [...this.replicas.values()].filter((r) => r.length > 1).flat();
    if (!many.length || this.watch) return;
    const probe = async (r: Replica) => {
      try {
        const res = await r.pool.request({
          method: 'GET',
          path: `${r.basePath}/health`,
          headersTimeout: timeoutMs,
          bodyTimeout: timeoutMs,
          signal: AbortSignal.timeout(timeoutMs),
        });
        await res.body.dump();
        if (res.statusCode >= 200 && res.statusCode < 300) r.downUntil = 0;
        else this.markDown(r);
      } catch {
        this.markDown(r);
      }
    };
    this.watch = setInterval(() => void Promise.all(many.map(probe)), intervalMs);
    this.watch.unref();
  }

  async close(): Promise<void> {
    if (this.watch) clearInterval(this.watch);
    const pools = [...this.replicas.values()].flat().map((r) => r.pool);
    await Promise.all(pools.map((p) => p.close().catch(() => p.destroy())));
  }
}
