/**
 * A block-out's write, shared by the create, bulk and edit handlers: the checks, the periods on
 * the venue's clock, and the three steps through bookings (decision 55).
 */
import type { BlockoutInput } from '@venue/contracts/catalogue';
import { randomUUID } from 'node:crypto';
import {
  badRequest,
  conflict,
  inRequestTx,
  notFound,
  zonedInstant,
  type AppContext,
  type Tx,
} from '@venue/service-kit';
import { principal, tenantOf } from '../shared/common.ts';
import { db } from '../db/query.ts';
import { venueTimeZone } from '../shared/time-zone.ts';
import {
  applyIntent,
  CHANGED_MEANWHILE,
  discardIntent,
  recordIntent,
  reserveOf,
  settleIntent,
  unconfirmed,
  type Intent,
  type IntentPayload,
  type PeriodFields,
} from './blockout-intents.ts';
import { findBlockout, type Blockout } from './blockout-store.ts';
import type { BookingsSlots } from './bookings-slots.ts';

export const BLOCKOUT_NOT_FOUND = 'Block-out not found';

/** Every listed resource must exist in this tenant and be active. */
export async function checkResources(ctx: AppContext, tx: Tx, ids: string[]): Promise<void> {
  const rows = await db(tx)
    .selectFrom('resources')
    .select(['id', 'status'])
    .where('tenant_id', '=', tenantOf(ctx))
    .where((eb) => eb('id', '=', eb.fn.any(eb.val(ids))))
    .execute();
  if (rows.length !== ids.length) throw notFound('Resource not found');
  if (rows.some((r) => r.status !== 'active')) throw badRequest('Only active resources can be blocked out');
}

const FOLDED = 'End time must be after start time';

export function instants(input: BlockoutInput, zone: string) {
  const startsAt = zonedInstant(input.dateFrom, input.timeFrom, zone);
  const endsAt = zonedInstant(input.dateTo, input.timeTo, zone);
  // A daylight-saving change can fold a short same-day range onto itself.
  if (endsAt <= startsAt) throw badRequest(FOLDED, { errors: [{ path: 'timeTo', message: FOLDED }] });
  return { startsAt, endsAt };
}

const nextDay = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/**
 * The days of a daily bulk block-out, each from the start time to the end time on the venue's
 * clock (so a daylight-saving change gives that day its real length).
 */
function dailyPeriods(input: BlockoutInput, zone: string) {
  const days: { day: string; startsAt: Date; endsAt: Date }[] = [];
  for (let day = input.dateFrom; day <= input.dateTo; day = nextDay(day)) {
    const startsAt = zonedInstant(day, input.timeFrom, zone);
    const endsAt = zonedInstant(day, input.timeTo, zone);
    if (endsAt <= startsAt) {
      const message = `On ${day} the end time is not after the start time (a daylight-saving change)`;
      throw badRequest(message, { errors: [{ path: 'timeTo', message }] });
    }
    days.push({ day, startsAt, endsAt });
  }
  return days;
}

/** Dates, times, zone, instants, reason and notes of one period, as the intent keeps them. */
export function periodFields(input: BlockoutInput, zone: string, startsAt: Date, endsAt: Date): PeriodFields {
  return {
    date_from: input.dateFrom,
    date_to: input.dateTo,
    time_from: input.timeFrom,
    time_to: input.timeTo,
    time_zone: zone,
    starts_at: startsAt.toISOString(),
    ends_at: endsAt.toISOString(),
    reason: input.reason,
    notes: input.notes,
  };
}

/** The stored block-out's fields, what an edit's undo puts back. */
export function storedFields(b: Blockout): PeriodFields {
  return {
    date_from: b.dateFrom,
    date_to: b.dateTo,
    time_from: b.timeFrom,
    time_to: b.timeTo,
    time_zone: b.timeZone,
    starts_at: b.startsAt,
    ends_at: b.endsAt,
    reason: b.reason,
    notes: b.notes,
  };
}

export function actorOf(ctx: AppContext): IntentPayload['actor'] {
  const p = principal(ctx);
  return { id: p.userId, email: p.email, role: p.role };
}

/**
 * A block-out write in its three steps (blockout-intents.ts, decision 55): the intent `plan`
 * builds in the first transaction (after the checks), bookings' reserve with no transaction
 * open, then the block-outs stored — or bookings' 409 answered with nothing stored, or a 503
 * when bookings did not confirm (settled at once when bookings answers the undo).
 */
