import type { Principal } from '@venue/contracts';
import type { AppContext } from '@venue/service-kit';

/**
 * Whose figures a Reports call reads: the caller's venue, or for a super admin the hall owner
 * named by `hallOwnerId` (requireTenantParam checked it). Not the kit's transaction's tenant,
 * which is always the caller's: so these calls open their own read (`transaction: 'none'`).
 */
export function reportTenant(ctx: AppContext, hallOwnerId: string | undefined): string {
  const principal = ctx.state.principal as Principal;
  return principal.role === 'super_admin' && hallOwnerId ? hallOwnerId : principal.tenantId;
}
