/**
 * The overdue sweep (issue 13): once a venue's day has passed an open invoice's due date, it
 * becomes OVERDUE — by the venue's own calendar (its time zone from the settings copy), not
 * the server's. A tenant without a settings copy waits. Runs under the kit's job lock.
 *
 * The same sweep runs the payment reminder ladder (issue 12 item 6): see `sendDueReminders`.
 */
import { SEND_HOUR_MIN } from '@venue/contracts/comms';
import { wallClock, type ServiceKit, type Tx } from '@venue/service-kit';
import { publishBookingMoney } from '../shared/booking-money.ts';
import { addDays, daysBetween, moneySettings, today, type MoneySettings } from '../shared/settings.ts';
import { db, NOW } from '../db/query.ts';
import { invoiceEventData, selectInvoices } from './invoice-row.ts';

/** Payment settings' reminder days when admin's copy has none (spec 01: 7, 3, 1). */
export const DEFAULT_REMINDER_DAYS = [7, 3, 1];

/**
 * A step missed on its own day (the service was down) is still sent this many days later;
 * older ones are skipped rather than sent out of their time.
 */
const CATCH_UP_DAYS = 2;

/**
 * The ladder's steps in days from the due date, ascending: each reminder day before the due
 * date and the same after it (0 = on the due date, once).
 */
export function reminderSteps(days: readonly number[]): number[] {
  return [...new Set(days.flatMap((d) => [-d, d]))].sort((a, b) => a - b);
}

/**
 * The step an invoice is on today (`d` days from its due date): the latest step reached, if it
 * was reached within the catch-up window and after the invoice was issued (an invoice issued
 * two days before its due date does not get the "three days before" reminder with it).
 */
export function currentStep(
  steps: readonly number[],
  d: number,
  issuedDaysFromDue: number | null,
): number | null {
  const reached = steps.filter((s) => s <= d);
  const step = reached[reached.length - 1];
  if (step === undefined || d - step > CATCH_UP_DAYS) return null;
  if (issuedDaysFromDue !== null && step <= issuedDaysFromDue) return null;
  return step;
}

/**
 * The payment reminder ladder: every unpaid invoice (SENT, PARTIAL, OVERDUE) with an e-mail
 * address gets `invoice.reminder_requested` once per step of Payment settings' reminder days.
 * Once: the step's `invoice_reminders` row is inserted (ON CONFLICT DO NOTHING) in the
 * transaction that publishes the event, so a second sweep or replica publishes nothing.
 *
 * Not before SEND_HOUR_MIN on the venue's clock: comms, which keeps each tenant's send hour
 * (never earlier than that) and the per-kind switch, holds the e-mail until that hour or drops
 * it when the tenant has payment reminders off. Money publishing at the earliest allowed hour
 * means every tenant's reminder goes at its own hour, and none in the middle of the night.
 */
export async function sendDueReminders(
  tx: Tx,
  tenantId: string,
  settings: MoneySettings,
  now: Date,
): Promise<number> {
  const hour = Number(wallClock(now, settings.zone).time.slice(0, 2));
  if (hour < SEND_HOUR_MIN) return 0;
  const steps = reminderSteps(settings.payment.reminderDays ?? DEFAULT_REMINDER_DAYS);
  if (steps.length === 0) return 0;
  const day = today(settings, now);
  // Due dates whose step could fall today: from (today − last step − catch-up) to (today − first step).
  const from = addDays(day, -(steps[steps.length - 1]! + CATCH_UP_DAYS));
  const to = addDays(day, -steps[0]!);
  const rows = await selectInvoices(tx)
    .where('i.tenant_id', '=', tenantId)
    .where('i.status', 'in', ['SENT', 'PARTIAL', 'OVERDUE'])
    .where((eb) => eb.between('i.due_date', from, to))
    .where('i.customer_email', 'like', '%@%')
    .orderBy('i.due_date')
    .orderBy('i.id')
    .forUpdate('i')
    .execute();
  let sent = 0;
  for (const inv of rows) {
    const d = daysBetween(inv.due_date, day);
    const issued = inv.issue_date ? daysBetween(inv.due_date, inv.issue_date) : null;
    const step = currentStep(steps, d, issued);
    if (step === null) continue;
    const inserted = await db(tx)
      .insertInto('invoice_reminders')
      .values({ tenant_id: tenantId, invoice_id: inv.id, days_from_due: step })
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirst();
    const rowCount = Number(inserted.numInsertedOrUpdatedRows ?? 0n);
    if (!rowCount) continue;
    await tx.publish(
      'invoice.reminder_requested',
      {
        ...invoiceEventData(inv, inv.seller?.businessName ?? settings.payment.businessName),
        daysOverdue: Math.max(0, d),
        requestedBy: null,
        daysFromDue: step,
      },
      { tenantId },
    );
    sent += 1;
  }
  return sent;
}

export function overdueJob(now: () => Date = () => new Date()) {
  return {
    name: 'mark-overdue',
    cron: '*/10 * * * *',
    async run(kit: ServiceKit) {
      // Every tenant with open invoices and a settings copy (the system scope: across tenants).
      const tenants = await kit.db.systemTx((tx) =>
        db(tx)
          .selectFrom('invoices as i')
          .select('i.tenant_id')
          .distinct()
          .where('i.status', 'in', ['SENT', 'PARTIAL', 'OVERDUE'])
          .where(({ exists, selectFrom }) =>
            exists(
              selectFrom('tenant_settings as s')
                .select('s.tenant_id')
                .whereRef('s.tenant_id', '=', 'i.tenant_id'),
            ),
          )
          .execute(),
      );
      let marked = 0;
      let reminded = 0;
      for (const { tenant_id: tenantId } of tenants) {
        marked += await kit.db.tenantTx(tenantId, async (tx) => {
          const settings = await moneySettings(tx, tenantId);
          const at = now();
          const day = today(settings, at);
          const q = db(tx);
          // The open invoices past due, locked, with the status each had (the event's `from`).
          const old = q
            .selectFrom('invoices')
            .select(['id', 'status'])
            .where('tenant_id', '=', tenantId)
            .where('status', 'in', ['SENT', 'PARTIAL'])
            .where('due_date', '<', day)
            .forUpdate()
            .as('old');
          const rows = await q
            .updateTable('invoices as i')
            .from(old)
            .set({ status: 'OVERDUE', updated_at: NOW })
            .where('i.tenant_id', '=', tenantId)
            .whereRef('i.id', '=', 'old.id')
            .returning(['i.id', 'old.status'])
            .execute();
          for (const r of rows) {
            const inv = await selectInvoices(tx)
              .where('i.tenant_id', '=', tenantId)
              .where('i.id', '=', r.id)
              .executeTakeFirstOrThrow();
            await tx.publish(
              'invoice.status_changed',
              {
                ...invoiceEventData(inv, inv.seller?.businessName ?? settings.payment.businessName),
                from: r.status as 'SENT',
              },
              { tenantId },
            );
            await publishBookingMoney(tx, tenantId, inv.booking_id);
          }
          // after the marking, so a reminder's event carries the invoice's status of today
          reminded += await sendDueReminders(tx, tenantId, settings, at);
          return rows.length;
        });
      }
      if (marked > 0) kit.log.info({ marked }, 'invoices past due marked overdue');
      if (reminded > 0) kit.log.info({ reminded }, 'automatic payment reminders requested');
    },
  };
}
