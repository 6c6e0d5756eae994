/**
 * Keyset (cursor) paging and capped counts for the services' lists (docs/platform-contract.md,
 * "Paging"). A list orders by keys that end in a unique one and are never NULL; the next page is
 * "the rows after the last one given", which an index with the same keys, led by the tenant,
 * answers by reading only that page. Page numbers stay an offset into the same order.
 *
 * Row-level security (decision 19) lets PostgreSQL use a condition as an index condition only
 * when its operators and functions are leakproof: comparisons of timestamptz, bigint, text and
 * uuid are; `lower()`, `COALESCE` and row comparisons `(a, b) < (x, y)` are not (the last is
 * recorded as not leakproof as a whole). So the condition is written out key by key, with a
 * plain `first key >= value` bound in front for the index, and a nullable column is ordered by
 * `CASE WHEN c IS NULL THEN … ELSE c END` (CASE and IS NULL call no function) rather than COALESCE.
 */
import type { SelectQueryBuilder } from 'kysely';
import { kyselyOf } from './db/kysely.ts';
import type { Queryable } from './db/types.ts';
import { badRequest } from './errors.ts';
import { textFault } from './http/hostile-input.ts';
import { isUuid } from './validation.ts';

/** How a key's value travels in a cursor and is cast back in SQL. */
export type KeyType = 'timestamptz' | 'text' | 'bigint' | 'uuid';

/** One key of a list's order. */
export interface KeysetKey {
  /** The SQL expression ordered by; never NULL. */
  expr: string;
  type: KeyType;
  /**
   * How the index serving the order stores this key. The list's order of its first key picks the
   * direction the index is read in; every key follows it, so one index serves both orders.
   */
  index: 'ASC' | 'DESC' | 'DESC NULLS LAST';
}

export type SortOrder = 'asc' | 'desc';

/** Answers `$n` for a value added to the statement's parameters. */
export type Bind = (value: unknown) => string;

/** Rows past this many are not counted: the total then reads "10,000+" (`totalIsEstimate`). */
export const COUNT_CAP = 10_000;

export const CURSOR_MESSAGE = 'cursor is not one this list gave out for this sort and order.';

// `cursor` and `withTotal`, the paged lists' query fields, are the API contract's.
export { pagingQueryFields } from '@venue/contracts/api';

/**
 * Whether to count: as asked, else when paging by page number (the first page of a screen
 * counts; a screen turning pages asks `withTotal=0` and keeps the first page's figure), never
 * by default when following a cursor.
 */
export const wantsTotal = (q: { withTotal?: boolean | undefined; cursor?: string | undefined }) =>
  q.withTotal ?? !q.cursor;

const forward = (keys: readonly KeysetKey[], order: SortOrder) =>
  (order === 'desc') === keys[0]!.index.startsWith('DESC');

/** Each key's direction and NULLS placement exactly as the index reads in that direction. */
function directions(keys: readonly KeysetKey[], order: SortOrder): Array<'ASC' | 'DESC'> {
  const fwd = forward(keys, order);
  return keys.map((k) => (k.index.startsWith('DESC') === fwd ? 'DESC' : 'ASC'));
}

/** `ORDER BY …` for the keys in the list's order (NULLS as the index stores them, for the planner). */
export function keysetOrderBy(keys: readonly KeysetKey[], order: SortOrder): string {
  const fwd = forward(keys, order);
  const parts = keys.map((k) => {
    const nullsLast = k.index === 'ASC' || k.index === 'DESC NULLS LAST';
    const dir = k.index.startsWith('DESC') === fwd ? 'DESC' : 'ASC';
    return `${k.expr} ${dir} NULLS ${nullsLast === fwd ? 'LAST' : 'FIRST'}`;
  });
  return `ORDER BY ${parts.join(', ')}`;
}

const TIMESTAMP_TEXT = `'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'`;

/** The select-list items `cursor_k0, cursor_k1, …`: each key as exact text, for the next cursor. */
export function keysetSelect(keys: readonly KeysetKey[]): string {
  return keys
    .map((k, i) => {
      const text =
        k.type === 'timestamptz'
          ? `CASE WHEN ${k.expr} IN ('infinity', '-infinity') THEN (${k.expr})::text ELSE to_char((${k.expr}) AT TIME ZONE 'UTC', ${TIMESTAMP_TEXT}) END`
          : k.type === 'text'
            ? k.expr
            : `(${k.expr})::text`;
      return `${text} AS cursor_k${i}`;
    })
    .join(', ');
}

/**
 * The rows after `values` in the list's order: `k1 > v1 OR (k1 = v1 AND k2 > v2) OR …` (each
 * key's own direction), behind a plain bound on the first key that an index can start from.
 */
export function keysetAfter(
  keys: readonly KeysetKey[],
  order: SortOrder,
  values: readonly string[],
  p: Bind,
): string {
  const dirs = directions(keys, order);
  const bound = keys.map((k, i) => `${p(values[i])}::${k.type}`);
  const branches = keys.map((k, i) => {
    const equal = keys.slice(0, i).map((e, j) => `${e.expr} = ${bound[j]}`);
    return [...equal, `${k.expr} ${dirs[i] === 'ASC' ? '>' : '<'} ${bound[i]}`].join(' AND ');
  });
  const first = `${keys[0]!.expr} ${dirs[0] === 'ASC' ? '>=' : '<='} ${bound[0]}`;
  return `${first} AND (${branches.map((b) => `(${b})`).join(' OR ')})`;
}

const ISO_MICROS = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})\.\d{6}Z$/;

