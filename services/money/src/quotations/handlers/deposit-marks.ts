import { operation } from '@venue/service-kit';
import { db, NOW } from '../../db/query.ts';
import { tenantOf, uuidOrNull } from '../../shared/http.ts';
import { moneySettings, today } from '../../shared/settings.ts';
import { auditQuotationDeposit, markRefusal, oneQuotationDeposit } from '../deposit-row.ts';

export const postQuotationDepositPaid = operation(
  'post /api/deposits/quotations/{id}/mark-paid',
  async ({ ctx, tx, params, body }) => {
    const tenantId = tenantOf(ctx);
    const id = uuidOrNull(params.id);
    const day = today(await moneySettings(tx, tenantId));
    // One conditional update: only an unpaid deposit of a Draft or Sent quotation is marked.
    const { numUpdatedRows } = await db(tx)
      .updateTable('quotations')
      .set({
        deposit_paid: true,
        deposit_paid_at: NOW,
        deposit_paid_method: body.paymentMethod,
        updated_at: NOW,
      })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .where('deposit_cents', '>', 0)
      .where('deposit_paid', '=', false)
      .where('status', 'in', ['Draft', 'Sent'])
      .executeTakeFirst();
    if (numUpdatedRows === 0n) await markRefusal(tx, tenantId, id, true);
    const d = await oneQuotationDeposit(tx, tenantId, id!, day);
    const ref = body.reference ? `, reference ${body.reference}` : '';
    await auditQuotationDeposit(tx, ctx, 'quotation_deposit_paid', d, `${body.paymentMethod}${ref}`);
    return d;
  },
);

export const postQuotationDepositUnpaid = operation(
  'post /api/deposits/quotations/{id}/mark-unpaid',
  async ({ ctx, tx, params }) => {
    const tenantId = tenantOf(ctx);
    const id = uuidOrNull(params.id);
    const day = today(await moneySettings(tx, tenantId));
    const q = db(tx);
    // The method it was paid by, read under the row lock, for the audit line.
    const old = q
      .selectFrom('quotations')
      .select('deposit_paid_method')
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .forUpdate()
      .as('old');
    const rows = await q
      .updateTable('quotations as q')
      .from(old)
      .set({ deposit_paid: false, deposit_paid_at: null, deposit_paid_method: null, updated_at: NOW })
      .where('q.tenant_id', '=', tenantId)
      .where('q.id', '=', id)
      .where('q.deposit_paid', '=', true)
      .where('q.status', 'in', ['Draft', 'Sent'])
      .returning('old.deposit_paid_method as method')
      .execute();
    if (rows.length === 0) await markRefusal(tx, tenantId, id, false);
    const d = await oneQuotationDeposit(tx, tenantId, id!, day);
    await auditQuotationDeposit(
      tx,
      ctx,
      'quotation_deposit_unpaid',
      d,
      `was paid by ${rows[0]!.method ?? 'unknown'}`,
    );
    return d;
  },
);
