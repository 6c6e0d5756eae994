/**
 * The audit log in people's words (issue 24 item 15): who did it by name rather than by a sign-in
 * e-mail or an internal actor id ("quotation-accept"), and every date and time inside an entry
 * (its details, its target, its field changes) in the venue's formats instead of "2027-01-20".
 *
 * An entry stores the actor's id and e-mail, not their name; names are those of the people the
 * viewer may list (their own profile; a hall owner's staff, every account for the super admin).
 */
import { formatDate, formatDateTime, formatWallClock, type FormatSettings } from '@venue/ui';
import type { AuditEntry } from '@venue/contracts/admin';

/** Whom an id or e-mail belongs to. */
export interface Person {
  id?: string | null;
  email?: string | null;
  name?: string | null;
}

export type People = Map<string, string>;

export function peopleOf(list: readonly Person[]): People {
  const people: People = new Map();
  for (const p of list) {
    const name = p.name?.trim();
    if (!name) continue;
    if (p.id) people.set(p.id, name);
    if (p.email) people.set(p.email.toLowerCase(), name);
  }
  return people;
}

/**
 * The services' own actors, written into an entry where no person acted (an e-mail-shaped id
 * that is not an address). Anything else of that kind is put into words from its id.
 */
const SERVICE_ACTORS: Record<string, string> = {
  system: 'System',
  'quotation-accept': 'Quotation acceptance (automatic)',
};

/** Who did it, in words, and the address or id beneath it when that says more. */
export function actorOf(
  entry: Pick<AuditEntry, 'userId' | 'userEmail'>,
  people: People,
): {
  name: string;
  detail: string | null;
} {
  const email = entry.userEmail?.trim() ?? '';
  if (!email) return { name: (entry.userId && people.get(entry.userId)) || 'System', detail: null };
  if (!email.includes('@')) {
    // API keys are written "API key: <name>" already; other ids are the services' own.
    if (/\s/.test(email)) return { name: email, detail: null };
    const known = SERVICE_ACTORS[email.toLowerCase()];
    return { name: known ?? sentence(email), detail: null };
  }
  const name = (entry.userId && people.get(entry.userId)) || people.get(email.toLowerCase());
  return name ? { name, detail: email } : { name: email, detail: null };
}

/** "quotation-accept" → "Quotation accept"; "demo_history" → "Demo history". */
function sentence(id: string): string {
  const words = id.replace(/[-_.]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

// An ISO instant (2027-01-20T08:00:00.000Z), a day (2027-01-20) or a wall-clock time (18:00) in
// running text; a time is not part of a longer number or of an instant already matched.
const DATE_OR_TIME =
  /\b(\d{4}-\d{2}-\d{2})(T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,6})?)?(?:Z|[+-]\d{2}:?\d{2}))?\b|(?<![\d:.])((?:[01]\d|2[0-3]):[0-5]\d)(?![\d:])/g;

/** Text an entry carries, with its dates and times in the venue's formats and time zone. */
export function venueText(text: string, settings: FormatSettings): string {
  return text.replace(DATE_OR_TIME, (match, day: string | undefined, instant: string | undefined, time) => {
    if (day && instant) return formatDateTime(`${day}${instant}`, settings);
    if (day) return formatDate(day, settings);
    if (time) return formatWallClock(time as string, settings);
    return match;
  });
}

/** A field change's value as a person reads it: dates and times formatted, objects as text. */
export function changeText(value: unknown, settings: FormatSettings): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'string') return venueText(value, settings);
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return String(value);
  return venueText(JSON.stringify(value), settings);
}

/** "bookingDate" → "Booking date"; "deposit_amount" → "Deposit amount". */
export function fieldName(field: string): string {
  const spaced = field
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .trim();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}
