/**
 * The database's clock for the builder's queries. Stored times (expiries, "last used",
 * throttling windows) are written and compared with `now()`, the transaction's time, never the
 * replica's: these are the only `sql` fragments most queries need, because the builder has no
 * expression for `now()`-arithmetic with intervals.
 */
import { sql, type RawBuilder } from '@venue/service-kit';

/** `now()`: the transaction's start time (the kit's, as every service stamps rows). */
export { NOW } from '@venue/service-kit';

/** `now()` moved by a whole number of units (negative: into the past), via make_interval. */
export function dbNowPlus(amount: number, unit: 'secs' | 'mins' | 'days'): RawBuilder<Date> {
  // the unit is one of three fixed names (make_interval's named arguments), never input
  return sql<Date>`now() + make_interval(${sql.raw(unit)} => ${amount}::int)`;
}
