import type { ResourceType } from '../api/types.ts';

export const TYPE_LABELS: Record<ResourceType, string> = { hall: 'Hall', room: 'Room', outdoor: 'Outdoor' };
export const TYPE_OPTIONS = (Object.keys(TYPE_LABELS) as ResourceType[]).map((value) => ({
  value,
  label: TYPE_LABELS[value],
}));

/** Dollars typed in a form → integer cents on the wire. */
export function toCents(dollars: number): number {
  return Math.round(dollars * 100);
}
