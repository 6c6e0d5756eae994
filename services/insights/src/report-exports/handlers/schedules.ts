/**
 * Schedule Email (spec 03 §2.10): a venue's report e-mails, stored (the spec's dialog only
 * alerted; decision 8 makes it real). Weekly or monthly, the first send 7 days or 1 month from
 * today at the send hour, in the venue's clock; sweep.ts sends them. The Reports permission, as
 * the page's other calls; the caller's own venue (the kit's transaction).
 */
import type { Principal } from '@venue/contracts';
import {
  DEFAULT_REPORT_PERIOD,
  DEFAULT_REPORT_SEND_HOUR,
  REPORT_SCHEDULE_MESSAGES,
  type ReportSchedule,
} from '@venue/contracts/insights';
import { operation, requireSettingsCopy, venueToday, type AppContext, type Tx } from '@venue/service-kit';
import { db } from '../../db/query.ts';
import { exportClock } from '../clock.ts';
import { nextSend } from '../schedule-plan.ts';
import { findSchedule, scheduleColumns, toSchedule, type ScheduleRow } from '../schedule-store.ts';

const principalOf = (ctx: AppContext) => ctx.state.principal as Principal;
const label = (s: Pick<ReportSchedule, 'frequency' | 'recipients'>) =>
  `${s.frequency} report to ${s.recipients.join(', ')}`;

export const listReportSchedules = operation('get /api/reports/schedules', async ({ ctx, tx }) => {
  const rows = await db(tx)
    .selectFrom('report_schedules')
    .select(scheduleColumns)
    .where('tenant_id', '=', principalOf(ctx).tenantId)
    .orderBy('report_schedules.created_at')
    .orderBy('report_schedules.id')
    .execute();
  return { schedules: rows.map(toSchedule) };
});

export const postReportSchedule = operation('post /api/reports/schedules', async ({ ctx, tx, body }) => {
  const { tenantId, userId } = principalOf(ctx);
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
      created_by: userId,
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
    targetLabel: label(schedule),
  });
  ctx.status = 201;
  return { message: REPORT_SCHEDULE_MESSAGES.created, schedule };
});

/** The schedule's next send: kept, unless a new rhythm, which counts from today as a new schedule would. */
async function replan(
  tx: Tx,
  tenantId: string,
  row: ScheduleRow,
  frequency: ScheduleRow['frequency'],
  sendHour: number,
) {
  if (frequency === row.frequency && sendHour === Number(row.send_hour))
    return { anchor: row.anchor_date, date: row.next_send_date, at: new Date(row.next_send_at) };
  const settings = await requireSettingsCopy(tx, tenantId, 'Reports');
  const now = exportClock.now();
  const anchor = venueToday(now, settings.timezone);
  const next = nextSend(anchor, frequency, sendHour, settings.timezone, now, row.last_due_date);
  return { anchor, date: next.date, at: next.at };
}

export const patchReportSchedule = operation(
  'patch /api/reports/schedules/{id}',
  async ({ ctx, tx, params, body }) => {
    const { tenantId } = principalOf(ctx);
    const row = await findSchedule(tx, tenantId, params.id, true);
    const frequency = body.frequency ?? row.frequency;
    const sendHour = body.sendHour ?? Number(row.send_hour);
    const plan = await replan(tx, tenantId, row, frequency, sendHour);
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
      targetLabel: label(schedule),
    });
    return { message: REPORT_SCHEDULE_MESSAGES.created, schedule };
  },
);

export const deleteReportSchedule = operation(
  'delete /api/reports/schedules/{id}',
  async ({ ctx, tx, params }) => {
    const { tenantId } = principalOf(ctx);
    const row = await findSchedule(tx, tenantId, params.id, true);
    await db(tx)
      .deleteFrom('report_schedules')
      .where('tenant_id', '=', tenantId)
      .where('id', '=', row.id)
      .execute();
    await tx.audit(ctx, {
      action: 'report_schedule_deleted',
      targetType: 'report_schedule',
      target: row.id,
      targetLabel: label(row),
    });
    return { message: REPORT_SCHEDULE_MESSAGES.deleted };
  },
);
