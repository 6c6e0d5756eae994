/**
 * The scheduled reports' sweep (every minute, under the kit's job lock): each schedule whose
 * send time has come, in its venue's clock, is handed to comms once — `report.email_requested`
 * written to the outbox in the same transaction that moves the schedule to its next send. The
 * claim is the row lock (FOR UPDATE SKIP LOCKED) and an update conditional on the send time it
 * read, so two replicas sweeping at once (or a sweep racing an edit) send it once. Comms then
 * writes one e-mail per recipient, once per schedule, due day and address, and fetches the PDF
 * from insights when it sends (decision 30's pattern).
 */
import { REPORT_PERIOD_LABELS } from '@venue/contracts/insights';
import type { ServiceKit } from '@venue/service-kit';
import { exportClock } from './clock.ts';
import { reportPdfName } from './report-pdf.ts';
import { nextSend } from './schedule-plan.ts';
import { db, venueName } from '../db/query.ts';
import { scheduleColumns } from './schedule-store.ts';

/** How many due schedules one pass takes; the next pass (a minute on) takes the rest. */
const BATCH = 200;

/** The internal path comms' worker fetches the PDF from. */
export function reportPdfPath(tenantId: string, period: string, segments: readonly string[]): string {
  const q = new URLSearchParams({ period, segments: segments.join(',') });
  return `/internal/reports/${tenantId}/pdf?${q.toString()}`;
}

/** Hands every due schedule to comms once; returns how many were sent. */
export async function sweepReportSchedules(kit: ServiceKit, now: Date = exportClock.now()): Promise<number> {
  return kit.db.systemTx(async (tx) => {
    // Across venues, hence the system scope; a venue without its settings copy has no clock
    // and waits. The table holds a few rows per venue, so a scan of it is cheap.
    const rows = await db(tx)
      .selectFrom('report_schedules')
      .innerJoin('tenant_settings', 'tenant_settings.tenant_id', 'report_schedules.tenant_id')
      .select((eb) => [...scheduleColumns(eb), 'tenant_settings.timezone', venueName(eb).as('venue_name')])
      .where('report_schedules.next_send_at', '<=', now)
      .orderBy('report_schedules.next_send_at')
      .limit(BATCH)
      .forUpdate('report_schedules')
      .skipLocked()
      .execute();
    let sent = 0;
    for (const s of rows) {
      const next = nextSend(
        s.anchor_date,
        s.frequency,
        Number(s.send_hour),
        s.timezone,
        now,
        s.next_send_date,
      );
      const claimed = await db(tx)
        .updateTable('report_schedules')
        .set({
          next_send_date: next.date,
          next_send_at: next.at.toISOString(),
          last_due_date: s.next_send_date,
          last_sent_at: now.toISOString(),
        })
        .where('tenant_id', '=', s.tenant_id)
        .where('id', '=', s.id)
        .where('next_send_at', '=', new Date(s.next_send_at))
        .executeTakeFirst();
      if (claimed.numUpdatedRows !== 1n) continue;
      await tx.publish(
        'report.email_requested',
        {
          scheduleId: s.id,
          venueName: s.venue_name?.trim() ?? '',
          frequency: s.frequency,
          recipients: s.recipients,
          dueDate: s.next_send_date,
          period: s.period,
          periodLabel: REPORT_PERIOD_LABELS[s.period],
          pdfPath: reportPdfPath(s.tenant_id, s.period, s.segments),
          filename: reportPdfName(s.next_send_date),
        },
        { tenantId: s.tenant_id },
      );
      sent++;
    }
    return sent;
  });
}
