/**
 * Report table sorting (spec 03 §4): a column header cycles ascending → descending → none;
 * "none" is the server's order (months in calendar order).
 */
import { useMemo, useState } from 'react';

export type SortDirection = 'asc' | 'desc';
export interface SortState<K extends string> {
  key: K;
  dir: SortDirection;
}

/** The next sort after a click on `key`: a new column starts ascending. */
export function nextSort<K extends string>(current: SortState<K> | null, key: K): SortState<K> | null {
  if (!current || current.key !== key) return { key, dir: 'asc' };
  return current.dir === 'asc' ? { key, dir: 'desc' } : null;
}

export function sortRows<T, K extends string>(
  rows: readonly T[],
  sort: SortState<K> | null,
  value: (row: T, key: K) => string | number,
): T[] {
  if (!sort) return [...rows];
  const sign = sort.dir === 'asc' ? 1 : -1;
  // A stable sort: equal values keep the server's order.
  return [...rows].sort((a, b) => {
    const x = value(a, sort.key);
    const y = value(b, sort.key);
    return (x < y ? -1 : x > y ? 1 : 0) * sign;
  });
}

/** The direction the rows are sorted in by `key` (its header's aria-sort); null when not by it. */
export function sortDirection<K extends string>(sort: SortState<K> | null, key: K): SortDirection | null {
  return sort?.key === key ? sort.dir : null;
}

export function useSort<T, K extends string>(rows: readonly T[], value: (row: T, key: K) => string | number) {
  const [sort, setSort] = useState<SortState<K> | null>(null);
  const sorted = useMemo(() => sortRows(rows, sort, value), [rows, sort, value]);
  return { sorted, sort, toggle: (key: K) => setSort((s) => nextSort(s, key)) };
}
