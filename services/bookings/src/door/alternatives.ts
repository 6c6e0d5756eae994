/**
 * Free times offered instead of a refused slot (issue 25): starts of the same length on the same
 * space, nearest to the asked start on the asked day first, then the nearest one on each of the
 * following days, keeping the venue's rules (opening hours, notice, window) and every busy
 * interval clear by the new booking's own setup and pack-down buffers, as the staff form and the
 * exclusion constraint would.
 */
import { MAX_ALTERNATIVES, type SlotAlternative } from '@venue/contracts/bookings';
import { zonedInstant, type Tx } from '@venue/service-kit';
import { addDays, venueToday } from '../shared/time.ts';
import { busyIntervals, overlapsAny } from './busy.ts';
import {
  earliestStart,
  hoursOn,
  lastDate,
  type DoorResource,
  type VenueDoor,
  type WallSlot,
} from './venue-door.ts';

/** Starts are offered on the quarter hour. */
const STEP_MINUTES = 15;
/** How far past the asked day alternatives are looked for. */
const DAYS_AHEAD = 14;
/** At most this many on the asked day; the rest come one a day from the next days. */
const SAME_DAY = 3;

const toMinutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const toWall = (m: number) =>
  `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;

/** The free starts of the slot's length on one day, each with its distance from the asked start. */
function freeStarts(
  door: VenueDoor,
  resource: DoorResource,
  date: string,
  length: number,
  asked: number,
  busy: Awaited<ReturnType<typeof busyIntervals>>,
  earliest: Date,
): Array<{ start: number; distance: number }> {
  const hours = hoursOn(resource.hours, date);
  if (!hours) return [];
  const setup = resource.applyBuffers ? resource.setupBufferMinutes : 0;
  const packdown = resource.applyBuffers ? resource.packdownBufferMinutes : 0;
  const out: Array<{ start: number; distance: number }> = [];
  const first = Math.ceil(toMinutes(hours.open) / STEP_MINUTES) * STEP_MINUTES;
  for (let m = first; m + length <= toMinutes(hours.close); m += STEP_MINUTES) {
    const startsAt = zonedInstant(date, toWall(m), door.settings.timezone);
    const endsAt = zonedInstant(date, toWall(m + length), door.settings.timezone);
    // A wall time the clocks skip moves forward: such a start is not the asked length.
    if (endsAt.getTime() - startsAt.getTime() !== length * 60_000) continue;
    if (startsAt < earliest) continue;
    const slotStart = new Date(startsAt.getTime() - setup * 60_000);
    const slotEnd = new Date(endsAt.getTime() + packdown * 60_000);
    if (overlapsAny(busy, slotStart, slotEnd)) continue;
    out.push({ start: m, distance: Math.abs(m - asked) });
  }
  return out;
}

/** Up to MAX_ALTERNATIVES free slots of the same length as `slot`, nearest first (see the module comment). */
export async function alternativesFor(
  tx: Tx,
  door: VenueDoor,
  resource: DoorResource,
  slot: WallSlot,
  now: Date,
): Promise<SlotAlternative[]> {
  const length = toMinutes(slot.endTime) - toMinutes(slot.startTime);
  if (length <= 0) return [];
  const zone = door.settings.timezone;
  const earliest = earliestStart(door, now);
  const firstDay = [slot.date, venueToday(earliest, zone)].sort()[1]!;
  const lastDay = [addDays(slot.date, DAYS_AHEAD), lastDate(door, now)].sort()[0]!;
  if (firstDay > lastDay) return [];
  // One read of the busy intervals for the days looked at (buffers of either side reach a day further).
  const busy = await busyIntervals(
    tx,
    door.tenantId,
    resource.id,
    zonedInstant(addDays(firstDay, -1), '00:00', zone),
    zonedInstant(addDays(lastDay, 2), '00:00', zone),
  );
  const asked = toMinutes(slot.startTime);
  const picks: SlotAlternative[] = [];
  const add = (date: string, start: number) =>
    picks.push({ date, startTime: toWall(start), endTime: toWall(start + length) });
  for (let date = firstDay; date <= lastDay && picks.length < MAX_ALTERNATIVES; date = addDays(date, 1)) {
    const free = freeStarts(door, resource, date, length, asked, busy, earliest).filter(
      (f) => !(date === slot.date && f.start === asked),
    );
    if (free.length === 0) continue;
    const nearest = [...free].sort((a, b) => a.distance - b.distance || a.start - b.start);
    if (date === slot.date) {
      const chosen = nearest.slice(0, Math.min(SAME_DAY, MAX_ALTERNATIVES)).sort((a, b) => a.start - b.start);
      for (const f of chosen) add(date, f.start);
    } else add(date, nearest[0]!.start);
  }
  return picks.slice(0, MAX_ALTERNATIVES);
}
