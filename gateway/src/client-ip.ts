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
