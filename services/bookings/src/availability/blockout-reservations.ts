/**
 * Block-outs take their time here, in the same slot table and under the same exclusion
 * constraint as bookings, before the catalogue stores them (issue 24 item 8, decision 55): the
 * catalogue calls `POST /internal/blockouts/reserve` and commits only what this accepted, so a
 * block-out and a booking are decided between at write time, whichever comes first — never by an
 * event that arrives after a booking was let in.
 *
 * A reserve sets block-outs to exactly the periods and resources it names, in one transaction:
 * their old rows and slots go, the new ones are written and claim their slots. A slot a booking
 * holds refuses the whole write (409 `blockout_over_bookings`, nothing changed), unless the venue
 * asked to block out over bookings (decision 13, amended): then the block-out is recorded over
 * them and waits for their slots. A slot another block-out holds is no clash (the time is blocked
 * either way): the new one waits for it. `blockout_revisions` orders the writes of each block-out
 * (a late retry of an older revision is refused as `blockout_stale`) and remembers releases.
 */
import {
  BLOCKOUT_OVER_BOOKINGS,
  BLOCKOUT_STALE,
  type BlockoutClash,
  type BlockoutReleaseBody,
  type BlockoutReserveAnswer,
  type BlockoutReserveBody,
} from '@venue/contracts/bookings';
import { conflict, sql, type Tx } from '@venue/service-kit';
import { dateText, db, NOW } from '../db/query.ts';
import { dayText, wallTimeText, type VenueClock } from '../shared/time.ts';
import { explainBooking, type VenueSpan } from './conflicts.ts';
import { reclaimBlockouts } from './resource-slots.ts';

/** Clashes listed in a refusal's message; the answer's `clashes` carries them all (up to 50). */
const NAMED = 3;
const LISTED = 50;

/**
 * Records `revision` for the block-outs `ids`, locking their revision rows: true when every one
 * may take it (never released, and no newer revision applied). Equal revisions pass, so a
 * repeated call repeats its write.
 */
async function takeRevision(tx: Tx, tenantId: string, ids: string[], revision: number): Promise<boolean> {
  const taken = await db(tx)
    .insertInto('blockout_revisions')
    .columns(['tenant_id', 'blockout_id', 'revision'])
    .expression((eb) =>
      eb
        .selectFrom(idsOf(ids).as('i'))
        .select((s) => [s.val(tenantId).as('tenant_id'), 'i.id', s.val(revision).as('revision')])
        // one writer's rows in one order, so two writers of the same block-outs never deadlock
        .orderBy('i.id'),
    )
    .onConflict((oc) =>
      oc
        .columns(['tenant_id', 'blockout_id'])
        .doUpdateSet((eb) => ({ revision: eb.ref('excluded.revision'), updated_at: NOW }))
        .where('blockout_revisions.released', '=', false)
        .where('blockout_revisions.revision', '<=', (eb) => eb.ref('excluded.revision')),
    )
    .returning('blockout_id')
    .execute();
  return taken.length === ids.length;
}

/** A list of uuids as rows `id` (one JSON parameter, read alike by both drivers). */
function idsOf(ids: string[]) {
  // sql: a set-returning function over a JSON array, which the builder has no form for
  return sql<{
    id: string;
  }>`(SELECT value::uuid AS id FROM jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))`;
}

/** The block-outs' rows and slots go; answers the resources whose time was freed. */
async function dropRows(tx: Tx, tenantId: string, ids: string[]): Promise<string[]> {
  await db(tx)
    .deleteFrom('resource_slots')
    .where('tenant_id', '=', tenantId)
    .where('blockout_id', 'in', ids)
    .execute();
  const gone = await db(tx)
    .deleteFrom('blockouts')
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', ids)
    .returning('resource_id')
    .execute();
  return [...new Set(gone.map((r) => r.resource_id))].sort();
}

