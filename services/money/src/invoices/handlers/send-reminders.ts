import { REMINDER_STATUSES, type InvoiceStatus } from '@venue/contracts/money-api';
import { operation } from '@venue/service-kit';
import { actorOf, assertOwnTenant, tenantOf } from '../../shared/http.ts';
import { daysBetween, moneySettings, today } from '../../shared/settings.ts';
import { invoiceEventData, selectInvoices } from '../invoice-row.ts';

/** Payment reminders of SENT, OVERDUE and PARTIAL invoices: one event each, which comms e-mails. */
export const sendReminders = operation('post /api/invoices/send-reminders', async ({ ctx, tx, body }) => {
  assertOwnTenant(ctx, body.hallOwnerId);
  const tenantId = tenantOf(ctx);
  const settings = await moneySettings(tx, tenantId);
  const day = today(settings);
  const ids = [...new Set(body.invoiceIds)];
  const rows = await selectInvoices(tx)
    .where('i.tenant_id', '=', tenantId)
    // = ANY of one array parameter (its type, uuid[], inferred from i.id): any number of ids
    .where('i.id', '=', (eb) => eb.fn<string>('any', [eb.val(ids)]))
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  const sent: { id: string; invoiceNumber: string | null; customerEmail: string }[] = [];
  const skipped: { id: string; reason: string }[] = [];
  for (const id of ids) {
    const r = byId.get(id);
    if (!r) skipped.push({ id, reason: 'Invoice not found' });
    else if (!(REMINDER_STATUSES as readonly InvoiceStatus[]).includes(r.status))
      skipped.push({ id, reason: `A ${r.status.toLowerCase()} invoice gets no reminder` });
    else if (!r.customer_email) skipped.push({ id, reason: 'The customer has no e-mail address' });
    else {
      await tx.publish(
        'invoice.reminder_requested',
        {
          ...invoiceEventData(r, r.seller?.businessName ?? settings.payment.businessName),
          daysOverdue: r.status === 'OVERDUE' ? Math.max(0, daysBetween(r.due_date, day)) : 0,
          requestedBy: actorOf(ctx),
        },
        { tenantId },
      );
      sent.push({ id, invoiceNumber: r.invoice_number, customerEmail: r.customer_email });
    }
  }
  if (sent.length > 0)
    await tx.audit(ctx, {
      action: 'invoice_reminders_sent',
      targetType: 'invoice',
      target: null,
      targetLabel: `${sent.length} payment reminder(s)`,
      additionalInfo: sent.map((s) => s.invoiceNumber).join(', '),
    });
  return { sent, skipped };
});
