import { z } from 'zod';
import type { Tx } from '@venue/service-kit';
import { isoInstant } from '../common.ts';

export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];
const DAY_NAMES: Record<Weekday, string> = {
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

const CAPACITY_MESSAGE = 'Capacity must be a whole number ≥ 0';
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Accepts "12" as 12 (forms send strings); anything else is left for the number check. */
const wholeNumber = (message: string, min: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v),
    z.number({ error: message }).int({ error: message }).min(min, { error: message }),
  );

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
        open: z.string().regex(TIME, { error: `${DAY_NAMES[day]} opening time must be HH:mm` }),
        close: z.string().regex(TIME, { error: `${DAY_NAMES[day]} closing time must be HH:mm` }),
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
          message: `${DAY_NAMES[d]} closing time must be after opening time`,
        });
      }
    }
  });

export const resourceInput = z.object({
  name: z
    .string({ error: 'Resource name is required' })
    .trim()
    .min(1, { error: 'Resource name is required' })
    .max(120),
  type: lowerEnum(['hall', 'room', 'outdoor'], 'Type must be hall, room or outdoor').default('hall'),
  capacity: wholeNumber(CAPACITY_MESSAGE, 0),
  description: z.string().max(4000).default(''),
  internalNotes: z.string().max(4000).default(''),
  visibility: lowerEnum(['public', 'admin'], 'Visibility must be public or admin').default('public'),
  status: lowerEnum(['active', 'archived'], 'Status must be active or archived').default('active'),
  calendarColour: z
    .string()
    .regex(/^#[0-9A-Fa-f]{6}$/, { error: 'Calendar colour must be a hex colour like #2563EB' })
    .transform((c) => c.toUpperCase())
    .default('#2563EB'),
  colourName: z.string().max(40).default('Blue'),
  hours: hoursSchema,
  setupBufferMinutes: wholeNumber('Setup buffer must be a whole number of minutes ≥ 0', 0).default(15),
  packdownBufferMinutes: wholeNumber('Pack-down buffer must be a whole number of minutes ≥ 0', 0).default(15),
  applyBuffers: z.boolean().default(true),
  equipment: z
    .array(
      z.object({
        name: z
          .string({ error: 'Equipment name is required' })
          .trim()
          .min(1, { error: 'Equipment name is required' })
          .max(120),
        quantity: wholeNumber('Equipment quantity must be at least 1', 1),
      }),
    )
    .max(200)
    .default([]),
  icsEnabled: z.boolean().default(false),
  publicCalendar: z.boolean().default(false),
});
export type ResourceInput = z.output<typeof resourceInput>;

export interface Resource {
  id: string;
  code: string;
  name: string;
  type: 'hall' | 'room' | 'outdoor';
  capacity: number;
  description: string;
  internalNotes: string;
  visibility: 'public' | 'admin';
  status: 'active' | 'archived';
  calendarColour: string;
  colourName: string;
  hours: OpeningHours;
  setupBufferMinutes: number;
  packdownBufferMinutes: number;
  applyBuffers: boolean;
  equipment: { name: string; quantity: number }[];
  icsEnabled: boolean;
  /** A secret feed URL exists (the token itself is only shown when generated). */
  icsFeedActive: boolean;
  publicCalendar: boolean;
  lastUpdated: string;
  createdAt: string;
}

export const RESOURCE_COLUMNS = `id, code, name, type, capacity, description, internal_notes, visibility, status,
  calendar_colour, colour_name, hours, setup_buffer_minutes, packdown_buffer_minutes, apply_buffers,
  equipment, ics_enabled, public_calendar, ics_token_hash IS NOT NULL AS ics_feed_active, created_at, updated_at`;

export function toResource(r: Record<string, unknown>): Resource {
  return {
    id: r.id as string,
    code: r.code as string,
    name: r.name as string,
    type: r.type as Resource['type'],
    capacity: Number(r.capacity),
    description: r.description as string,
    internalNotes: r.internal_notes as string,
    visibility: r.visibility as Resource['visibility'],
    status: r.status as Resource['status'],
    calendarColour: r.calendar_colour as string,
    colourName: r.colour_name as string,
    hours: r.hours as OpeningHours,
    setupBufferMinutes: Number(r.setup_buffer_minutes),
    packdownBufferMinutes: Number(r.packdown_buffer_minutes),
    applyBuffers: r.apply_buffers as boolean,
    equipment: r.equipment as Resource['equipment'],
    icsEnabled: r.ics_enabled as boolean,
    icsFeedActive: r.ics_feed_active as boolean,
    publicCalendar: r.public_calendar as boolean,
    lastUpdated: isoInstant(r.updated_at),
    createdAt: isoInstant(r.created_at),
  };
}

/** What bookings needs to know about a resource (event payload and internal list). */
export function resourceEventData(tenantId: string, r: Resource) {
  return {
    id: r.id,
    tenantId,
    name: r.name,
    code: r.code,
    type: r.type,
    capacity: r.capacity,
    status: r.status,
    setupBufferMinutes: r.setupBufferMinutes,
    packdownBufferMinutes: r.packdownBufferMinutes,
    applyBuffers: r.applyBuffers,
    hours: r.hours,
  };
}

export async function findResource(tx: Tx, id: string): Promise<Resource | null> {
  const { rows } = await tx.query(`SELECT ${RESOURCE_COLUMNS} FROM resources WHERE id = $1`, [id]);
  return rows[0] ? toResource(rows[0] as Record<string, unknown>) : null;
}

/** Upper-case code from the name (`Main Hall` → `MAIN-HALL`), suffixed -2, -3 … when taken. */
export async function generateCode(tx: Tx, name: string): Promise<string> {
  const base =
    name
      .normalize('NFKD')
      .toUpperCase()
      .replace(/[^A-Z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 24)
      .replace(/-+$/, '') || 'RESOURCE';
  // Two creates in the same tenant at once would otherwise pick the same free code.
  await tx.query(
    `SELECT pg_advisory_xact_lock(hashtext('venue.catalogue.code.' || current_setting('app.tenant_id', true)))`,
  );
  const { rows } = await tx.query<{ code: string }>(
    `SELECT code FROM resources WHERE code = $1 OR code LIKE $2`,
    [base, `${base}-%`],
  );
  const taken = new Set(rows.map((r) => r.code));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

/** Field-by-field differences for the audit log. */
export function changes(before: object, after: object): Record<string, { old: unknown; new: unknown }> {
  const out: Record<string, { old: unknown; new: unknown }> = {};
  const a = before as Record<string, unknown>;
  const b = after as Record<string, unknown>;
  for (const k of Object.keys(b)) {
    if (k === 'lastUpdated' || k === 'updatedAt') continue;
    if (JSON.stringify(a[k]) !== JSON.stringify(b[k])) out[k] = { old: a[k], new: b[k] };
  }
  return out;
}
