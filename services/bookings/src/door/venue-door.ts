/**
 * A venue's door as bookings reads it (issue 25, decision 56): Settings → Online bookings from
 * bookings' copy of admin's snapshot (never asked of admin on a visitor's request), the space a
 * visitor names, and the venue's own rules for a slot (opening hours, minimum notice, booking
 * window) in the venue's time zone and formats.
 */
import {
  VENUE_NOT_ONLINE_MESSAGE,
  WEEKDAYS,
  WEEKDAY_NAMES,
  onlineBookingsSchema,
  type OnlineBookings,
  type OpeningHours,
} from '@venue/contracts';
import { RESOURCE_NOT_ONLINE_MESSAGE, type SlotRefusal } from '@venue/contracts/bookings';
import { paymentSettingsSnapshotSchema } from '@venue/contracts/money-api';
import { notFound, zonedInstant, type Tx } from '@venue/service-kit';
import { db } from '../db/query.ts';
import type { Deps } from '../deps.ts';
import { localResource } from '../availability/resources.ts';
import type { CatalogueResource } from '../remote/clients.ts';
import { tenantSettings, type TenantSettings } from '../remote/tenant-settings.ts';
import { addDays, dayText, venueIso, venueToday, wallTimeText } from '../shared/time.ts';

export interface VenueDoor {
  tenantId: string;
  settings: TenantSettings;
  online: OnlineBookings;
}

/**
 * The venue's settings and its Online bookings, from bookings' copy: 503 before the copy
 * arrives (as for staff), 404 "This venue does not take online bookings." when the copy says
 * the page is off (the gateway asked admin already; the copy may only be a moment behind).
 */
export async function openDoor(tx: Tx, tenantId: string): Promise<VenueDoor> {
  const settings = await tenantSettings(tx, tenantId);
  const snapshot = await snapshotOf(tx, tenantId);
  const parsed = onlineBookingsSchema.safeParse(snapshot?.onlineBookings);
  if (!parsed.success || !parsed.data.enabled) throw notFound(VENUE_NOT_ONLINE_MESSAGE);
  return { tenantId, settings, online: parsed.data };
}

/** The whole snapshot bookings' copy keeps (for the fields beyond its columns). */
async function snapshotOf(tx: Tx, tenantId: string): Promise<Record<string, unknown> | null> {
  const row = await db(tx)
    .selectFrom('tenant_settings')
    .select('snapshot')
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
  return (row?.snapshot as Record<string, unknown> | undefined) ?? null;
}

/** The venue as its customers know it (Settings → Payments: the business's name and address). */
export async function venueContact(
  tx: Tx,
  tenantId: string,
): Promise<{ name: string; address: string | null; phone: string | null; email: string | null }> {
  const parsed = paymentSettingsSnapshotSchema.safeParse((await snapshotOf(tx, tenantId))?.payment);
  const p = parsed.success ? parsed.data : null;
  const or = (v: string | undefined) => (v?.trim() ? v.trim() : null);
  return {
    name: p?.businessName.trim() ?? '',
    address: or(p?.businessAddress),
    phone: or(p?.businessPhone),
    email: or(p?.businessEmail),
  };
}

/** A space as the door reads it: bookings' copy (with its hours), or the catalogue's list when the copy lacks them. */
export interface DoorResource extends CatalogueResource {
  hours: OpeningHours | null;
}

/**
 * The space the visitor names, if the venue takes requests for it: listed in Online bookings
 * and active. bookings' copy when it has the hours; otherwise (a copy from before the hours were
 * copied, or none yet) the catalogue's list, asked with no transaction open. `fetched` is what
 * the caller may store in its write transaction. 404 otherwise, the same for an unknown id.
 */
