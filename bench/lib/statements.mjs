// What the PostgreSQL server spent on a product's statements, from pg_stat_statements (needs it
// in the server's shared_preload_libraries): writes.mjs per write, idle.mjs per second.
import { execFileSync } from 'node:child_process';

/** One psql call on the server's postgres database, as the superuser of product.mjs's BENCH_PG_URL. */
export const psql = (sql) =>
  execFileSync(
    'psql',
    [process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres', '-AtXqc', sql],
    // psql's own errors are the caller's to report (startCounting's become `false`)
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
  );

/** Starts counting afresh (every database's statements); false where the server cannot count. */
export function startCounting() {
  try {
    psql('CREATE EXTENSION IF NOT EXISTS pg_stat_statements; SELECT pg_stat_statements_reset()');
    return true;
  } catch {
    return false;
  }
}

/**
 * `db`'s statements since startCounting, each figure divided by `per` (writes, seconds): the
 * total time (executing and, with track_planning, planning: wall time, lock waits included) and
 * calls, and the `limit` first by `order` ('time' or 'calls') as printable lines
 * "ms | calls | of it planning | statement".
 */
export function statementsOf(db, { per, limit, order = 'time' }) {
  const mine = `FROM pg_stat_statements WHERE dbid = (SELECT oid FROM pg_database WHERE datname = '${db}')`;
  const [ms, calls] = psql(
    `SELECT round(coalesce(sum(total_exec_time + total_plan_time), 0)::numeric / ${per}, 2),
            round(coalesce(sum(calls), 0)::numeric / ${per}, 1) ${mine}`,
  )
    .trim()
    .split('|');
  const by = order === 'calls' ? 'calls' : 'total_exec_time + total_plan_time';
  const lines = psql(
    `SELECT round((total_exec_time + total_plan_time)::numeric / ${per}, 3), round(calls::numeric / ${per}, 2),
            round(total_plan_time::numeric / ${per}, 3), left(regexp_replace(query, '\\s+', ' ', 'g'), 150)
       ${mine} ORDER BY ${by} DESC LIMIT ${limit}`,
  ).trimEnd();
  return { ms, calls, lines };
}
