import type { JobDefinition } from '../kit.ts';

/**
 * Every five minutes: planner statistics for the tables that have none or whose rows moved
 * since (migrations.ts, `kit_refresh_statistics`). The embedded database has no autovacuum, so
 * without this its tables are never analysed and the planner takes every venue for a row or
 * two: a booking create's customer refresh then read the venue's every customer, 25 ms of CPU
 * at 169 customers (issue 27). On a server with autovacuum it finds little to do.
 */
export const statisticsJob: JobDefinition = {
  name: 'kit.statistics',
  cron: '*/5 * * * *',
  async run(kit) {
    await kit.db.systemTx((tx) => tx.query('SELECT kit_refresh_statistics()'));
  },
};