/** Bookings whose slots hold part of an unclaimed block-out of `ids`, in the venue's formats. */
async function clashesOf(
  tx: Tx,
  tenantId: string,
  ids: string[],
  clock: VenueClock,
): Promise<BlockoutClash[]> {
  const rows = await db(tx)
    .selectFrom('blockouts as o')
    .innerJoin('resource_slots as s', (join) =>
      join
        .onRef('s.tenant_id', '=', 'o.tenant_id')
        .onRef('s.resource_id', '=', 'o.resource_id')
        .on('s.kind', '=', 'booking')
        // sql: && of the booking's slot and the block-out's instants as a range
        .on(sql<boolean>`s.slot && tstzrange(o.starts_at, o.ends_at)`),
    )
    .innerJoin('bookings as b', (join) =>
      join.onRef('b.tenant_id', '=', 's.tenant_id').onRef('b.id', '=', 's.booking_id'),
    )
    .select((eb) => [
      'o.id as blockout_id',
      'o.resource_id',
      'o.starts_at as blockout_starts_at',
      'o.ends_at as blockout_ends_at',
      'b.id',
      'b.resource_name',
      'b.booking_code',
      'b.customer_name',
      'b.event_type',
      'b.status',
      dateText(eb.ref('b.booking_date')).as('booking_date'),
      'b.start_time',
      'b.end_time',
      'b.starts_at',
      'b.ends_at',
      eb.fn<Date>('lower', ['s.slot']).as('slot_start'),
      eb.fn<Date>('upper', ['s.slot']).as('slot_end'),
    ])
    .where('o.tenant_id', '=', tenantId)
    .where('o.id', 'in', ids)
    .where('o.claimed', '=', false)
    .orderBy('b.starts_at')
    .orderBy('b.resource_name')
    .limit(LISTED)
    .execute();
  return rows.map((r) => {
    const startsAt = new Date(r.blockout_starts_at);
    const endsAt = new Date(r.blockout_ends_at);
    const span: VenueSpan = {
      slotStart: startsAt,
      slotEnd: endsAt,
      startsAt,
      endsAt,
      timeZone: clock.timezone,
      timeFormat: clock.timeFormat,
      dateFormat: clock.dateFormat,
    };
    return {
      blockoutId: r.blockout_id,
      resourceId: r.resource_id,
      resourceName: r.resource_name,
      bookingId: r.id,
      bookingCode: r.booking_code,
      customer: r.customer_name,
      eventType: r.event_type,
      status: r.status,
      bookingDate: r.booking_date,
      startTime: r.start_time,
      endTime: r.end_time,
      explanation: explainBooking(span, r).explanation,
    };
  });
}

/** "HH-2027-0001 Smith (Wedding), Main Hall, 15/01/2027 10:00 AM–2:00 PM": one clash, as the venue reads dates and times. */
function clashWords(c: BlockoutClash, clock: VenueClock): string {
  const time = (t: string) => wallTimeText(t, clock.timeFormat);
  return `${c.bookingCode} ${c.customer} (${c.eventType}), ${c.resourceName}, ${dayText(c.bookingDate, clock.dateFormat)} ${time(c.startTime)}–${time(c.endTime)}`;
}

export function overBookingsMessage(clashes: BlockoutClash[], clock: VenueClock): string {
  const bookings = new Set(clashes.map((c) => c.bookingId));
  const one = bookings.size === 1;
  const named = [...new Map(clashes.map((c) => [c.bookingId, c])).values()].slice(0, NAMED);
  const more = bookings.size - named.length;
  return (
    `This block-out overlaps ${one ? 'a booking' : `${bookings.size} bookings`}: ` +
    named.map((c) => clashWords(c, clock)).join('; ') +
    (more > 0 ? `; and ${more} more` : '') +
    `. Move or cancel ${one ? 'it' : 'them'} first, or block out over ${one ? 'it' : 'them'}.`
  );
}

/**
 * Sets the block-outs of `body` to its periods on its resources (see the file's comment). Throws
 * the 409 of a refusal; the caller's transaction then rolls back, so nothing changed.
 */
export async function reserveBlockouts(
  tx: Tx,
  body: BlockoutReserveBody,
  clock: VenueClock,
): Promise<BlockoutReserveAnswer> {
  const { tenantId, revision } = body;
  const ids = [...new Set(body.blockouts.map((b) => b.id))].sort();
  if (!(await takeRevision(tx, tenantId, ids, revision)))
    throw conflict('This block-out was changed or deleted since; this write is out of date.', {
      code: BLOCKOUT_STALE,
      clashes: [],
    });
  const freed = await dropRows(tx, tenantId, ids);
  await insertBlockoutRows(tx, body);
  await takeSlots(tx, tenantId, ids);
  const clashes = await clashesOf(tx, tenantId, ids, clock);
  if (clashes.length > 0 && !body.overBookings)
    throw conflict(overBookingsMessage(clashes, clock), { code: BLOCKOUT_OVER_BOOKINGS, clashes });
  await announceOverlaps(tx, tenantId, clashes);
  // Time an earlier version of these block-outs let go of goes to block-outs waiting for it.
  for (const resourceId of freed) await reclaimBlockouts(tx, tenantId, resourceId);
  return { revision, waiting: clashes };
}

