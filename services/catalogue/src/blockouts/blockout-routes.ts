import {
  blockoutBulkInput,
  blockoutInput,
  blockoutListQuery,
  type BlockoutInput,
} from '@venue/contracts/catalogue';
import {
  badRequest,
  notFound,
  parseBody,
  parseQuery,
  zonedInstant,
  type AppContext,
  type AppRouter,
} from '@venue/service-kit';
import { RESOURCE_GUARDS, idParam, tenantOf, tx } from '../common.ts';
import { db } from '../db/query.ts';
import { venueTimeZone } from '../time-zone.ts';
import { blockoutEventData, findBlockout, listBlockouts, type Blockout } from './blockout-store.ts';

const NOT_FOUND = 'Block-out not found';

const { read, write } = RESOURCE_GUARDS;

/** Every listed resource must exist in this tenant and be active. */
async function checkResources(ctx: AppContext, ids: string[]): Promise<void> {
  const rows = await db(tx(ctx))
    .selectFrom('resources')
    .select(['id', 'status'])
    .where('tenant_id', '=', tenantOf(ctx))
    .where((eb) => eb('id', '=', eb.fn.any(eb.val(ids))))
    .execute();
  if (rows.length !== ids.length) throw notFound('Resource not found');
  if (rows.some((r) => r.status !== 'active')) throw badRequest('Only active resources can be blocked out');
}

const FOLDED = 'End time must be after start time';

