import type { ParameterizedContext } from 'koa';

/**
 * The caller's address as services and the rate limiter should see it: `ctx.ip` (which honours
 * X-Forwarded-For only behind a trusted proxy), with the IPv4-mapped IPv6 form a dual-stack
 * listener reports (`::ffff:10.0.0.5`) reduced to plain IPv4 so one client has one key.
 */
export function clientIp(ctx: ParameterizedContext): string {
  const ip = ctx.ip;
  return ip.startsWith('::ffff:') && ip.includes('.') ? ip.slice(7) : ip;
}

/** The scheme the proxy in front says it was reached by, from its own headers; null if it says none. */
export function proxiedProtocol(headers: {
  'x-forwarded-proto'?: string | string[];
  forwarded?: string | string[];
}): 'http' | 'https' | null {
  const join = (v: string | string[] | undefined) => (Array.isArray(v) ? v.join(',') : (v ?? ''));
  // The last value is the one the nearest proxy wrote: one that appends (rather than replaces)
  // leaves what the client sent before it. As with the address, only that hop is believed.
  const xfp = join(headers['x-forwarded-proto']).split(',').at(-1)?.trim().toLowerCase();
  if (xfp === 'https' || xfp === 'http') return xfp;
  // RFC 7239 `Forwarded: for=…;proto=https`, for proxies that send only that; its last element.
  const element = join(headers.forwarded).split(',').at(-1) ?? '';
  for (const pair of element.split(';')) {
    const [name, value] = pair.split('=', 2).map((s) => s.trim());
    if (name?.toLowerCase() !== 'proto' || value === undefined) continue;
    const proto = value.replace(/^"(.*)"$/, '$1').toLowerCase();
    if (proto === 'https' || proto === 'http') return proto;
  }
  return null;
}

/**
 * The scheme the browser used, as the services should see it (admin marks the refresh cookie
 * `Secure` by it). A TLS connection to the gateway itself is https. Otherwise the proxy's word
 * (X-Forwarded-Proto, else Forwarded's `proto`) counts only behind a trusted proxy
 * (`TRUST_PROXY=true`): a client reaching the gateway directly cannot choose it.
 */
export function clientProtocol(ctx: ParameterizedContext): 'http' | 'https' {
  if ((ctx.req.socket as { encrypted?: boolean }).encrypted) return 'https';
  if (!ctx.app.proxy) return 'http';
  return proxiedProtocol(ctx.req.headers) ?? 'http';
}
