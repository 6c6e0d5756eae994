import { conflict, operation } from '@venue/service-kit';
import { db, NOW } from '../../db/query.ts';
import { formatCents } from '../../shared/format.ts';
import { tenantOf, uuidOrNull } from '../../shared/http.ts';
import { auditBond, bondEvent, loadBond, toBond } from '../bond-row.ts';

/** The whole bond goes back (only a HELD one, under its lock). */
export const refundBond = operation(
  'post /api/deposits/bonds/{id}/refund',
  async ({ ctx, tx, params, body }) => {
    const tenantId = tenantOf(ctx);
    const before = await loadBond(tx, tenantId, uuidOrNull(params.id), true);
    if (before.status !== 'HELD')
      throw conflict(`This bond is already ${before.status.toLowerCase().replace('_', ' ')}.`);
    await db(tx)
      .updateTable('bonds')
      .set((eb) => ({
        status: 'REFUNDED',
        refunded_cents: eb.ref('amount_cents'),
        settled_at: NOW,
        updated_at: NOW,
        // no new reference keeps the one given when the bond was received
        ...(body.reference ? { reference: body.reference } : {}),
      }))
      .where('tenant_id', '=', tenantId)
      .where('id', '=', before.id)
      .where('status', '=', 'HELD')
      .execute();
    const row = await loadBond(tx, tenantId, before.id);
    await tx.publish('bond.refunded', bondEvent(row, null), { tenantId });
    await auditBond(
      tx,
      ctx,
      'bond_refunded',
      row,
      `${formatCents(Number(row.amount_cents))} returned${body.paymentMethod ? ` by ${body.paymentMethod}` : ''}`,
    );
    return toBond(row);
  },
);