/** A key's text as keysetSelect writes it, checked so it can never fail its cast in SQL. */
function validKey(type: KeyType, v: unknown): v is string {
  if (typeof v !== 'string') return false;
  switch (type) {
    case 'uuid':
      return isUuid(v);
    case 'bigint':
      return /^-?\d{1,18}$/.test(v);
    case 'text':
      return textFault(v, 2000) === null;
    case 'timestamptz': {
      if (v === 'infinity' || v === '-infinity') return true;
      const m = ISO_MICROS.exec(v);
      if (!m) return false;
      const [y, mo, d, h, mi, s] = m.slice(1).map(Number) as [number, number, number, number, number, number];
      const t = new Date(Date.UTC(y, mo - 1, d, h, mi, s));
      return (
        y >= 1 &&
        t.getUTCFullYear() === y &&
        t.getUTCMonth() === mo - 1 &&
        t.getUTCDate() === d &&
        t.getUTCHours() === h &&
        t.getUTCMinutes() === mi &&
        t.getUTCSeconds() === s
      );
    }
  }
}

interface CursorBody {
  s: string;
  o: SortOrder;
  k: string[];
}

/** A cursor as the client holds it (opaque): its body as JSON in base64url. */
export function cursorOf(body: object): string {
  return Buffer.from(JSON.stringify(body)).toString('base64url');
}

/**
 * The body of a cursor some list gave out, or null when it is not base64url JSON of an object
 * (forged or truncated): the list checks the fields, and answers `badCursor()` for anything else.
 */
export function cursorBody<T extends object>(raw: string): Partial<T> | null {
  let c: unknown;
  try {
    c = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  return c !== null && typeof c === 'object' ? (c as Partial<T>) : null;
}

/** The 400 naming `cursor` for a cursor the list did not give out for this sort and order. */
export const badCursor = () =>
  badRequest(CURSOR_MESSAGE, { errors: [{ path: 'cursor', message: CURSOR_MESSAGE }] });

/** The opaque cursor of a row: the list's sort and order and the row's keys. */
export function encodeCursor(sort: string, order: SortOrder, values: readonly string[]): string {
  return cursorOf({ s: sort, o: order, k: [...values] } satisfies CursorBody);
}

/**
 * The key values of a cursor this list gave out for the same sort and order; anything else (a
 * forged or truncated cursor, one from another sort) is a 400 naming `cursor`.
 */
export function decodeCursor(
  raw: string,
  sort: string,
  order: SortOrder,
  keys: readonly KeysetKey[],
): string[] {
  const c = cursorBody<CursorBody>(raw);
  if (
    !c ||
    c.s !== sort ||
    c.o !== order ||
    !Array.isArray(c.k) ||
    c.k.length !== keys.length ||
    !keys.every((k, i) => validKey(k.type, c.k![i]))
  )
    throw badCursor();
  return c.k;
}

/**
 * One page from rows fetched with `LIMIT limit + 1` and keysetSelect's columns: the page, whether
 * more follow, and the cursor of its last row.
 */
export function keysetPage<R extends object>(
  rows: R[],
  limit: number,
  sort: string,
  order: SortOrder,
  keys: readonly KeysetKey[],
): { rows: R[]; hasMore: boolean; nextCursor: string | null } {
  const hasMore = rows.length > limit;
  const page = rows.slice(0, limit);
  const last = page[page.length - 1] as Record<string, unknown> | undefined;
  return {
    rows: page,
    hasMore,
    nextCursor:
      hasMore && last
        ? encodeCursor(
            sort,
            order,
            keys.map((_, i) => String(last[`cursor_k${i}`])),
          )
        : null,
  };
}

/**
 * A count read up to `cap`: past the cap the answer is the cap with `totalIsEstimate: true`,
 * shown as "10,000+".
 */
export function cappedTotal(n: number, cap = COUNT_CAP): { total: number; totalIsEstimate: boolean } {
  return n > cap ? { total: cap, totalIsEstimate: true } : { total: n, totalIsEstimate: false };
}

/**
 * Counts a list's matches up to `cap` (`fromWhere` is `FROM … WHERE …` with its parameters):
 * bounded work however big the tenant.
 */
export async function cappedCount(
  tx: Queryable,
  fromWhere: string,
  params: readonly unknown[],
  cap = COUNT_CAP,
): Promise<{ total: number; totalIsEstimate: boolean }> {
  const { rows } = await tx.query<{ n: number | string }>(
    `SELECT count(*) AS n FROM (SELECT 1 ${fromWhere} LIMIT ${cap + 1}) capped`,
    params as unknown[],
  );
  return cappedTotal(Number(rows[0]?.n ?? 0), cap);
}

/**
 * cappedCount for a query builder: counts the rows `matches` finds (its own select list is
 * replaced), up to `cap`, as SELECT count(*) FROM (SELECT 1 … LIMIT cap + 1) capped.
 */
export async function countUpTo<DB, TB extends keyof DB, O>(
  tx: Queryable,
  matches: SelectQueryBuilder<DB, TB, O>,
  cap = COUNT_CAP,
): Promise<{ total: number; totalIsEstimate: boolean }> {
  const capped = matches
    .clearSelect()
    .select((eb) => eb.lit(1).as('one'))
    .limit(cap + 1);
  // The outer query names no table of DB, only the subquery.
  const row = await kyselyOf<Record<string, never>>(tx)
    .selectFrom(capped.as('capped'))
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirst();
  return cappedTotal(Number(row?.n ?? 0), cap);
}
