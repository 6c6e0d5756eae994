/** Money and dates as the venue reads them (en-AU, spec 03 §9): messages and PDFs. */
const AUD = new Intl.NumberFormat('en-AU', { style: 'currency', currency: 'AUD' });

export const formatCents = (cents: number): string => AUD.format(cents / 100);

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** `2026-03-05` → `05 Mar 2026` (spec 03 §9: dd MMM yyyy). */
export function formatDay(day: string | null): string {
  if (!day) return '';
  const [y, m, d] = day.split('-');
  return `${d} ${MONTHS[Number(m) - 1]} ${y}`;
}
