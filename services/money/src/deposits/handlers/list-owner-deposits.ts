import { LIST_ARRAY_CAP } from '@venue/contracts/money-api';
import { operation, requireTenantParam } from '@venue/service-kit';
import { selectDeposits, toDeposit } from '../deposit-row.ts';

/**
 * The spec's array for other API clients: the latest LIST_ARRAY_CAP (decision 52); the screen
 * pages with GET /api/deposits.
 */
export const listOwnerDeposits = operation(
  'get /api/deposits/hall-owner/{hallOwnerId}',
  { before: [requireTenantParam('hallOwnerId')] },
  async ({ tx, params }) => {
    const rows = await selectDeposits(tx)
      .where('b.tenant_id', '=', params.hallOwnerId)
      .where('b.status', '=', 'confirmed')
      .where('b.total_cents', 'is not', null)
      .orderBy('b.booking_date', 'desc')
      .orderBy('b.booking_id')
      .limit(LIST_ARRAY_CAP)
      .execute();
    return rows.map(toDeposit);
  },
);
