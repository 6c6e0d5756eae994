/** Small request helpers shared by money's routes. */
import { z } from 'zod';
import { badRequest, forbidden, OWN_TENANT_ONLY_MESSAGE, type AppContext } from '@venue/service-kit';

const uuid = z.uuid();

/** The path parameter `name` as a uuid, else 404-worthy null (an id that cannot exist). */
export function idParam(ctx: AppContext, name = 'id'): string | null {
  return uuidOrNull((ctx.params as Record<string, string | undefined>)[name]);
}

/** An id that is no uuid names nothing: null, which the loaders answer with a 404. */
export function uuidOrNull(id: string | undefined): string | null {
  return uuid.safeParse(id).success ? id! : null;
}

/** The caller's tenant (their own, or their owner's for a staff member; a customer's venue). */
export function tenantOf(ctx: AppContext): string {
  const customer = (ctx.state as Partial<AppContext['state']>).customer;
  return customer ? customer.tenantId : ctx.state.principal!.tenantId;
}

/**
 * The audit entry's actor when it is not a staff principal: a customer acting in the portal
 * (issue 25), so the venue's audit log names who accepted or declined. Staff: nothing (the kit
 * takes the principal).
 */
export function auditActor(ctx: AppContext): { actor?: { id: string; email: string; role: string } } {
  const customer = (ctx.state as Partial<AppContext['state']>).customer;
  return customer ? { actor: { id: customer.customerId, email: customer.email, role: 'customer' } } : {};
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
