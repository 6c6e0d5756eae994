/** Words the dashboard's answers carry (notes, alert texts, activity lines). */
import { centsToDollars } from '@venue/contracts';

const aud = new Intl.NumberFormat('en-AU', { style: 'currency', currency: 'AUD' });

/** Whole cents as `$1,234.50` for server-written sentences (the screens format figures themselves). */
export function formatCents(cents: number): string {
  return aud.format(centsToDollars(cents));
}

/** Minutes left in words: `45m`, `5h`, `5h 30m` under a day, `1d 3h` beyond. */
export function expiresIn(minutes: number): string {
  const m = Math.max(0, Math.floor(minutes));
  if (m < 60) return `${m}m`;
  const h = Math.floor(m / 60);
  if (h < 24) return m % 60 === 0 || h >= 12 ? `${h}h` : `${h}h ${m % 60}m`;
  const d = Math.floor(h / 24);
  return h % 24 === 0 ? `${d}d` : `${d}d ${h % 24}h`;
}

/** `booking_confirmed` → `Booking confirmed`. */
export function humanise(action: string): string {
  const words = action.replace(/[_.]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const ROLE_LABELS: Record<string, string> = {
  super_admin: 'Super Admin',
  hall_owner: 'Hall Owner',
  sub_user: 'Sub-User',
  customer: 'Customer',
};

/** Who did it: the e-mail, else the role, else the system (a sweep or a job). */
export function actorLabel(email: string | null, role: string | null): string {
  if (email) return email;
  if (role) return ROLE_LABELS[role] ?? role;
  return 'System';
}
