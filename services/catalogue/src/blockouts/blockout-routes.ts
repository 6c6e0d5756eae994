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
import { venueTimeZone } from '../time-zone.ts';
import { blockoutEventData, findBlockout, listBlockouts, type Blockout } from './blockout-store.ts';

const NOT_FOUND = 'Block-out not found';

const { read, write } = RESOURCE_GUARDS;

/** Every listed resource must exist in this tenant and be active. */
async function checkResources(ctx: AppContext, ids: string[]): Promise<void> {
  const { rows } = await tx(ctx).query<{ id: string; status: string }>(
    `SELECT id, status FROM resources WHERE id = ANY($1::uuid[])`,
    [ids],
  );
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

/** Dates, times, zone, instants, reason and notes: the order INSERT ($2…) and UPDATE ($2…) bind them. */
function periodValues(input: BlockoutInput, zone: string, startsAt: Date, endsAt: Date): unknown[] {
  return [
    input.dateFrom,
    input.dateTo,
    input.timeFrom,
    input.timeTo,
    zone,
    startsAt,
    endsAt,
    input.reason,
    input.notes,
  ];
}

async function linkResources(ctx: AppContext, blockoutId: string, resourceIds: string[]): Promise<void> {
  await tx(ctx).query(
    `INSERT INTO blockout_resources (tenant_id, blockout_id, resource_id) SELECT $1, $2, unnest($3::uuid[])`,
    [tenantOf(ctx), blockoutId, resourceIds],
  );
}

const names = (b: Blockout) => b.resources.map((r) => r.name).join(', ');

export function blockoutRoutes(router: AppRouter): void {
  /** One block-out: the period from the start date and time to the end date and time. */
  async function create(ctx: AppContext, input: BlockoutInput): Promise<Blockout> {
    await checkResources(ctx, input.resourceIds);
    const zone = await venueTimeZone(tx(ctx), tenantOf(ctx));
    const { startsAt, endsAt } = instants(input, zone);
    const { rows } = await tx(ctx).query<{ id: string }>(
      `INSERT INTO blockouts (tenant_id, date_from, date_to, time_from, time_to, time_zone, starts_at, ends_at, reason, notes)
       VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10) RETURNING id`,
      [tenantOf(ctx), ...periodValues(input, zone, startsAt, endsAt)],
    );
    const id = rows[0]!.id;
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
    const { rows } = await tx(ctx).query<{ id: string }>(
      `INSERT INTO blockouts (tenant_id, date_from, date_to, time_from, time_to, time_zone, starts_at, ends_at, reason, notes)
       SELECT $1, d.day, d.day, $5, $6, $7, d.starts_at, d.ends_at, $8, $9
         FROM unnest($2::date[], $3::timestamptz[], $4::timestamptz[]) AS d(day, starts_at, ends_at)
       RETURNING id`,
      [
        tenantOf(ctx),
        days.map((d) => d.day),
        days.map((d) => d.startsAt.toISOString()),
        days.map((d) => d.endsAt.toISOString()),
        input.timeFrom,
        input.timeTo,
        zone,
        input.reason,
        input.notes,
      ],
    );
    const ids = rows.map((r) => r.id);
    await tx(ctx).query(
      `INSERT INTO blockout_resources (tenant_id, blockout_id, resource_id)
       SELECT $1, b, r FROM unnest($2::uuid[]) AS b CROSS JOIN unnest($3::uuid[]) AS r`,
      [tenantOf(ctx), ids, input.resourceIds],
    );
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
      const { rowCount } = await tx(ctx).query(`SELECT 1 FROM resources WHERE id = ANY($1::uuid[])`, [kept]);
      if (rowCount !== kept.length) throw notFound('Resource not found');
    }
    const zone = await venueTimeZone(tx(ctx), tenantOf(ctx));
    const { startsAt, endsAt } = instants(input, zone);
    await tx(ctx).query(
      `UPDATE blockouts SET date_from=$2, date_to=$3, time_from=$4, time_to=$5, time_zone=$6, starts_at=$7,
         ends_at=$8, reason=$9, notes=$10, updated_at=now() WHERE id=$1`,
      [before.id, ...periodValues(input, zone, startsAt, endsAt)],
    );
    await tx(ctx).query(`DELETE FROM blockout_resources WHERE blockout_id = $1`, [before.id]);
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
    await tx(ctx).query(`DELETE FROM blockouts WHERE id = $1`, [b.id]);
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
