/**
 * The kit's keyset paging (`@venue/service-kit/paging`) inside a Kysely query. The kit writes a
 * list's order, cursor columns and "rows after the cursor" condition as SQL text, key by key and
 * only with operators PostgreSQL can push into an index under row-level security (see the
 * comment at the top of paging.ts). One implementation for every service: these adapters carry
 * that text into the builder as `sql` fragments, with the cursor's values still bound as
 * parameters, rather than writing the same conditions a second time for the builder.
 */
import { sql, type RawBuilder } from 'kysely';
import { keysetAfter, keysetOrderBy, keysetSelect, type KeysetKey, type SortOrder } from '../paging.ts';

const ORDER_BY = 'ORDER BY ';

/** `k1 DESC NULLS LAST, k2 …` for `.orderBy(…)`: the kit's ORDER BY list as one fragment. */
export function keysetOrder(keys: readonly KeysetKey[], order: SortOrder): RawBuilder<unknown> {
  const text = keysetOrderBy(keys, order);
  if (!text.startsWith(ORDER_BY)) throw new Error(`unexpected keyset order: ${text}`);
  // sql: the kit's ORDER BY list (keys and NULLS placement), text without values
  return sql.raw(text.slice(ORDER_BY.length));
}

/** The cursor columns `cursor_k0, cursor_k1, …` as select items, each as the kit writes it. */
export function keysetColumns(keys: readonly KeysetKey[]) {
  return keys.map((key, i) => {
    const item = keysetSelect([key]);
    const alias = ' AS cursor_k0';
    if (!item.endsWith(alias)) throw new Error(`unexpected keyset column: ${item}`);
    // sql: the kit's cursor text of the key (to_char …), no values
    return sql<string>`${sql.raw(item.slice(0, -alias.length))}`.as(`cursor_k${i}`);
  });
}

/** The kit's condition for the rows after the cursor's `values`, its values bound. */
export function keysetAfterCursor(
  keys: readonly KeysetKey[],
  order: SortOrder,
  values: readonly string[],
): RawBuilder<boolean> {
  const bound: unknown[] = [];
  // Each value the kit binds becomes a marker (a NUL byte cannot occur in SQL text), then a
  // parameter of the fragment.
  const text = keysetAfter(keys, order, values, (v) => `\u0000${bound.push(v) - 1}\u0000`);
  const parts = text.split('\u0000');
  let fragment = sql<boolean>`${sql.raw(parts[0]!)}`;
  for (let i = 1; i < parts.length; i += 2) {
    // sql: the kit's text between two values, then the value itself as a parameter
    fragment = sql<boolean>`${fragment}${bound[Number(parts[i])]}${sql.raw(parts[i + 1]!)}`;
  }
  return fragment;
}
