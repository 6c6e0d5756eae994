/** Words the dashboard's answers carry (notes, alert texts, activity lines). */
import { centsToDollars } from '@venue/contracts';

const aud = new Intl.NumberFormat('en-AU', { style: 'currency', currency: 'AUD' });

/** Whole cents as `$1,234.50` for server-written sentences (the screens format figures themselves). */
export function formatCents(cents: number): string {
  return aud.format(centsToDollars(cents));
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
