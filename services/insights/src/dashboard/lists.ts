/**
 * The Dashboard's lists (spec 01 §2): Today's Schedule, Holds Expiring Soon, Recent Activity and
 * the resource filter, from the read model (Payments Due: payments-due.ts).
 */
import {
  HOLD_EXPIRING_HOURS,
  expiresInWords,
  holdBadge,
  type Activity,
  type Hold,
  type ScheduleFilter,
  type ScheduleItem,
} from '@venue/contracts/insights';
import { venueIso, wallClock, type Tx } from '@venue/service-kit';
import { db, overlapping } from '../db/query.ts';
import { addDays, dayStart } from './days.ts';
import { actorLabel, humanise } from './text.ts';

const iso = (v: Date | string, zone: string) => venueIso(new Date(v), zone);

export interface ListInput {
  tenantId: string;
  zone: string;
  day: string;
  now: Date;
  resourceId: string | null;
}

/** Which booking statuses each toggle shows: Tentative covers holds and requests awaiting review. */
const STATUSES_OF: Record<Exclude<ScheduleFilter, 'block-out'>, string[]> = {
  confirmed: ['confirmed', 'completed'],
  pending: ['tentative', 'pending'],
};

/** The venue day's bounds: from its start to the next day's. */
interface DayBounds {
  from: Date;
  to: Date;
}

/** The day's bookings and block-outs the toggles ask for, by start time. */
export async function schedule(
  tx: Tx,
  input: ListInput,
  filters: readonly ScheduleFilter[],
): Promise<ScheduleItem[]> {
  const day = { from: dayStart(input.day, input.zone), to: dayStart(addDays(input.day, 1), input.zone) };
  const statuses = filters.flatMap((f) => (f === 'block-out' ? [] : STATUSES_OF[f]));
  // The bookings and the block-outs are asked for together (one round trip on the server).
  const items = (
    await Promise.all([
      statuses.length === 0 ? [] : dayBookings(tx, input, day, statuses),
      filters.includes('block-out') ? dayBlockouts(tx, input, day) : [],
    ])
  ).flat();
  return items.sort((a, b) => a.startsAt.localeCompare(b.startsAt) || a.resource.localeCompare(b.resource));
}

/** An item's times: on the venue's clock, clipped to the day (00:00, 23:59) when it runs past it. */
function itemTimes(
  startsAt: Date | string,
  endsAt: Date | string,
  day: DayBounds,
  zone: string,
): Pick<ScheduleItem, 'time' | 'endTime' | 'startsAt' | 'endsAt'> {
  const clip = (at: Date | string, edge: Date, after: boolean): string => {
    const t = new Date(at);
    if (after ? t < edge : t > edge) return after ? '00:00' : '23:59';
    return wallClock(t, zone).time;
  };
  return {
    time: clip(startsAt, day.from, true),
    endTime: clip(endsAt, day.to, false),
    startsAt: iso(startsAt, zone),
    endsAt: iso(endsAt, zone),
  };
}

/** The day's bookings of the statuses asked for. */
async function dayBookings(
  tx: Tx,
  input: ListInput,
  day: DayBounds,
  statuses: string[],
): Promise<ScheduleItem[]> {
  const rows = await db(tx)
    .selectFrom('bookings as b')
    .select([
      'b.id',
      'b.booking_code',
      'b.customer_name',
      'b.resource_id',
      'b.resource_name',
      'b.title',
      'b.status',
      'b.starts_at',
      'b.ends_at',
    ])
    .where('b.tenant_id', '=', input.tenantId)
    // Through the start-time index from a week before the day (and the long bookings' own):
    // `starts_at < to` alone read every earlier booking of the tenant.
    .where((eb) => overlapping(eb, day.from, day.to))
    .where('b.status', 'in', statuses)
    .$if(input.resourceId !== null, (q) => q.where('b.resource_id', '=', input.resourceId!))
    .orderBy('b.starts_at')
    .orderBy('b.id')
    .limit(500)
    .execute();
  return rows.map((r) => ({
    ...itemTimes(r.starts_at, r.ends_at, day, input.zone),
    title: r.title,
    resource: r.resource_name,
    resourceId: r.resource_id,
    status: r.status === 'confirmed' || r.status === 'completed' ? 'confirmed' : 'tentative',
    bookingId: r.id,
    bookingCode: r.booking_code,
    customer: r.customer_name,
    blockoutId: null,
  }));
}

