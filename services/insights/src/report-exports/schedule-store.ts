/**
 * Schedule Email's rows (spec 03 §2.10): a venue's report e-mails as stored, read by the
 * schedules' handlers (handlers/schedules.ts) and the sweep (sweep.ts).
 */
import {
  REPORT_SCHEDULE_MESSAGES,
  reportScheduleSchema,
  type ReportFrequency,
  type ReportSchedule,
} from '@venue/contracts/insights';
import { isUuid, notFound, type ExpressionBuilder, type Tx } from '@venue/service-kit';
import { db, type InsightsDb } from '../db/query.ts';

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

/** The venue's schedule `id` (locked for a change when `lock`), else the 404. */
export async function findSchedule(tx: Tx, tenantId: string, id: string, lock = false): Promise<ScheduleRow> {
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
