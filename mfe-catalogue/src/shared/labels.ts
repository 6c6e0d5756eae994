import type { ResourceType } from '../api/types.ts';

export const TYPE_LABELS: Record<ResourceType, string> = { hall: 'Hall', room: 'Room', outdoor: 'Outdoor' };
export const TYPE_OPTIONS = (Object.keys(TYPE_LABELS) as ResourceType[]).map((value) => ({
  value,
  label: TYPE_LABELS[value],
}));

/**
 * A NumberInput's value as the number the field shows. Mantine hands back text, not a number,
 * while the entry is not yet a plain number: "030" when digits are typed after the 0 an emptied
 * field falls back to, "12." halfway through a decimal. Read as 0, the form would save a figure
 * other than the one on screen; text that is no number at all still counts as 0 (spec 03 §5).
 */
export function numberFrom(value: number | string): number {
  return typeof value === 'number' ? value : Number(value) || 0;
}

/** Dollars typed in a form → integer cents on the wire. */
export function toCents(dollars: number): number {
  return Math.round(dollars * 100);
}
