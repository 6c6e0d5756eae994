import { QUOTATION_MESSAGES as M } from '@venue/contracts/money-api';
import { conflict, inRequestTx, operation, type AppContext, type Tx } from '@venue/service-kit';
import { db, NOW } from '../../db/query.ts';
import { tenantOf, uuidOrNull } from '../../shared/http.ts';
import { moneySettings, today } from '../../shared/settings.ts';
import { auditQuotation } from '../events.ts';
import { formValues, type QuotationInput } from '../form.ts';
import { resolveResource, type QuotedResource } from '../peers.ts';
import { effectiveStatus, loadQuotation, toQuotation } from '../quotation-row.ts';

/** Edit a Draft or Sent quotation; the catalogue names the resource before the transaction opens. */
export const putQuotation = operation(
  'put /api/quotations/{id}',
  { transaction: 'none' },
  async ({ ctx, params, body }) => {
    const tenantId = tenantOf(ctx);
    const resource = await resolveResource(tenantId, body.resource);
    return inRequestTx(ctx, (tx) => edit(tx, ctx, tenantId, uuidOrNull(params.id), body, resource));
  },
);

/** The edit itself, in the request's transaction. */
async function edit(
  tx: Tx,
  ctx: AppContext,
  tenantId: string,
  id: string | null,
  v: QuotationInput,
  resource: QuotedResource,
) {
  const settings = await moneySettings(tx, tenantId);
  const day = today(settings);
  const row = await loadQuotation(tx, tenantId, id, true);
  // Accepted is frozen (its booking was made from it); Declined and Expired are history.
  if (effectiveStatus(row, day) !== 'Draft' && effectiveStatus(row, day) !== 'Sent')
    throw conflict(M.notEditable);
  if (row.status === 'Accepting') throw conflict(M.accepting);
  // An edit without payment_details keeps the deposit flag (the Deposits page may have set it).
  const values = formValues(v, settings, resource);
  const paid = v.payment_details?.deposit_paid ?? row.deposit_paid;
  await db(tx)
    .updateTable('quotations')
    .set((eb) => ({
      ...values,
      deposit_paid: paid,
      // a valid day left out keeps the stored one
      ...(v.validUntil ? { valid_until: v.validUntil } : {}),
      updated_at: NOW,
      // unpaid: no when; paid already: kept; paid now: the transaction's now()
      deposit_paid_at: !paid
        ? null
        : eb.case().when('deposit_paid', '=', true).then(eb.ref('deposit_paid_at')).else(NOW).end(),
      deposit_paid_method: paid ? eb.ref('deposit_paid_method') : null,
    }))
    .where('tenant_id', '=', tenantId)
    .where('id', '=', row.id)
    .execute();
  const q = toQuotation(await loadQuotation(tx, tenantId, row.id), day);
  await auditQuotation(tx, ctx, 'quotation_updated', q);
  return q;
}
