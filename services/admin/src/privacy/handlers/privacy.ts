/** Settings → Data & privacy (owner only): the venue's data export and a customer's erasure. */
import { createHash } from 'node:crypto';
import { forbidden, operation, requireAuth, type AppMiddleware } from '@venue/service-kit';
import { adminTenantExport, fetchOtherServices, type ServiceExport } from '../tenant-export.ts';

export const OWNER_ONLY_PRIVACY = 'Only the hall owner can export or erase data.';
export const ERASURE_REQUESTED = 'Erasure requested. The customer’s details will be anonymised shortly.';

const ownerOnly: AppMiddleware = async (ctx, next) => {
  if (ctx.state.principal.role !== 'hall_owner') throw forbidden(OWNER_ONLY_PRIVACY);
  await next();
};
const guard = [requireAuth, ownerOnly];

/** A stable reference to an erased e-mail that does not keep the e-mail itself. */
export function erasureReference(email: string): string {
  return `sha256:${createHash('sha256').update(email).digest('hex').slice(0, 16)}`;
}

/** No transaction while the export waits on the other services (up to 15 s): admin's part opens its own after. */
export const getTenantExport = operation(
  'get /api/tenant-settings/privacy/export',
  { guard, transaction: 'none' },
  async ({ ctx }) => {
    const { tenantId } = ctx.state.principal;
    const others = await fetchOtherServices(tenantId);
    const complete = Object.values(others).every((s) => s.status !== 'unavailable');
    const admin = await ctx.kit.db.tenantTx(tenantId, async (tx) => {
      const data = await adminTenantExport(tx, tenantId);
      await tx.audit(ctx, {
        action: 'report_generated',
        targetType: 'system',
        target: 'Tenant data export',
        targetLabel: 'Tenant data export',
        additionalInfo: complete
          ? 'Full data export downloaded'
          : 'Data export downloaded (some services unavailable)',
      });
      return data;
    });
    const services: Record<string, ServiceExport> = { admin: { status: 'included', data: admin }, ...others };
    ctx.set(
      'content-disposition',
      `attachment; filename="tenant-export-${new Date().toISOString().slice(0, 10)}.json"`,
    );
    ctx.set('cache-control', 'no-store');
    return { tenantId, exportedAt: new Date().toISOString(), complete, services };
  },
);

export const postEraseCustomer = operation(
  'post /api/tenant-settings/privacy/erase-customer',
  { guard },
  async ({ ctx, tx, body: { email } }) => {
    const { tenantId, userId } = ctx.state.principal;
    await tx.publish('customer.erasure_requested', { email, tenantId, requestedBy: userId });
    await tx.audit(ctx, {
      action: 'customer_updated',
      targetType: 'customer',
      // the audit trail must not keep what is being erased
      target: erasureReference(email),
      targetLabel: 'Customer erasure request',
      additionalInfo: 'Customer erasure requested',
    });
    ctx.status = 202;
    return { message: ERASURE_REQUESTED };
  },
);
