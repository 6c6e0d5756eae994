import type { Resource, ResourceStatus, ResourceType } from '../api/types.ts';

export interface HallFilters {
  search: string;
  minCapacity: number | '';
  types: ResourceType[];
  statuses: ResourceStatus[];
}

export const NO_FILTERS: HallFilters = { search: '', minCapacity: '', types: [], statuses: [] };

export type SortKey = 'name' | 'capacity' | 'status';
export interface Sort {
  key: SortKey;
  dir: 'asc' | 'desc';
}

/** Clicking a column header cycles ascending → descending → unsorted (spec 03 §2.5). */
export function nextSort(current: Sort | null, key: SortKey): Sort | null {
  if (!current || current.key !== key) return { key, dir: 'asc' };
  return current.dir === 'asc' ? { key, dir: 'desc' } : null;
}

export function filterHalls(list: Resource[], f: HallFilters, sort: Sort | null): Resource[] {
  const q = f.search.trim().toLowerCase();
  const rows = list.filter(
    (r) =>
      (!q || r.name.toLowerCase().includes(q) || r.code.toLowerCase().includes(q)) &&
      (f.minCapacity === '' || r.capacity >= f.minCapacity) &&
      (f.types.length === 0 || f.types.includes(r.type)) &&
      (f.statuses.length === 0 || f.statuses.includes(r.status)),
  );
  if (!sort) return rows;
  const sign = sort.dir === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const x = a[sort.key];
    const y = b[sort.key];
    const c = typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y));
    return c * sign;
  });
}

export function hasFilters(f: HallFilters): boolean {
  return f.search !== '' || f.minCapacity !== '' || f.types.length > 0 || f.statuses.length > 0;
}
