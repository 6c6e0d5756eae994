/** Holiday year choices (spec 03 §9). */
export const YEARS = [2024, 2025, 2026, 2027] as const;

export function defaultYear(): number {
  const now = new Date().getFullYear();
  return Math.min(Math.max(now, 2024), 2027);
}
