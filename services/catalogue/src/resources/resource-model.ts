import type { Resource } from '@venue/contracts/catalogue';
import type { Selectable, Tx } from '@venue/service-kit';
import { isoInstant } from '../shared/common.ts';
import { db } from '../db/query.ts';
import type { ResourcesTable } from '../db/schema.ts';

// The input rules are shared with the catalogue screens.
export { WEEKDAYS, defaultHours, resourceInput } from '@venue/contracts';
export type { DayHours, OpeningHours, ResourceInput, Weekday } from '@venue/contracts';

// A resource as the API answers it (contracts catalogue/responses.ts).
export type { Resource } from '@venue/contracts/catalogue';

/**
 * The columns every resource answer is made from. The feed token's hash is read only to say
 * whether a feed is active (`icsFeedActive`); it never leaves `toResource`.
 */
export const RESOURCE_COLUMNS = [
  'id',
  'code',
  'name',
  'type',
  'capacity',
  'description',
  'internal_notes',
  'visibility',
  'status',
  'calendar_colour',
  'colour_name',
  'hours',
  'setup_buffer_minutes',
  'packdown_buffer_minutes',
  'apply_buffers',
  'equipment',
  'ics_enabled',
  'public_calendar',
  'ics_token_hash',
  'photo_id',
  'created_at',
  'updated_at',
] as const;

export type ResourceRow = Pick<Selectable<ResourcesTable>, (typeof RESOURCE_COLUMNS)[number]>;

export function toResource(r: ResourceRow): Resource {
  return {
    id: r.id,
    code: r.code,
    name: r.name,
    type: r.type,
    capacity: r.capacity,
    description: r.description,
    internalNotes: r.internal_notes,
    visibility: r.visibility,
    status: r.status,
    calendarColour: r.calendar_colour,
    colourName: r.colour_name,
    hours: r.hours,
    setupBufferMinutes: r.setup_buffer_minutes,
    packdownBufferMinutes: r.packdown_buffer_minutes,
    applyBuffers: r.apply_buffers,
    equipment: r.equipment,
    icsEnabled: r.ics_enabled,
    icsFeedActive: r.ics_token_hash !== null,
    publicCalendar: r.public_calendar,
    photoUrl: r.photo_id ? `/api/resources/${r.id}/photo?v=${r.photo_id}` : null,
    lastUpdated: isoInstant(r.updated_at),
    createdAt: isoInstant(r.created_at),
  };
}

/**
 * A resource as the booking form and the calendar show it to staff without the Resources key:
 * what booking it needs (name, capacity, colour, hours, buffers, equipment), never the internal
 * notes or the ICS feed's state.
 */
export function bookableView(r: Resource) {
  return {
    id: r.id,
    code: r.code,
    name: r.name,
    type: r.type,
    capacity: r.capacity,
    description: r.description,
    status: r.status,
    calendarColour: r.calendarColour,
    colourName: r.colourName,
    hours: r.hours,
    setupBufferMinutes: r.setupBufferMinutes,
    packdownBufferMinutes: r.packdownBufferMinutes,
    applyBuffers: r.applyBuffers,
    equipment: r.equipment,
  };
}

/** The audit log's label of a resource: "Resource Main Hall (MAIN-HALL)". */
export function resourceLabel(r: Pick<Resource, 'name' | 'code'>): string {
  return `Resource ${r.name} (${r.code})`;
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

// Queries name the tenant as well as leaving it to row-level security: the policy's
// `system scope OR tenant_id = …` cannot drive an index scan on its own (decision 19).
export async function findResource(tx: Tx, id: string): Promise<Resource | null> {
  // Outside a tenant transaction no resource is anyone's to read.
  if (!tx.tenantId) return null;
  const row = await db(tx)
    .selectFrom('resources')
    .select(RESOURCE_COLUMNS)
    .where('tenant_id', '=', tx.tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? toResource(row) : null;
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
  const q = db(tx);
  // Two creates in the same tenant at once would otherwise pick the same free code:
  // pg_advisory_xact_lock(hashtext('venue.catalogue.code.' || current_setting('app.tenant_id', true))).
  await q
    .selectNoFrom((eb) =>
      eb
        .fn('pg_advisory_xact_lock', [
          eb.fn('hashtext', [
            eb(
              eb.val('venue.catalogue.code.'),
              '||',
              eb.fn<string>('current_setting', [eb.val('app.tenant_id'), eb.lit(true)]),
            ),
          ]),
        ])
        .as('locked'),
    )
    .execute();
  const rows = await q
    .selectFrom('resources')
    .select('code')
    .where('tenant_id', '=', tx.tenantId!)
    .where((eb) => eb.or([eb('code', '=', base), eb('code', 'like', `${base}-%`)]))
    .execute();
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
