/**
 * The scheduled e-mails (issue 12 item 6): event reminders N days before (tenant setting,
 * default 2) and holds expiring within 24 hours, queued while the venue's clock is between its
 * send hour (09:00 by default) and 21:00, so never at night. Runs every five minutes under the
 * kit's job lock; the outbox's once-only key makes a second pass (or a second replica) queue
 * nothing new.
 */
import type { ServiceKit } from '@venue/service-kit';
import type { CommsDeps } from '../deps.ts';
import { BOOKING_COPY_COLUMNS, type BookingCopyRow } from '../templates/values.ts';
import { DAY_ENDS_HOUR, queueAutomatic } from './automatic.ts';

export async function queueScheduled(kit: ServiceKit, deps: CommsDeps): Promise<number> {
  const now = deps.now();
  return kit.db.systemTx(async (tx) => {
    const { rows } = await tx.query<BookingCopyRow & { kind: 'event_reminder' | 'hold_expiring' }>(
      `WITH venues AS (
         SELECT s.tenant_id, (($1::timestamptz) AT TIME ZONE s.timezone) AS local_now,
                c.reminder_days_before, c.send_hour, c.automatic
           FROM tenant_settings s JOIN comms_settings c ON c.tenant_id = s.tenant_id
       )
       SELECT ${BOOKING_COPY_COLUMNS}, k.kind
         FROM venues v
         JOIN booking_copies b ON b.tenant_id = v.tenant_id
         CROSS JOIN LATERAL (SELECT CASE WHEN b.status = 'confirmed' THEN 'event_reminder' ELSE 'hold_expiring' END AS kind) k
        WHERE extract(hour FROM v.local_now) >= v.send_hour AND extract(hour FROM v.local_now) < $2
          AND coalesce((v.automatic ->> k.kind)::boolean, true)
          AND (
                (b.status = 'confirmed' AND b.starts_at > $1::timestamptz
                 AND b.booking_date <= v.local_now::date + v.reminder_days_before)
             OR (b.status = 'tentative' AND b.hold_expires_at > $1::timestamptz
                 AND b.hold_expires_at <= $1::timestamptz + interval '24 hours')
              )
          AND NOT EXISTS (SELECT 1 FROM emails e
                           WHERE e.tenant_id = b.tenant_id AND e.dedupe_key = 'auto:' || k.kind || ':' || b.booking_id)
        ORDER BY b.tenant_id, b.starts_at
        LIMIT 500`,
      [now.toISOString(), DAY_ENDS_HOUR],
    );
    let queued = 0;
    for (const row of rows)
      if ((await queueAutomatic(tx, row.tenant_id, row, row.kind, { now })) === 'queued') queued++;
    return queued;
  });
}
