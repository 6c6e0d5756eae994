/**
 * Schedule Email (spec 03 §2.10): a venue's report e-mails, stored (the spec's dialog only
 * alerted; decision 8 makes it real). Weekly or monthly, the first send 7 days or 1 month from
 * today at the send hour, in the venue's clock; sweep.ts sends them. The Reports permission, as
 * the page's other calls.
 */
import {
  DEFAULT_REPORT_PERIOD,
  DEFAULT_REPORT_SEND_HOUR,
  REPORT_EXPORT_PATHS,
  REPORT_SCHEDULE_MESSAGES,
  reportScheduleCreateSchema,
  reportScheduleSchema,
  reportScheduleUpdateSchema,
  type ReportFrequency,
  type ReportSchedule,
} from '@venue/contracts/insights';
import {
  isUuid,
  notFound,
  parseBody,
  requireAuth,
  requirePermission,
  requireSettingsCopy,
  venueToday,
  withTx,
  type AppContext,
  type AppRouter,
  type ExpressionBuilder,
  type Tx,
} from '@venue/service-kit';
import { db, type InsightsDb } from '../db/query.ts';
import { exportClock } from './clock.ts';
import { nextSend } from './schedule-plan.ts';

const guard = [requireAuth, requirePermission('reports'), withTx] as const;

