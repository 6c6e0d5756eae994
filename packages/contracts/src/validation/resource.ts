/**
 * The resource form's rules (spec 03 §5, server and local forms): the catalogue service parses
 * with this schema and the halls and resources dialogs run it before saving.
 */
import { z } from 'zod';
import { oneLine } from '../api/fields.ts';

export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];
export const WEEKDAY_NAMES: Record<Weekday, string> = {
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
  sun: 'Sunday',
};

export interface DayHours {
  open: string;
  close: string;
  closed: boolean;
}
export type OpeningHours = Record<Weekday, DayHours>;

/** Spec 03 §9: Mon–Fri 08–18, Sat 09–17, Sun 10–16. */
export function defaultHours(): OpeningHours {
  const weekday = { open: '08:00', close: '18:00', closed: false };
  return {
    mon: { ...weekday },
    tue: { ...weekday },
    wed: { ...weekday },
    thu: { ...weekday },
    fri: { ...weekday },
    sat: { open: '09:00', close: '17:00', closed: false },
    sun: { open: '10:00', close: '16:00', closed: false },
  };
}

export const CAPACITY_MESSAGE = 'Capacity must be a whole number ≥ 0';
/** More than any venue holds, well inside a 32-bit column. */
const MAX_CAPACITY = 1_000_000;
/** A buffer longer than a week is a typo. */
const MAX_BUFFER_MINUTES = 10_080;
const EQUIPMENT_NAME_MESSAGE = 'Equipment name is required';
const EQUIPMENT_QUANTITY_MESSAGE = 'Equipment quantity must be at least 1';
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/**
 * A JSON number, whole, from `min` to `max`: "12" is refused, not read as 12 (the forms send
 * numbers), and the ceiling keeps every value inside the database's integer column.
 */
const wholeNumber = (message: string, min: number, max: number) =>
  z
    .number({ error: message })
    .int({ error: message })
    .min(min, { error: message })
    .max(max, {
      error: `${message.replace(/ must be .*$/, '')} must be at most ${max.toLocaleString('en-AU')}`,
    });

const lowerEnum = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().toLowerCase() : v),
    z.enum(values, { error: message }),
  );

const dayHours = (day: Weekday, fallback: DayHours) =>
  z
    .preprocess(
      // A closed day may come without times; keep the usual ones for when it reopens.
      (v) => {
        if (!v || typeof v !== 'object' || (v as DayHours).closed !== true) return v;
        const d = v as Partial<DayHours>;
        const keep = (t: unknown, f: string) => (typeof t === 'string' && TIME.test(t) ? t : f);
        return { open: keep(d.open, fallback.open), close: keep(d.close, fallback.close), closed: true };
      },
      z.object({
        open: z.string().regex(TIME, { error: `${WEEKDAY_NAMES[day]} opening time must be HH:mm` }),
        close: z.string().regex(TIME, { error: `${WEEKDAY_NAMES[day]} closing time must be HH:mm` }),
        closed: z.boolean().default(false),
      }),
    )
    .default(fallback);

const hoursSchema = z
  .object(
    Object.fromEntries(WEEKDAYS.map((d) => [d, dayHours(d, defaultHours()[d])])) as Record<
      Weekday,
      ReturnType<typeof dayHours>
    >,
  )
  .default(defaultHours())
  .superRefine((hours, ctx) => {
    for (const d of WEEKDAYS) {
      const h = hours[d] as DayHours;
      if (!h.closed && h.close <= h.open) {
        ctx.addIssue({
          code: 'custom',
          path: [d, 'close'],
          message: `${WEEKDAY_NAMES[d]} closing time must be after opening time`,
        });
      }
    }
  });

/** A hall, room or outdoor space as saved; every message is what both the form and the 400 show. */
export const resourceInput = z.object({
  name: oneLine(
    z
      .string({ error: 'Resource name is required' })
      .trim()
      .min(1, { error: 'Resource name is required' })
      .max(120),
    'Resource name',
  ),
  type: lowerEnum(['hall', 'room', 'outdoor'], 'Type must be hall, room or outdoor').default('hall'),
  capacity: wholeNumber(CAPACITY_MESSAGE, 0, MAX_CAPACITY),
  description: z.string().max(4000).default(''),
  internalNotes: z.string().max(4000).default(''),
  visibility: lowerEnum(['public', 'admin'], 'Visibility must be public or admin').default('public'),
  status: lowerEnum(['active', 'archived'], 'Status must be active or archived').default('active'),
  calendarColour: z
    .string()
    .regex(/^#[0-9A-Fa-f]{6}$/, { error: 'Calendar colour must be a hex colour like #2563EB' })
    .transform((c) => c.toUpperCase())
    .default('#2563EB'),
  colourName: oneLine(z.string().max(40), 'Colour name').default('Blue'),
  hours: hoursSchema,
  setupBufferMinutes: wholeNumber(
    'Setup buffer must be a whole number of minutes ≥ 0',
    0,
    MAX_BUFFER_MINUTES,
  ).default(15),
  packdownBufferMinutes: wholeNumber(
    'Pack-down buffer must be a whole number of minutes ≥ 0',
    0,
    MAX_BUFFER_MINUTES,
  ).default(15),
  applyBuffers: z.boolean().default(true),
  equipment: z
    .array(
      z.object({
        name: oneLine(
          z
            .string({ error: EQUIPMENT_NAME_MESSAGE })
            .trim()
            .min(1, { error: EQUIPMENT_NAME_MESSAGE })
            .max(120),
          'Equipment name',
        ),
        quantity: wholeNumber(EQUIPMENT_QUANTITY_MESSAGE, 1, MAX_CAPACITY),
      }),
    )
    .max(200)
    .default([]),
  icsEnabled: z.boolean().default(false),
  publicCalendar: z.boolean().default(false),
});
export type ResourceInput = z.output<typeof resourceInput>;

/** In a list of every problem, an equipment row's problem says which row it is. */
function listedMessage(issue: { path: PropertyKey[]; message: string }): string {
  const [field, index] = issue.path;
  if (field !== 'equipment' || typeof index !== 'number') return issue.message;
  if (issue.message === EQUIPMENT_NAME_MESSAGE) return `Equipment item ${index + 1} needs a name`;
  if (issue.message === EQUIPMENT_QUANTITY_MESSAGE)
    return `Equipment item ${index + 1} quantity must be at least 1`;
  return issue.message;
}

/** Every broken rule's message, in the schema's field order, each once (the dialogs list them all). */
export function resourceFormMessages(input: unknown): string[] {
  const result = resourceInput.safeParse(input);
  return result.success ? [] : [...new Set(result.error.issues.map(listedMessage))];
}
