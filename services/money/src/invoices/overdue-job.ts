/**
 * The overdue sweep (issue 13): once a venue's day has passed an open invoice's due date, it
 * becomes OVERDUE — by the venue's own calendar (its time zone from the settings copy), not
 * the server's. A tenant without a settings copy waits. Runs under the kit's job lock.
 */
import type { ServiceKit } from '@venue/service-kit';
import { publishBookingMoney } from '../shared/booking-money.ts';
import { moneySettings, today } from '../shared/settings.ts';
import { INVOICE_COLUMNS, invoiceEventData, type InvoiceRow } from './invoice-row.ts';

export function overdueJob(now: () => Date = () => new Date()) {
  return {
    name: 'mark-overdue',
    cron: '*/10 * * * *',
    async run(kit: ServiceKit) {
      const { rows: tenants } = await kit.db.systemTx((tx) =>
        tx.query<{ tenant_id: string }>(
          `SELECT DISTINCT i.tenant_id FROM invoices i
            WHERE i.status IN ('SENT', 'PARTIAL')
              AND EXISTS (SELECT 1 FROM tenant_settings s WHERE s.tenant_id = i.tenant_id)`,
        ),
      );
      let marked = 0;
      for (const { tenant_id: tenantId } of tenants) {
        marked += await kit.db.tenantTx(tenantId, async (tx) => {
          const settings = await moneySettings(tx, tenantId);
          const day = today(settings, now());
          const { rows } = await tx.query<{ id: string; status: string }>(
            `UPDATE invoices i SET status = 'OVERDUE', updated_at = now()
               FROM (SELECT id, status FROM invoices WHERE tenant_id = $1 AND status IN ('SENT', 'PARTIAL')
                       AND due_date < $2::date FOR UPDATE) old
              WHERE i.tenant_id = $1 AND i.id = old.id
              RETURNING i.id, old.status`,
            [tenantId, day],
          );
          for (const r of rows) {
            const { rows: full } = await tx.query<InvoiceRow>(
              `SELECT ${INVOICE_COLUMNS} FROM invoices i WHERE i.tenant_id = $1 AND i.id = $2`,
              [tenantId, r.id],
            );
            const inv = full[0]!;
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
          return rows.length;
        });
      }
      if (marked > 0) kit.log.info({ marked }, 'invoices past due marked overdue');
    },
  };
}