export interface ScheduleRow {
  tenant_id: string;
  id: string;
  frequency: ReportFrequency;
  recipients: string[];
  send_hour: number;
  period: ReportSchedule['period'];
  segments: ReportSchedule['segments'];
  anchor_date: string;
  next_send_date: string;
  next_send_at: Date | string;
  last_due_date: string | null;
  last_sent_at: Date | string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

/**
 * A schedule's columns (a ScheduleRow), named by table so a join can use them too. Days as
 * text: node-postgres would make a `date` a Date at the server's local midnight.
 */
export function scheduleColumns(eb: ExpressionBuilder<InsightsDb, 'report_schedules'>) {
  return [
    eb.ref('report_schedules.tenant_id').as('tenant_id'),
    eb.ref('report_schedules.id').as('id'),
    eb.ref('report_schedules.frequency').as('frequency'),
    eb.ref('report_schedules.recipients').as('recipients'),
    eb.ref('report_schedules.send_hour').as('send_hour'),
    eb.ref('report_schedules.period').as('period'),
    eb.ref('report_schedules.segments').as('segments'),
    eb.cast<string>('report_schedules.anchor_date', 'text').as('anchor_date'),
    eb.cast<string>('report_schedules.next_send_date', 'text').as('next_send_date'),
    eb.ref('report_schedules.next_send_at').as('next_send_at'),
    eb.cast<string | null>('report_schedules.last_due_date', 'text').as('last_due_date'),
    eb.ref('report_schedules.last_sent_at').as('last_sent_at'),
    eb.ref('report_schedules.created_at').as('created_at'),
    eb.ref('report_schedules.updated_at').as('updated_at'),
  ];
}

const iso = (v: Date | string) => new Date(v).toISOString();

export function toSchedule(r: ScheduleRow): ReportSchedule {
  return reportScheduleSchema.parse({
    id: r.id,
    frequency: r.frequency,
    recipients: r.recipients,
    sendHour: Number(r.send_hour),
    period: r.period,
    segments: r.segments,
    nextSendDate: r.next_send_date,
    nextSendAt: iso(r.next_send_at),
    lastSentAt: r.last_sent_at ? iso(r.last_sent_at) : null,
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
  });
}

const tenantOf = (ctx: AppContext) => ctx.state.principal!.tenantId;

async function findSchedule(tx: Tx, tenantId: string, ctx: AppContext, lock = false): Promise<ScheduleRow> {
  const id = ctx.params.id ?? '';
  if (!isUuid(id)) throw notFound(REPORT_SCHEDULE_MESSAGES.notFound);
  const row = await db(tx)
    .selectFrom('report_schedules')
    .select(scheduleColumns)
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .$if(lock, (q) => q.forUpdate())
    .executeTakeFirst();
  if (!row) throw notFound(REPORT_SCHEDULE_MESSAGES.notFound);
  return row;
}

export function reportScheduleRoutes(router: AppRouter): void {
  const path = REPORT_EXPORT_PATHS.schedules;

  router.get(path, ...guard, async (ctx) => {
    const tenantId = tenantOf(ctx);
    const rows = await db(ctx.state.tx!)
      .selectFrom('report_schedules')
      .select(scheduleColumns)
      .where('tenant_id', '=', tenantId)
      .orderBy('report_schedules.created_at')
      .orderBy('report_schedules.id')
      .execute();
    ctx.body = { schedules: rows.map(toSchedule) };
  });

  router.post(path, ...guard, async (ctx) => {
    const body = parseBody(ctx, reportScheduleCreateSchema);
    const tenantId = tenantOf(ctx);
    const tx = ctx.state.tx!;
    const settings = await requireSettingsCopy(tx, tenantId, 'Reports');
    const now = exportClock.now();
    const anchor = venueToday(now, settings.timezone);
    const sendHour = body.sendHour ?? DEFAULT_REPORT_SEND_HOUR;
    const next = nextSend(anchor, body.frequency, sendHour, settings.timezone, now);
    const row = await db(tx)
      .insertInto('report_schedules')
      .values({
        tenant_id: tenantId,
        frequency: body.frequency,
        recipients: body.recipients,
        send_hour: sendHour,
        period: body.period ?? DEFAULT_REPORT_PERIOD,
        segments: body.segments ?? ['all'],
        anchor_date: anchor,
        next_send_date: next.date,
        next_send_at: next.at.toISOString(),
        created_by: ctx.state.principal!.userId,
        created_at: now.toISOString(),
        updated_at: now.toISOString(),
      })
      .returning(scheduleColumns)
      .executeTakeFirstOrThrow();
    const schedule = toSchedule(row);
    await tx.audit(ctx, {
      action: 'report_schedule_created',
      targetType: 'report_schedule',
      target: schedule.id,
      targetLabel: `${schedule.frequency} report to ${schedule.recipients.join(', ')}`,
    });
    ctx.status = 201;
    ctx.body = { message: REPORT_SCHEDULE_MESSAGES.created, schedule };
  });

  router.patch(`${path}/:id`, ...guard, async (ctx) => {
    const body = parseBody(ctx, reportScheduleUpdateSchema);
    const tenantId = tenantOf(ctx);
    const tx = ctx.state.tx!;
    const row = await findSchedule(tx, tenantId, ctx, true);
    const frequency = body.frequency ?? row.frequency;
    const sendHour = body.sendHour ?? Number(row.send_hour);
    let plan = { anchor: row.anchor_date, date: row.next_send_date, at: new Date(row.next_send_at) };
    if (frequency !== row.frequency || sendHour !== Number(row.send_hour)) {
      // A new rhythm counts from today, as a new schedule would.
      const settings = await requireSettingsCopy(tx, tenantId, 'Reports');
      const now = exportClock.now();
      const anchor = venueToday(now, settings.timezone);
      const next = nextSend(anchor, frequency, sendHour, settings.timezone, now, row.last_due_date);
      plan = { anchor, date: next.date, at: next.at };
    }
    const updated = await db(tx)
      .updateTable('report_schedules')
      .set({
        frequency,
        recipients: body.recipients ?? row.recipients,
        send_hour: sendHour,
        period: body.period ?? row.period,
        segments: body.segments ?? row.segments,
        anchor_date: plan.anchor,
        next_send_date: plan.date,
        next_send_at: plan.at.toISOString(),
        updated_at: exportClock.now().toISOString(),
      })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', row.id)
      .returning(scheduleColumns)
      .executeTakeFirstOrThrow();
    const schedule = toSchedule(updated);
    await tx.audit(ctx, {
      action: 'report_schedule_updated',
      targetType: 'report_schedule',
      target: schedule.id,
      targetLabel: `${schedule.frequency} report to ${schedule.recipients.join(', ')}`,
    });
    ctx.body = { message: REPORT_SCHEDULE_MESSAGES.created, schedule };
  });

  router.delete(`${path}/:id`, ...guard, async (ctx) => {
    const tenantId = tenantOf(ctx);
    const tx = ctx.state.tx!;
    const row = await findSchedule(tx, tenantId, ctx, true);
    await db(tx)
      .deleteFrom('report_schedules')
      .where('tenant_id', '=', tenantId)
      .where('id', '=', row.id)
      .execute();
    await tx.audit(ctx, {
      action: 'report_schedule_deleted',
      targetType: 'report_schedule',
      target: row.id,
      targetLabel: `${row.frequency} report to ${row.recipients.join(', ')}`,
    });
    ctx.body = { message: REPORT_SCHEDULE_MESSAGES.deleted };
  });
}
