import { LIST_ARRAY_CAP } from '@venue/contracts/money-api';
import { operation, requireTenantParam } from '@venue/service-kit';
import { moneySettings, today } from '../../shared/settings.ts';
import { selectInvoices, toInvoice } from '../invoice-row.ts';

/** The spec's array, for other API clients: the newest LIST_ARRAY_CAP only (decision 52); the screens page with GET /api/invoices. */
export const listOwnerInvoices = operation(
  'get /api/invoices/hall-owner/{hallOwnerId}',
  { before: [requireTenantParam('hallOwnerId')] },
  async ({ tx, params, query: q }) => {
    const tenantId = params.hallOwnerId;
    const settings = await moneySettings(tx, tenantId);
    let query = selectInvoices(tx).where('i.tenant_id', '=', tenantId);
    if (q.status) query = query.where('i.status', '=', q.status);
    if (q.type) query = query.where('i.type', '=', q.type);
    if (q.bookingId) query = query.where('i.booking_id', '=', q.bookingId);
    const rows = await query.orderBy('i.created_at', 'desc').orderBy('i.id').limit(LIST_ARRAY_CAP).execute();
    const day = today(settings);
    return rows.map((r) => toInvoice(r, day));
  },
);
