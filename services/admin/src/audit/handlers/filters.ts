/** The Audit Log's filter choices: actions and target types. */
import { operation } from '@venue/service-kit';
import { entries, scopedWhere } from '../audit-list.ts';
import { AUDIT_ACTIONS, AUDIT_TARGET_TYPES } from '../audit-query.ts';

export const listAuditActions = operation('get /api/audit/actions', async ({ ctx, tx }) => {
  // The known list, then any other action the caller's entries hold (a publisher added one
  // since): the filter offers every action that occurs.
  const { where } = await scopedWhere(tx, ctx.state.principal, {});
  const rows = await entries(tx, where).select('action').distinct().orderBy('action').execute();
  const known = new Set<string>(AUDIT_ACTIONS);
  return { actions: [...AUDIT_ACTIONS, ...rows.map((r) => r.action).filter((a) => !known.has(a))] };
});

export const listAuditTargetTypes = operation('get /api/audit/target-types', async () => ({
  targetTypes: [...AUDIT_TARGET_TYPES],
}));