/** Every block-out × every resource (up to 366 × 500), built in the database from two JSON lists. */
async function insertBlockoutRows(tx: Tx, body: BlockoutReserveBody): Promise<void> {
  const { tenantId } = body;
  const periods = body.blockouts.map((b) => ({ id: b.id, starts_at: b.startsAt, ends_at: b.endsAt }));
  await db(tx)
    .insertInto('blockouts')
    .columns(['tenant_id', 'id', 'resource_id', 'starts_at', 'ends_at', 'reason'])
    .expression((eb) =>
      eb
        .selectFrom(
          // sql: the periods as rows (a set-returning function with a column list)
          sql<{
            id: string;
            starts_at: Date;
            ends_at: Date;
          }>`(SELECT * FROM jsonb_to_recordset(${JSON.stringify(periods)}::jsonb) AS x(id uuid, starts_at timestamptz, ends_at timestamptz))`.as(
            'p',
          ),
        )
        .crossJoin(idsOf(body.resourceIds).as('r'))
        .select((s) => [
          s.val(tenantId).as('tenant_id'),
          'p.id',
          'r.id as resource_id',
          'p.starts_at',
          'p.ends_at',
          s.val(body.reason).as('reason'),
        ]),
    )
    .execute();
}

/**
 * Their slots, in one order (resource, start) so that two block-out writes never deadlock. A
 * slot someone holds leaves the row unclaimed; an in-flight writer of it is waited for first.
 */
async function takeSlots(tx: Tx, tenantId: string, ids: string[]): Promise<void> {
  await db(tx)
    .insertInto('resource_slots')
    .columns(['tenant_id', 'resource_id', 'kind', 'blockout_id', 'slot'])
    .expression((eb) =>
      eb
        .selectFrom('blockouts as o')
        .select((s) => [
          'o.tenant_id',
          'o.resource_id',
          s.val('blockout').as('kind'),
          'o.id',
          // sql: the block-out's instants as the slot's range (no builder constructor for ranges)
          sql<string>`tstzrange(o.starts_at, o.ends_at)`.as('slot'),
        ])
        .where('o.tenant_id', '=', tenantId)
        .where('o.id', 'in', ids)
        .orderBy('o.resource_id')
        .orderBy('o.starts_at'),
    )
    .onConflict((oc) => oc.doNothing())
    .execute();
  await db(tx)
    .updateTable('blockouts as o')
    .set((eb) => ({
      claimed: eb
        .exists(
          eb
            .selectFrom('resource_slots as s')
            .select('s.id')
            .whereRef('s.tenant_id', '=', 'o.tenant_id')
            .whereRef('s.blockout_id', '=', 'o.id')
            .whereRef('s.resource_id', '=', 'o.resource_id'),
        )
        .$castTo<boolean>(),
    }))
    .where('o.tenant_id', '=', tenantId)
    .where('o.id', 'in', ids)
    .execute();
}

/** One overlap event per block-out and resource over bookings (clashes list each booking). */
async function announceOverlaps(tx: Tx, tenantId: string, clashes: BlockoutClash[]): Promise<void> {
  const announced = new Set<string>();
  for (const c of clashes) {
    const key = `${c.blockoutId} ${c.resourceId}`;
    if (announced.has(key)) continue;
    announced.add(key);
    await tx.publish(
      'booking.blockout_overlap',
      { blockoutId: c.blockoutId, resourceId: c.resourceId },
      { tenantId },
    );
  }
}

/**
 * The block-outs `ids` are gone for good: their rows and slots go, their revision rows say so (a
 * late reserve of them is then refused), and the time goes to block-outs waiting for it.
 */
export async function releaseBlockouts(tx: Tx, body: BlockoutReleaseBody): Promise<number> {
  const { tenantId } = body;
  const ids = [...new Set(body.ids)].sort();
  await db(tx)
    .insertInto('blockout_revisions')
    .columns(['tenant_id', 'blockout_id', 'revision', 'released'])
    .expression((eb) =>
      eb
        .selectFrom(idsOf(ids).as('i'))
        .select((s) => [
          s.val(tenantId).as('tenant_id'),
          'i.id',
          s.val(0).as('revision'),
          s.val(true).as('released'),
        ])
        .orderBy('i.id'),
    )
    .onConflict((oc) =>
      oc.columns(['tenant_id', 'blockout_id']).doUpdateSet({ released: true, updated_at: NOW }),
    )
    .execute();
  const gone = await db(tx)
    .selectFrom('blockouts')
    .select('id')
    .distinct()
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', ids)
    .execute();
  const freed = await dropRows(tx, tenantId, ids);
  for (const resourceId of freed) await reclaimBlockouts(tx, tenantId, resourceId);
  return gone.length;
}

/** Whether bookings has taken a reserve or release of the block-out (the catalogue's events then only confirm it). */
export async function reservedHere(tx: Tx, tenantId: string, id: string): Promise<boolean> {
  const row = await db(tx)
    .selectFrom('blockout_revisions')
    .select('blockout_id')
    .where('tenant_id', '=', tenantId)
    .where('blockout_id', '=', id)
    .executeTakeFirst();
  return row !== undefined;
}