/** The day's block-outs, one item per resource each covers. */
async function dayBlockouts(tx: Tx, input: ListInput, day: DayBounds): Promise<ScheduleItem[]> {
  const rows = await db(tx)
    // One row per resource of each block-out of the day (unnest in the inner select).
    .selectFrom((eb) =>
      eb
        .selectFrom('blockouts as b')
        .select((e) => [
          'b.tenant_id',
          'b.id',
          'b.reason',
          'b.starts_at',
          'b.ends_at',
          e.fn<string>('unnest', ['b.resource_ids']).as('resource_id'),
        ])
        .where('b.tenant_id', '=', input.tenantId)
        .where('b.deleted', '=', false)
        .where('b.starts_at', '<', day.to)
        .where('b.ends_at', '>', day.from)
        .as('x'),
    )
    .leftJoin('resources as res', (j) =>
      j.onRef('res.tenant_id', '=', 'x.tenant_id').onRef('res.id', '=', 'x.resource_id'),
    )
    .select(['x.id', 'x.resource_id', 'res.name as resource_name', 'x.reason', 'x.starts_at', 'x.ends_at'])
    .$if(input.resourceId !== null, (q) => q.where('x.resource_id', '=', input.resourceId!))
    .orderBy('x.starts_at')
    .orderBy('x.id')
    .limit(500)
    .execute();
  return rows.map((r) => ({
    ...itemTimes(r.starts_at, r.ends_at, day, input.zone),
    title: r.reason ? `Block-out: ${r.reason}` : 'Block-out',
    resource: r.resource_name ?? 'Unknown resource',
    resourceId: r.resource_id,
    status: 'block-out',
    bookingId: null,
    bookingCode: null,
    customer: null,
    blockoutId: r.id,
  }));
}

/** Tentative holds with under 48 hours left (from now), soonest first. */
export async function holdsExpiring(tx: Tx, input: ListInput): Promise<Hold[]> {
  const rows = await db(tx)
    .selectFrom('bookings')
    .select([
      'id',
      'booking_code',
      'resource_id',
      'resource_name',
      'customer_name',
      'starts_at',
      'hold_expires_at',
    ])
    .where('tenant_id', '=', input.tenantId)
    .where('status', '=', 'tentative')
    .where('hold_expires_at', '>', input.now)
    .where('hold_expires_at', '<=', new Date(input.now.getTime() + HOLD_EXPIRING_HOURS * 3_600_000))
    .$if(input.resourceId !== null, (q) => q.where('resource_id', '=', input.resourceId!))
    .orderBy('hold_expires_at')
    .orderBy('id')
    .limit(100)
    .execute();
  return rows.map((r) => {
    const minutesLeft = Math.max(
      0,
      Math.floor((new Date(r.hold_expires_at!).getTime() - input.now.getTime()) / 60_000),
    );
    return {
      booking: r.booking_code,
      bookingId: r.id,
      resource: r.resource_name,
      resourceId: r.resource_id,
      start: iso(r.starts_at, input.zone),
      expiresAt: iso(r.hold_expires_at!, input.zone),
      minutesLeft,
      expiresIn: expiresInWords(minutesLeft),
      badge: holdBadge(minutesLeft),
      customer: r.customer_name,
    };
  });
}

/** The newest audit entries; a staff member sees their own, as on the Audit Log. */
export async function recentActivity(
  tx: Tx,
  input: { tenantId: string; zone: string; onlyActor: string | null },
  limit = 10,
): Promise<Activity[]> {
  const rows = await db(tx)
    .selectFrom('activity')
    .select([
      'event_id',
      'at',
      'actor_email',
      'actor_role',
      'action',
      'target_type',
      'target',
      'target_label',
    ])
    .where('tenant_id', '=', input.tenantId)
    .$if(input.onlyActor !== null, (q) => q.where('actor_id', '=', input.onlyActor!))
    .orderBy('at', 'desc')
    .orderBy('event_id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => {
    const what = r.target_label ?? r.target;
    return {
      id: r.event_id,
      at: iso(r.at, input.zone),
      actor: actorLabel(r.actor_email, r.actor_role),
      text: what ? `${humanise(r.action)}: ${what}` : humanise(r.action),
      action: r.action,
      targetType: r.target_type,
    };
  });
}

/** The resource filter's choices: active resources by name. */
export async function resourceChoices(
  tx: Tx,
  tenantId: string,
): Promise<Array<{ id: string; name: string }>> {
  const rows = await db(tx)
    .selectFrom('resources')
    .select(['id', 'name'])
    .where('tenant_id', '=', tenantId)
    .where('status', '=', 'active')
    .where('deleted', '=', false)
    .orderBy((eb) => eb.fn('lower', ['name']))
    .orderBy('id')
    .execute();
  return rows;
}
