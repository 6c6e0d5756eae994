import type { Holiday, HolidayScope } from '../api/types.ts';

export type Impact = 'surcharge' | 'blockout' | 'restricted';

export interface HolidayFilters {
  search: string;
  scopes: HolidayScope[];
  impacts: Impact[];
}

export type HolidaySortKey = 'date' | 'name' | 'scope';
export interface HolidaySort {
  key: HolidaySortKey;
  dir: 'asc' | 'desc';
}

export function nextHolidaySort(current: HolidaySort | null, key: HolidaySortKey): HolidaySort | null {
  if (!current || current.key !== key) return { key, dir: 'asc' };
  return current.dir === 'asc' ? { key, dir: 'desc' } : null;
}

function hasImpact(h: Holiday, impact: Impact): boolean {
  if (impact === 'surcharge') return h.surchargePercent > 0;
  if (impact === 'blockout') return h.blockOut;
  return h.restrictedTrading;
}

/** Without a sort the list stays in date order, the natural order of a calendar. */
export function filterHolidays(list: Holiday[], f: HolidayFilters, sort: HolidaySort | null): Holiday[] {
  const q = f.search.trim().toLowerCase();
  const rows = list.filter(
    (h) =>
      (!q || h.name.toLowerCase().includes(q)) &&
      (f.scopes.length === 0 || f.scopes.includes(h.scope)) &&
      // Any chosen impact matches: chips widen the list rather than narrow it to all three.
      (f.impacts.length === 0 || f.impacts.some((i) => hasImpact(h, i))),
  );
  const s = sort ?? { key: 'date', dir: 'asc' };
  const sign = s.dir === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => a[s.key].localeCompare(b[s.key]) * sign || a.date.localeCompare(b.date));
}

export const SCOPE_LABELS: Record<HolidayScope, string> = {
  statewide: 'Statewide',
  local: 'Local',
  custom: 'Custom',
};
