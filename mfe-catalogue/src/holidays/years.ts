/** Holiday year choices (spec 03 §9). */
export const YEARS = [2024, 2025, 2026, 2027] as const;
const FIRST = Math.min(...YEARS);
const LAST = Math.max(...YEARS);

/**
 * The year the page opens on: the venue's (its `today`, from `venueToday`, never the browser's,
 * which is a year ahead or behind for hours around New Year), clamped to the years offered.
 */
export function defaultYear(today: string): number {
  const year = Number(today.slice(0, 4));
  return Math.min(Math.max(year, FIRST), LAST);
}
