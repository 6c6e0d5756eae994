import { operation, sql } from '@venue/service-kit';
import { countMap, entries, scopedWhere } from '../audit-list.ts';

/** Counts per user, action and target type of the caller's entries in the period. */
export const getAuditStats = operation('get /api/audit/stats', async ({ ctx, tx, query }) => {
  const { where } = await scopedWhere(tx, ctx.state.principal, query);
  // One statement, so one snapshot: under READ COMMITTED three separate GROUP BYs could each
  // see a different set of rows while the relay is still delivering entries.
  const rows = await entries(tx, where)
    .select((eb) => {
      const grouped = (column: 'actor_email' | 'action') => eb(eb.fn<number>('GROUPING', [column]), '=', 0);
      return [
        eb
          .case()
          .when(grouped('actor_email'))
          .then(eb.val('users'))
          .when(grouped('action'))
          .then(eb.val('actions'))
          .else(eb.val('targets'))
          .end()
          .as('tally'),
        eb
          .case()
          .when(grouped('actor_email'))
          .then(eb.ref('actor_email'))
          .when(grouped('action'))
          .then(eb.ref('action'))
          .else(eb.ref('target_type'))
          .end()
          .as('key'),
        eb.fn.countAll<number | string>().as('n'),
      ];
    })
    // sql: GROUPING SETS has no builder form
    .groupBy(sql`GROUPING SETS ((actor_email), (action), (target_type))`)
    .execute();
  const tally = (name: string) => rows.filter((r) => r.tally === name);
  const totalLogs = tally('actions').reduce((sum, r) => sum + Number(r.n), 0);
  return {
    totalLogs,
    usersCount: countMap(tally('users'), 'system'),
    actionsCount: countMap(tally('actions'), 'unknown'),
    targetTypesCount: countMap(tally('targets'), 'unknown'),
  };
});