export async function doorResource(
  deps: Deps,
  door: VenueDoor,
  resourceId: string,
  known: CatalogueResource | null,
): Promise<{ resource: DoorResource; fetched: CatalogueResource[] }> {
  if (!door.online.resourceIds.includes(resourceId.toLowerCase()))
    throw notFound(RESOURCE_NOT_ONLINE_MESSAGE);
  let resource = known;
  let fetched: CatalogueResource[] = [];
  if (!resource || !resource.hours) {
    const remote = (await deps.clients.resources(door.tenantId)) ?? [];
    const found = remote.find((r) => r.id === resourceId);
    if (found) {
      resource = found;
      fetched = remote;
    }
  }
  if (!resource || resource.status !== 'active') throw notFound(RESOURCE_NOT_ONLINE_MESSAGE);
  return { resource: { ...resource, hours: resource.hours ?? null }, fetched };
}

/** bookings' copy of the space (null when it has none), for `doorResource`. */
export const knownResource = (tx: Tx, resourceId: string) => localResource(tx, resourceId);

const WEEKDAY_OF_INDEX = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;

/** The weekday key of a venue day (`yyyy-MM-dd`). */
export const weekdayOf = (date: string) => WEEKDAY_OF_INDEX[new Date(`${date}T00:00:00Z`).getUTCDay()]!;

/**
 * The space's opening hours on a venue day, or null when it is closed then. A space whose
 * hours bookings does not know is taken as closed: no request is let in on a guess.
 */
export function hoursOn(hours: OpeningHours | null, date: string): { open: string; close: string } | null {
  const day = hours?.[weekdayOf(date)];
  if (!day || day.closed || day.close <= day.open) return null;
  return { open: day.open, close: day.close };
}

/** The first instant a request may start: now plus the venue's minimum notice. */
export const earliestStart = (door: VenueDoor, now: Date) =>
  new Date(now.getTime() + door.online.minNoticeHours * 3_600_000);

/** The last venue day a request may fall on: today plus the booking window. */
export const lastDate = (door: VenueDoor, now: Date) =>
  addDays(venueToday(now, door.settings.timezone), door.online.windowDays);

export interface WallSlot {
  date: string;
  startTime: string;
  endTime: string;
}

export interface RuleRefusal {
  reason: Exclude<SlotRefusal, 'taken'>;
  message: string;
}

/**
 * The venue's own rules for a slot, in the order a visitor would fix them: a day that has
 * passed or is past the window, a closed day, times outside the opening hours, too little
 * notice. null when the slot keeps them all (whether it is free is the database's to say).
 */
export function ruleRefusal(
  door: VenueDoor,
  resource: DoorResource,
  slot: WallSlot,
  now: Date,
): RuleRefusal | null {
  const { timezone, timeFormat, dateFormat } = door.settings;
  const today = venueToday(now, timezone);
  if (slot.date < today)
    return { reason: 'outside_window', message: 'That date has passed. Please choose another.' };
  const last = lastDate(door, now);
  if (slot.date > last)
    return {
      reason: 'outside_window',
      message: `The venue takes requests up to ${door.online.windowDays} days ahead (until ${dayText(last, dateFormat)}). Please choose an earlier date.`,
    };
  const day = WEEKDAY_NAMES[weekdayOf(slot.date)];
  const open = hoursOn(resource.hours, slot.date);
  if (!open)
    return { reason: 'closed', message: `${resource.name} is closed on ${day}s. Please choose another day.` };
  if (slot.startTime < open.open || slot.endTime > open.close)
    return {
      reason: 'outside_hours',
      message: `${resource.name} is open from ${wallTimeText(open.open, timeFormat)} to ${wallTimeText(open.close, timeFormat)} on ${day}s. Please choose times within them.`,
    };
  const earliest = earliestStart(door, now);
  if (zonedInstant(slot.date, slot.startTime, timezone) < earliest) {
    const at = venueIso(earliest, timezone);
    return {
      reason: 'too_soon',
      message: `Requests need at least ${door.online.minNoticeHours} hours' notice: the earliest start is ${dayText(at.slice(0, 10), dateFormat)} ${wallTimeText(at.slice(11, 16), timeFormat)}.`,
    };
  }
  return null;
}

export const TAKEN_MESSAGE =
  'This time is taken. Please choose one of the free times offered, or another time.';

/** The weekday names for the rules above (re-exported for the availability answer). */
export { WEEKDAYS };
