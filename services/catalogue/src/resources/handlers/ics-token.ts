/** The secret calendar feed URL of a resource: issued (shown once, only its hash kept) and revoked. */
import { createHash, randomBytes } from 'node:crypto';
import { operation } from '@venue/service-kit';
import { RESOURCES_OWNER, tenantOf } from '../../shared/common.ts';
import { db } from '../../db/query.ts';
import { resourceLabel } from '../resource-model.ts';
import { loadResource } from '../resource-write.ts';

export function sha256(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export const postIcsToken = operation(
  'post /api/resources/{id}/ics-token',
  { guard: RESOURCES_OWNER },
  async ({ ctx, tx, params }) => {
    const r = await loadResource(tx, params.id);
    // 32 random bytes; only the hash is kept, so a database leak does not expose the feed.
    const token = randomBytes(32).toString('base64url');
    await db(tx)
      .updateTable('resources')
      .set((eb) => ({ ics_token_hash: sha256(token), ics_enabled: true, updated_at: eb.fn<Date>('now') }))
      .where('tenant_id', '=', tenantOf(ctx))
      .where('id', '=', r.id)
      .execute();
    await tx.audit(ctx, {
      action: 'resource_updated',
      targetType: 'resource',
      target: r.name,
      targetLabel: resourceLabel(r),
      additionalInfo: `Generated a new ICS feed URL for ${r.name}; any previous URL stops working`,
    });
    ctx.status = 201;
    return { icsUrl: `/api/ics/${token}.ics` };
  },
);

export const deleteIcsToken = operation(
  'delete /api/resources/{id}/ics-token',
  { guard: RESOURCES_OWNER },
  async ({ ctx, tx, params }) => {
    const r = await loadResource(tx, params.id);
    await db(tx)
      .updateTable('resources')
      .set((eb) => ({ ics_token_hash: null, updated_at: eb.fn<Date>('now') }))
      .where('tenant_id', '=', tenantOf(ctx))
      .where('id', '=', r.id)
      .execute();
    await tx.audit(ctx, {
      action: 'resource_updated',
      targetType: 'resource',
      target: r.name,
      targetLabel: resourceLabel(r),
      additionalInfo: `Revoked the ICS feed URL of ${r.name}`,
    });
    ctx.status = 204;
  },
);