export async function writeThroughBookings(
  ctx: AppContext,
  slots: BookingsSlots,
  plan: (t: Tx) => Promise<Intent>,
): Promise<Blockout[]> {
  const intent = await inRequestTx(ctx, async (t) => {
    const planned = await plan(t);
    await recordIntent(t, planned);
    return planned;
  });
  const outcome = await slots.reserve(reserveOf(intent));
  if (outcome.kind === 'accepted') {
    const stored = await inRequestTx(ctx, (t) =>
      applyIntent(t, intent, ctx, { fresh: true, revision: intent.revision }),
    );
    if (stored) return stored;
    // an edited block-out deleted meanwhile (its delete releases it in bookings)
    throw conflict(CHANGED_MEANWHILE);
  }
  if (outcome.kind === 'refused') {
    await inRequestTx(ctx, (t) => discardIntent(t, intent, intent.revision));
    const { message, code, clashes } = outcome.refusal;
    if (code === 'blockout_stale') throw conflict(CHANGED_MEANWHILE, { code });
    throw conflict(message, { code, clashes });
  }
  const settled = await settleIntent((fn) => inRequestTx(ctx, fn), slots, intent, ctx);
  if (settled.kind === 'applied') return settled.blockouts;
  throw unconfirmed(settled);
}

/** The intent of a create: one block-out per row of `periods`, on the input's resources. */
function createIntent(
  ctx: AppContext,
  input: BlockoutInput,
  rows: PeriodFields[],
  daily: IntentPayload['daily'],
): Intent {
  return {
    tenantId: tenantOf(ctx),
    id: randomUUID(),
    kind: 'create',
    target: null,
    revision: 1,
    payload: {
      rows: rows.map((r) => ({ id: randomUUID(), ...r })),
      resourceIds: input.resourceIds,
      overBookings: input.overBookings,
      actor: actorOf(ctx),
      ...(daily ? { daily } : {}),
    },
  };
}

/** One block-out: the period from the start date and time to the end date and time. */
export const createBlockout = (ctx: AppContext, slots: BookingsSlots, input: BlockoutInput) =>
  writeThroughBookings(ctx, slots, async (tx) => {
    await checkResources(ctx, tx, input.resourceIds);
    const zone = await venueTimeZone(tx, tenantOf(ctx));
    const { startsAt, endsAt } = instants(input, zone);
    return createIntent(ctx, input, [periodFields(input, zone, startsAt, endsAt)], undefined);
  });

/**
 * One block-out per day from `dateFrom` to `dateTo`, each `timeFrom`–`timeTo`, reserved and
 * stored together; each is announced as its own blockout.created, the action audited once.
 */
export const createDaily = (ctx: AppContext, slots: BookingsSlots, input: BlockoutInput) =>
  writeThroughBookings(ctx, slots, async (tx) => {
    await checkResources(ctx, tx, input.resourceIds);
    const zone = await venueTimeZone(tx, tenantOf(ctx));
    const rows = dailyPeriods(input, zone).map((d) =>
      periodFields({ ...input, dateFrom: d.day, dateTo: d.day }, zone, d.startsAt, d.endsAt),
    );
    const { dateFrom, dateTo, timeFrom, timeTo } = input;
    return createIntent(ctx, input, rows, { dateFrom, dateTo, timeFrom, timeTo });
  });

/** The intent of an edit: the block-out's new period and resources, with what an undo puts back. */
export async function editIntent(ctx: AppContext, tx: Tx, id: string, input: BlockoutInput): Promise<Intent> {
  const before = await findBlockout(tx, id);
  if (!before) throw notFound(BLOCKOUT_NOT_FOUND);
  // Resources already on the block-out may stay even if archived since; new ones must be active.
  const added = input.resourceIds.filter((r) => !before.resourceIds.includes(r));
  if (added.length) await checkResources(ctx, tx, added);
  const kept = input.resourceIds.filter((r) => before.resourceIds.includes(r));
  if (kept.length) {
    const found = await db(tx)
      .selectFrom('resources')
      .select('id')
      .where('tenant_id', '=', tenantOf(ctx))
      .where((eb) => eb('id', '=', eb.fn.any(eb.val(kept))))
      .execute();
    if (found.length !== kept.length) throw notFound('Resource not found');
  }
  const { revision } = await db(tx)
    .selectFrom('blockouts')
    .select('revision')
    .where('tenant_id', '=', tenantOf(ctx))
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  const zone = await venueTimeZone(tx, tenantOf(ctx));
  const { startsAt, endsAt } = instants(input, zone);
  return {
    tenantId: tenantOf(ctx),
    id: randomUUID(),
    kind: 'update',
    target: id,
    revision: Number(revision) + 1,
    payload: {
      rows: [{ id, ...periodFields(input, zone, startsAt, endsAt) }],
      resourceIds: input.resourceIds,
      overBookings: input.overBookings,
      before: { fields: storedFields(before), resourceIds: before.resourceIds, revision: Number(revision) },
      actor: actorOf(ctx),
    },
  };
}
