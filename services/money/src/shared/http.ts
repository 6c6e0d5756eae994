/** Small request helpers shared by money's routes. */
import { z } from 'zod';
import { badRequest, forbidden, OWN_TENANT_ONLY_MESSAGE, type AppContext } from '@venue/service-kit';

const uuid = z.uuid();

/** The path parameter `name` as a uuid, else 404-worthy null (an id that cannot exist). */
export function idParam(ctx: AppContext, name = 'id'): string | null {
  const v = (ctx.params as Record<string, string | undefined>)[name];
  return uuid.safeParse(v).success ? v! : null;
}

/** The caller's tenant (their own, or their owner's for a staff member). */
export function tenantOf(ctx: AppContext): string {
  return ctx.state.principal!.tenantId;
}

/** Who acted, as stored on money rows. */
export function actorOf(ctx: AppContext): string | null {
  const p = ctx.state.principal;
  return p ? p.email || p.userId : null;
}

/** A body field naming the tenant must name the caller's own. */
export function assertOwnTenant(ctx: AppContext, hallOwnerId: string | undefined): void {
  if (
    hallOwnerId !== undefined &&
    hallOwnerId !== tenantOf(ctx) &&
    ctx.state.principal?.role !== 'super_admin'
  )
    throw forbidden(OWN_TENANT_ONLY_MESSAGE);
}

/** The client's Idempotency-Key header, bounded, or undefined. */
export function idempotencyKey(ctx: AppContext): string | undefined {
  const v = ctx.get('idempotency-key');
  if (!v) return undefined;
  if (v.length > 200)
    throw badRequest('Idempotency-Key is too long.', {
      errors: [{ path: 'Idempotency-Key', message: 'At most 200 characters.' }],
    });
  return v;
}

/** Postgres unique violation. */
export const isUniqueViolation = (err: unknown, constraint?: string): boolean =>
  typeof err === 'object' &&
  err !== null &&
  (err as { code?: string }).code === '23505' &&
  (constraint === undefined || (err as { constraint?: string }).constraint === constraint);
