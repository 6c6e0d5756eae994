import { forbidden, operation, requireAuth } from '@venue/service-kit';
import { applyScope } from '../audit-query.ts';
import { verifyChains } from '../chain-verify.ts';

export const VERIFY_DENIED = 'Only hall owners and super admins can verify the audit log.';

/** Re-walks the hash chains: the hall owner's venue, or every venue for the super admin. */
export const verifyAudit = operation(
  'get /api/audit/verify',
  { guard: [requireAuth] },
  async ({ ctx, tx }) => {
    const { role } = ctx.state.principal;
    if (role === 'super_admin') await applyScope(tx, ctx.state.principal, []);
    else if (role !== 'hall_owner') throw forbidden(VERIFY_DENIED);
    return verifyChains(tx);
  },
);
