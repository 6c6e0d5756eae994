import { LIST_ARRAY_CAP } from '@venue/contracts/money-api';
import { operation, requireTenantParam } from '@venue/service-kit';
import { selectBonds, toBond } from '../bond-row.ts';

/** The array: the newest LIST_ARRAY_CAP (decision 52); the screens page with GET /api/deposits/bonds. */
export const listOwnerBonds = operation(
  'get /api/deposits/bonds/hall-owner/{hallOwnerId}',
  { before: [requireTenantParam('hallOwnerId')] },
  async ({ tx, params }) => {
    const rows = await selectBonds(tx)
      .where('o.tenant_id', '=', params.hallOwnerId)
      .orderBy('o.created_at', 'desc')
      .orderBy('o.id')
      .limit(LIST_ARRAY_CAP)
      .execute();
    return rows.map(toBond);
  },
);
