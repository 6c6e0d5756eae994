/**
 * Where a service answers (split from relay.ts, issue 28 item 2): the relay's subscribers and the
 * internal client's calls find a service's base URL here.
 */
import { GATEWAY_DEFAULT_PORT, SERVICES } from '@venue/contracts';

/**
 * Base URLs of a service: `<NAME>_URL` (a comma-separated list when it runs as several
 * replicas), else its default port on loopback.
 */
export function serviceUrls(name: string): string[] {
  const fromEnv = process.env[`${name.toUpperCase().replace(/-/g, '_')}_URL`];
  if (fromEnv) {
    const list = fromEnv
      .split(',')
      .map((u) => u.trim().replace(/\/+$/, ''))
      .filter(Boolean);
    if (list.length) return list;
  }
  if (name === 'gateway') return [`http://127.0.0.1:${GATEWAY_DEFAULT_PORT}`];
  const def = SERVICES.find((s) => s.name === name);
  if (!def) throw new Error(`No URL for subscriber "${name}": set ${name.toUpperCase()}_URL`);
  return [`http://127.0.0.1:${def.defaultPort}`];
}

const turns = new Map<string, number>();

/** One base URL of a service, taking its replicas in turn (a retry thus asks the next one). */
export function serviceUrl(name: string): string {
  const list = serviceUrls(name);
  if (list.length === 1) return list[0]!;
  const turn = turns.get(name) ?? 0;
  turns.set(name, (turn + 1) % list.length);
  return list[turn % list.length]!;
}
