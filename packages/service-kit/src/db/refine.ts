/**
 * A service's Kysely tables are generated from its migrations (`node scripts/db-types.mjs`
 * writes `src/db/schema.generated.ts`); its `schema.ts` only narrows the columns whose values
 * the domain knows better than the database (a status's union, a jsonb column's shape):
 *
 *   type InvoicesTable = Refine<G.InvoicesTable, { status: InvoiceStatus; lines: Json<Line[]> }>;
 *   type MoneyDb = RefineTables<G.DB, { invoices: InvoicesTable }>;
 *
 * The database keeps the say on whether a column is nullable, has a default or is never written:
 * a refinement gives the value's type only (a plain type, or a `ColumnType` where reading and
 * writing differ, as jsonb's does), and `Refine` adds `null` and insert-optionality as the
 * generated column has them. So a column a migration adds appears without a hand edit, and a
 * refinement of a column that no longer exists, or that no longer narrows its type (the column
 * changed type), fails to compile.
 */
import type { ColumnType, InsertType, SelectType, UpdateType } from 'kysely';

/**
 * A column the database fills when an insert leaves it out (a default, an identity BY DEFAULT):
 * optional to insert. Unlike Kysely's `Generated` it keeps a `ColumnType`'s own write types
 * (`HasDefault<Timestamp>` inserts a Date or a string, or nothing).
 */
export type HasDefault<T> =
  T extends ColumnType<infer S, infer I, infer U>
    ? ColumnType<S, I | undefined, U>
    : ColumnType<T, T | undefined, T>;

/** A column the application role may insert but never update (admin's append-only audit_log). */
export type InsertOnly<T> =
  T extends ColumnType<infer S, infer I, unknown> ? ColumnType<S, I, never> : ColumnType<T, T, never>;

type IsNever<T> = [T] extends [never] ? true : false;

/** Whether what `R` reads and writes fits within what the generated column `C` does. */
type Narrows<R, C> = [SelectType<R>] extends [SelectType<C>]
  ? [InsertType<R>] extends [InsertType<C>]
    ? [UpdateType<R>] extends [UpdateType<C>]
      ? true
      : false
    : false
  : false;

/** Each refinement must name a column of `T` and narrow its type; the error says which not. */
export type Refinements<T, R> = {
  [K in keyof R]: K extends keyof T
    ? Narrows<R[K], T[K]> extends true
      ? R[K]
      : `refinement of "${K & string}" does not narrow the column's type`
    : `no column "${K & string}" in the generated table`;
};

/**
 * `null` when the generated column `C` is nullable. Read from what may be written to it: a jsonb
 * column reads as `unknown`, which swallows the `| null` (`unknown | null` is `unknown`); a column
 * never written (generated) has only its read type to tell.
 */
type NullOf<C> =
  IsNever<InsertType<C>> extends true
    ? null extends SelectType<C>
      ? null
      : never
    : null extends InsertType<C>
      ? null
      : never;

/**
 * The column `C` with its values narrowed to `R`: `R`'s select, insert and update types, with
 * the `null` and `undefined` (insert-optional) that `C` allows. A part that either side makes
 * `never` (a generated column, or a refinement saying the code never writes it) stays `never`.
 */
export type RefineColumn<C, R> = ColumnType<
  SelectType<R> | NullOf<C>,
  IsNever<InsertType<R>> extends true
    ? never
    : IsNever<InsertType<C>> extends true
      ? never
      : InsertType<R> | NullOf<C> | Extract<InsertType<C>, undefined>,
  IsNever<UpdateType<R>> extends true
    ? never
    : IsNever<UpdateType<C>> extends true
      ? never
      : UpdateType<R> | NullOf<C>
>;

/** The generated table `T` with the columns named in `R` narrowed (see the file's comment). */
export type Refine<T, R extends Refinements<T, R>> = {
  [K in keyof T]: K extends keyof R ? RefineColumn<T[K], R[K]> : T[K];
};

/** Each replacement must be a table of `DB` with exactly its columns (a `Refine` of it). */
export type TableRefinements<DB, R> = {
  [K in keyof R]: K extends keyof DB
    ? [Exclude<keyof R[K], keyof DB[K]> | Exclude<keyof DB[K], keyof R[K]>] extends [never]
      ? R[K]
      : `table "${K & string}" must have the generated table's columns (use Refine)`
    : `no table "${K & string}" in the generated schema`;
};

/** The generated database `DB` with the tables named in `R` replaced by their refinements. */
export type RefineTables<DB, R extends TableRefinements<DB, R>> = {
  [K in keyof DB]: K extends keyof R ? R[K] : DB[K];
};
