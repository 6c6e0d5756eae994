import type { InvoiceDetail } from '@venue/contracts/money-api';
import { operation, type Tx } from '@venue/service-kit';
import { selectPayments, toPayment } from '../../payments/payment-row.ts';
import { tenantOf, uuidOrNull } from '../../shared/http.ts';
import { moneySettings, today } from '../../shared/settings.ts';
import { creditNoteData, selectCreditNotes } from '../credit-notes.ts';
import { loadInvoice, toInvoice, type InvoiceRow } from '../invoice-row.ts';

/** The invoice with its payments and credit notes. */
export const getInvoice = operation('get /api/invoices/{id}', async ({ ctx, tx, params }) => {
  const tenantId = tenantOf(ctx);
  const settings = await moneySettings(tx, tenantId);
  const row = await loadInvoice(tx, tenantId, uuidOrNull(params.id));
  return detail(tx, row, today(settings));
});

async function detail(tx: Tx, row: InvoiceRow, day: string): Promise<InvoiceDetail> {
  const payments = await selectPayments(tx)
    .where('p.tenant_id', '=', row.tenant_id)
    .where('p.invoice_id', '=', row.id)
    .orderBy('p.processed_at')
    .orderBy('p.id')
    .execute();
  const notes = await selectCreditNotes(tx)
    .where('c.tenant_id', '=', row.tenant_id)
    .where('c.invoice_id', '=', row.id)
    .orderBy('c.created_at')
    .orderBy('c.id')
    .execute();
  return {
    ...toInvoice(row, day),
    payments: payments.map(toPayment),
    creditNotes: notes.map((c) => creditNoteData(c, row)),
  };
}
