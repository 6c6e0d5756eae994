import { LIST_ARRAY_CAP } from '@venue/contracts/money-api';
import { operation, requireTenantParam } from '@venue/service-kit';
import { selectPayments, toPayment } from '../payment-row.ts';

/** The spec's array: the newest LIST_ARRAY_CAP (decision 52); the screens page with GET /api/payments. */
export const listOwnerPayments = operation(
  'get /api/payments/hall-owner/{hallOwnerId}',
  { before: [requireTenantParam('hallOwnerId')] },
  async ({ tx, params }) => {
    const rows = await selectPayments(tx)
      .where('p.tenant_id', '=', params.hallOwnerId)
      .orderBy('p.processed_at', 'desc')
      .orderBy('p.id')
      .limit(LIST_ARRAY_CAP)
      .execute();
    return rows.map(toPayment);
  },
);
