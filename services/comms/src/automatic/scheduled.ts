/**
 * The scheduled e-mails (issue 12 item 6): event reminders N days before (tenant setting,
 * default 2) and holds expiring within 24 hours, queued while the venue's clock is between its
 * send hour (09:00 by default) and 21:00, so never at night. Runs every five minutes under the
 * kit's job lock; the outbox's once-only key makes a second pass (or a second replica) queue
 * nothing new.
 */
import type { ServiceKit, Tx } from '@venue/service-kit';
import { dateText, db } from '../db/query.ts';
import type { CommsDeps } from '../deps.ts';
import { BOOKING_COPY_FIELDS } from '../templates/values.ts';
import { DAY_ENDS_HOUR, queueAutomatic } from './automatic.ts';

const DAY_MS = 24 * 3_600_000;

export async function queueScheduled(kit: ServiceKit, deps: CommsDeps): Promise<number> {
  const now = deps.now();
  return kit.db.systemTx(async (tx) => {
    let queued = 0;
    for (const row of await dueEmails(tx, now))
      if ((await queueAutomatic(tx, row.tenant_id, row, row.kind, { now })) === 'queued') queued++;
    return queued;
  });
}

const at = (d: Date | number) => new Date(d).toISOString();

/**
 * Each venue's bookings with its clock now (timezone(zone, instant) is AT TIME ZONE), its
 * schedule, and the e-mail each booking would get: the statement's `candidates`.
 */
function candidates(tx: Tx, now: Date) {
  return db(tx)
    .selectFrom('tenant_settings as s')
    .innerJoin('comms_settings as c', 'c.tenant_id', 's.tenant_id')
    .innerJoin('booking_copies as b', 'b.tenant_id', 's.tenant_id')
    .select(BOOKING_COPY_FIELDS)
    .select((eb) => [
      'b.booking_date',
      eb.fn<Date>('timezone', ['s.timezone', eb.cast(eb.val(at(now)), 'timestamptz')]).as('local_now'),
      'c.reminder_days_before',
      'c.send_hour',
      'c.automatic',
      eb
        .case()
        .when('b.status', '=', 'confirmed')
        .then(eb.val<'event_reminder' | 'hold_expiring'>('event_reminder'))
        .else(eb.val<'event_reminder' | 'hold_expiring'>('hold_expiring'))
        .end()
        .as('kind'),
    ]);
}

/** The reminders and hold warnings due now in their venue's sending hours and not queued yet. */
function dueEmails(tx: Tx, now: Date) {
  return db(tx)
    .with('candidates', () => candidates(tx, now))
    .selectFrom('candidates as b')
    .select([...BOOKING_COPY_FIELDS, 'b.kind'])
    .select((eb) => dateText(eb.ref('b.booking_date')).as('booking_date'))
    .where((eb) => {
      const hour = eb.fn<number>('date_part', [eb.val('hour'), 'b.local_now']);
      const nowAt = eb.cast<Date>(eb.val(at(now)), 'timestamptz');
      return eb.and([
        eb(hour, '>=', eb.ref('b.send_hour')),
        eb(hour, '<', DAY_ENDS_HOUR),
        // a kind missing from the switches is on
        eb.fn.coalesce(
          eb.cast<boolean>(eb.fn('jsonb_extract_path_text', ['b.automatic', 'b.kind']), 'boolean'),
          eb.lit(true),
        ),
        eb.or([
          eb.and([
            eb('b.status', '=', 'confirmed'),
            eb('b.starts_at', '>', nowAt),
            eb(
              'b.booking_date',
              '<=',
              // the venue's date today plus the lead time in days (date + integer)
              eb(eb.cast('b.local_now', 'date'), '+', eb.ref('b.reminder_days_before')).$castTo<
                Date | string
              >(),
            ),
          ]),
          eb.and([
            eb('b.status', '=', 'tentative'),
            eb('b.hold_expires_at', '>', nowAt),
            eb('b.hold_expires_at', '<=', eb.cast<Date>(eb.val(at(now.getTime() + DAY_MS)), 'timestamptz')),
          ]),
        ]),
        eb.not(
          eb.exists(
            eb
              .selectFrom('emails as e')
              .select(eb.lit(1).as('one'))
              .whereRef('e.tenant_id', '=', 'b.tenant_id')
              // the e-mail's key, or the SMS's beside it (`…:sms`) when the reminder goes by SMS
              .where((k) => {
                const key = k(
                  k(k(k.val('auto:'), '||', k.ref('b.kind')), '||', k.val(':')),
                  '||',
                  k.ref('b.booking_id'),
                );
                return k.or([
                  k('e.dedupe_key', '=', key),
                  k('e.dedupe_key', '=', k(key, '||', k.val(':sms'))),
                ]);
              }),
          ),
        ),
      ]);
    })
    .orderBy('b.tenant_id')
    .orderBy('b.starts_at')
    .limit(500)
    .execute();
}
