import { keysetAfterCursor, keysetColumns, keysetOrder, operation } from '@venue/service-kit';
import { COUNT_CAP, countUpTo, decodeCursor, keysetPage, type KeysetKey } from '@venue/service-kit/paging';
import { db } from '../../db/query.ts';
import { pageAnswer } from '../../invoices/list-page.ts';
import { tenantOf } from '../../shared/http.ts';
import { selectPayments, toPayment } from '../payment-row.ts';

/** Newest first, then the id: payments_list_idx (tenant_id, processed_at DESC, id). */
const KEYS: KeysetKey[] = [
  { expr: 'p.processed_at', type: 'timestamptz', index: 'DESC' },
  { expr: 'p.id', type: 'uuid', index: 'ASC' },
];

/** Every payment, refund and reversal of the venue, newest first, one page at a time (decision 52). */
export const listPaymentPage = operation('get /api/payments', async ({ ctx, tx, query: q }) => {
  const tenantId = tenantOf(ctx);
  const after = q.cursor ? decodeCursor(q.cursor, 'processedAt', 'desc', KEYS) : null;
  const rows = await selectPayments(tx)
    .select(keysetColumns(KEYS))
    .where('p.tenant_id', '=', tenantId)
    .$if(after !== null, (qb) => qb.where(keysetAfterCursor(KEYS, 'desc', after!)))
    .orderBy(keysetOrder(KEYS, 'desc'))
    .limit(q.limit + 1)
    .offset(q.cursor ? 0 : (q.page - 1) * q.limit)
    .execute();
  const page = keysetPage(rows, q.limit, 'processedAt', 'desc', KEYS);
  return pageAnswer(q, page, page.rows.map(toPayment), COUNT_CAP, () =>
    countUpTo(tx, db(tx).selectFrom('payments').where('tenant_id', '=', tenantId), COUNT_CAP),
  );
});