function instants(input: BlockoutInput, zone: string) {
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

/** Dates, times, zone, instants, reason and notes: the columns INSERT and UPDATE write. */
function periodRow(input: BlockoutInput, zone: string, startsAt: Date, endsAt: Date) {
  return {
    date_from: input.dateFrom,
    date_to: input.dateTo,
    time_from: input.timeFrom,
    time_to: input.timeTo,
    time_zone: zone,
    starts_at: startsAt,
    ends_at: endsAt,
    reason: input.reason,
    notes: input.notes,
  };
}

async function linkResources(ctx: AppContext, blockoutId: string, resourceIds: string[]): Promise<void> {
  await db(tx(ctx))
    .insertInto('blockout_resources')
    .values(
      resourceIds.map((resourceId) => ({
        tenant_id: tenantOf(ctx),
        blockout_id: blockoutId,
        resource_id: resourceId,
      })),
    )
    .execute();
}

const names = (b: Blockout) => b.resources.map((r) => r.name).join(', ');

export function blockoutRoutes(router: AppRouter): void {
  /** One block-out: the period from the start date and time to the end date and time. */
  async function create(ctx: AppContext, input: BlockoutInput): Promise<Blockout> {
    await checkResources(ctx, input.resourceIds);
    const zone = await venueTimeZone(tx(ctx), tenantOf(ctx));
    const { startsAt, endsAt } = instants(input, zone);
    const { id } = await db(tx(ctx))
      .insertInto('blockouts')
      .values({ tenant_id: tenantOf(ctx), ...periodRow(input, zone, startsAt, endsAt) })
      .returning('id')
      .executeTakeFirstOrThrow();
    await linkResources(ctx, id, input.resourceIds);
    const b = (await findBlockout(tx(ctx), id))!;
    await tx(ctx).publish('blockout.created', blockoutEventData(tenantOf(ctx), b));
    await tx(ctx).audit(ctx, {
      action: 'settings_updated',
      targetType: 'resource',
      target: names(b),
      targetLabel: `Block-out (${b.reason}) — ${names(b)}`,
      additionalInfo: `Block-out (${b.reason}) ${b.dateFrom} ${b.timeFrom} to ${b.dateTo} ${b.timeTo}`,
    });
    return b;
  }

  /**
   * One block-out per day from `dateFrom` to `dateTo`, each `timeFrom`–`timeTo`, in one
   * transaction; each is announced as its own blockout.created (bookings keeps a copy per
   * block-out for its conflict check), and the action is audited once.
   */
  async function createDaily(ctx: AppContext, input: BlockoutInput): Promise<Blockout[]> {
    await checkResources(ctx, input.resourceIds);
    const zone = await venueTimeZone(tx(ctx), tenantOf(ctx));
    const days = dailyPeriods(input, zone);
    const q = db(tx(ctx));
    // One row per day (at most MAX_DAILY_BLOCKOUT_DAYS), in one statement.
    const rows = await q
      .insertInto('blockouts')
      .values(
        days.map((d) => ({
          tenant_id: tenantOf(ctx),
          ...periodRow({ ...input, dateFrom: d.day, dateTo: d.day }, zone, d.startsAt, d.endsAt),
        })),
      )
      .returning('id')
      .execute();
    const ids = rows.map((r) => r.id);
    // Every new block-out × every resource, built in the database from the rows just written
    // (up to 366 days × 500 resources: one statement, three parameters).
    await q
      .insertInto('blockout_resources')
      .columns(['tenant_id', 'blockout_id', 'resource_id'])
      .expression((eb) =>
        eb
          .selectFrom('blockouts as b')
          .innerJoin('resources as r', (j) => j.onRef('r.tenant_id', '=', 'b.tenant_id'))
          .select(['b.tenant_id', 'b.id', 'r.id as resource_id'])
          .where('b.tenant_id', '=', tenantOf(ctx))
          .where((w) => w('b.id', '=', w.fn.any(w.val(ids))))
          .where((w) => w('r.id', '=', w.fn.any(w.val(input.resourceIds)))),
      )
      .execute();
    const created = await listBlockouts(tx(ctx), { ids });
    for (const b of created) await tx(ctx).publish('blockout.created', blockoutEventData(tenantOf(ctx), b));
    const first = created[0]!;
    await tx(ctx).audit(ctx, {
      action: 'settings_updated',
      targetType: 'resource',
      target: names(first),
      targetLabel: `Block-out (${first.reason}) — ${names(first)}`,
      additionalInfo:
        created.length === 1
          ? `Block-out (${first.reason}) ${first.dateFrom} ${first.timeFrom} to ${first.dateTo} ${first.timeTo}`
          : `Block-outs (${first.reason}) each day ${input.dateFrom} to ${input.dateTo}, ${input.timeFrom} to ${input.timeTo} (${created.length} block-outs)`,
    });
    return created;
  }

  router.get('/api/blockouts', ...read, async (ctx) => {
    ctx.body = await listBlockouts(tx(ctx), parseQuery(ctx, blockoutListQuery));
  });

  router.get('/api/blockouts/:id', ...read, async (ctx) => {
    const b = await findBlockout(tx(ctx), idParam(ctx, NOT_FOUND));
    if (!b) throw notFound(NOT_FOUND);
    ctx.body = b;
  });

  router.post('/api/blockouts', ...write, async (ctx) => {
    ctx.body = await create(ctx, parseBody(ctx, blockoutInput));
    ctx.status = 201;
  });
  /** Answers `{blockouts}`: every block-out made, one per day or the one period. */
  router.post('/api/blockouts/bulk', ...write, async (ctx) => {
    const input = parseBody(ctx, blockoutBulkInput);
    const blockouts =
      input.span === 'daily' && input.dateTo !== input.dateFrom
        ? await createDaily(ctx, input)
        : [await create(ctx, input)];
    ctx.body = { blockouts };
    ctx.status = 201;
  });

  router.put('/api/blockouts/:id', ...write, async (ctx) => {
    const before = await findBlockout(tx(ctx), idParam(ctx, NOT_FOUND));
    if (!before) throw notFound(NOT_FOUND);
    const input = parseBody(ctx, blockoutInput);
    // Resources already on the block-out may stay even if archived since; new ones must be active.
    const added = input.resourceIds.filter((id) => !before.resourceIds.includes(id));
    if (added.length) await checkResources(ctx, added);
    const kept = input.resourceIds.filter((id) => before.resourceIds.includes(id));
    if (kept.length) {
      const found = await db(tx(ctx))
        .selectFrom('resources')
        .select('id')
        .where('tenant_id', '=', tenantOf(ctx))
        .where((eb) => eb('id', '=', eb.fn.any(eb.val(kept))))
        .execute();
      if (found.length !== kept.length) throw notFound('Resource not found');
    }
    const zone = await venueTimeZone(tx(ctx), tenantOf(ctx));
    const { startsAt, endsAt } = instants(input, zone);
    const q = db(tx(ctx));
    await q
      .updateTable('blockouts')
      .set((eb) => ({ ...periodRow(input, zone, startsAt, endsAt), updated_at: eb.fn<Date>('now') }))
      .where('tenant_id', '=', tenantOf(ctx))
      .where('id', '=', before.id)
      .execute();
    await q
      .deleteFrom('blockout_resources')
      .where('tenant_id', '=', tenantOf(ctx))
      .where('blockout_id', '=', before.id)
      .execute();
    await linkResources(ctx, before.id, input.resourceIds);
    const after = (await findBlockout(tx(ctx), before.id))!;
    await tx(ctx).publish('blockout.updated', blockoutEventData(tenantOf(ctx), after));
    await tx(ctx).audit(ctx, {
      action: 'settings_updated',
      targetType: 'resource',
      target: after.resources.map((r) => r.name).join(', '),
      targetLabel: `Block-out (${after.reason}) — ${after.resources.map((r) => r.name).join(', ')}`,
      additionalInfo: `Changed block-out to (${after.reason}) ${after.dateFrom} ${after.timeFrom} to ${after.dateTo} ${after.timeTo}`,
      changes: {
        period: {
          old: `${before.dateFrom} ${before.timeFrom} – ${before.dateTo} ${before.timeTo}`,
          new: `${after.dateFrom} ${after.timeFrom} – ${after.dateTo} ${after.timeTo}`,
        },
        resources: { old: before.resourceIds, new: after.resourceIds },
      },
    });
    ctx.body = after;
  });

  router.delete('/api/blockouts/:id', ...write, async (ctx) => {
    const b = await findBlockout(tx(ctx), idParam(ctx, NOT_FOUND));
    if (!b) throw notFound(NOT_FOUND);
    await db(tx(ctx))
      .deleteFrom('blockouts')
      .where('tenant_id', '=', tenantOf(ctx))
      .where('id', '=', b.id)
      .execute();
    await tx(ctx).publish('blockout.deleted', blockoutEventData(tenantOf(ctx), b));
    await tx(ctx).audit(ctx, {
      action: 'settings_updated',
      targetType: 'resource',
      target: b.resources.map((r) => r.name).join(', '),
      targetLabel: `Block-out (${b.reason}) — ${b.resources.map((r) => r.name).join(', ')}`,
      additionalInfo: `Deleted block-out (${b.reason}) ${b.dateFrom} ${b.timeFrom} to ${b.dateTo} ${b.timeTo}`,
    });
    ctx.status = 204;
  });
}
