/**
 * A read copy's write (decision 9): a service keeps another's rows from that owner's events,
 * which may arrive late, twice or out of order, so each row carries the owner's version (its
 * `updatedAt`) and the copy keeps the newest. One statement, written here once for every copy:
 *
 *   INSERT INTO <table> (<row's columns>) VALUES (…)
 *   ON CONFLICT (<key>) DO UPDATE SET <each other column> = excluded.<column>[, <stamp> = now()]
 *   WHERE <table>.<version> <= excluded.<version> [AND <table>.<final> = false]
 *
 * A tie replaces the row (two events of one transaction carry the same version and the same
 * row); the conflict's WHERE reads the row as committed and locked, so two deliveries racing
 * still leave the newer one in place.
 */
import type { InsertResult, Insertable, Kysely } from 'kysely';
import { NOW, sql } from './kysely.ts';

export interface NewestOptions<Column extends string> {
  /** The row's key: the conflict's target, and left out of the update. */
  key: readonly Column[];
  /** The owner's version of the row: an incoming row older than the copy's changes nothing. */
  version: Column;
  /** A column set to `now()` whenever the row is replaced (when the copy last changed). */
  stamp?: Column;
  /** A boolean column (`deleted`): a copy row where it is true is final, never replaced again. */
  final?: Column;
}

/** Every table of a database as the statement below names it, by text. */
type AnyTables = Record<string, Record<string, unknown>>;

/**
 * Writes `row` into the copy `table` unless the copy holds a newer version of it (see above);
 * the other columns are updated in the order `row` gives them. The result's
 * `numInsertedOrUpdatedRows` is 0 when the copy was already newer.
 */
export function keepNewest<DB, T extends keyof DB & string>(
  q: Kysely<DB>,
  table: T,
  row: Insertable<DB[T]>,
  { key, version, stamp, final }: NewestOptions<keyof DB[T] & string>,
): Promise<InsertResult> {
  // The builder cannot type a table chosen by the caller; the caller's `row` is typed above.
  const copy = q as unknown as Kysely<AnyTables>;
  const name: string = table;
  const replaced = Object.keys(row).filter((column) => !key.includes(column as never));
  return copy
    .insertInto(name)
    .values(row as Record<string, unknown>)
    .onConflict((oc) => {
      const newer = oc
        .columns(key)
        .doUpdateSet((eb) => ({
          ...Object.fromEntries(replaced.map((column) => [column, eb.ref(`excluded.${column}`)])),
          ...(stamp ? { [stamp]: NOW } : {}),
        }))
        .whereRef(`${name}.${version}`, '<=', `excluded.${version}`);
      // sql.ref: the boolean column named by the caller, which the text-typed tables cannot type
      return final ? newer.where(sql.ref<boolean>(`${name}.${final}`), '=', false) : newer;
    })
    .executeTakeFirstOrThrow();
}
