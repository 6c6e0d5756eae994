import { keysetAfterCursor, keysetColumns, keysetOrder, operation } from '@venue/service-kit';
import { COUNT_CAP, countUpTo, decodeCursor, keysetPage, type KeysetKey } from '@venue/service-kit/paging';
import { db } from '../../db/query.ts';
import { pageAnswer } from '../../invoices/list-page.ts';
import { tenantOf } from '../../shared/http.ts';
import { selectBonds, toBond } from '../bond-row.ts';

/** Newest first, then the id: bonds_list_idx (tenant_id, created_at DESC, id). */
const BOND_KEYS: KeysetKey[] = [
  { expr: 'o.created_at', type: 'timestamptz', index: 'DESC' },
  { expr: 'o.id', type: 'uuid', index: 'ASC' },
];

/** Every bond of the venue, newest first, one page at a time (decision 52). */
export const listBondPage = operation('get /api/deposits/bonds', async ({ ctx, tx, query: q }) => {
  const tenantId = tenantOf(ctx);
  const after = q.cursor ? decodeCursor(q.cursor, 'created', 'desc', BOND_KEYS) : null;
  const rows = await selectBonds(tx)
    .select(keysetColumns(BOND_KEYS))
    .where('o.tenant_id', '=', tenantId)
    .$if(after !== null, (qb) => qb.where(keysetAfterCursor(BOND_KEYS, 'desc', after!)))
    .orderBy(keysetOrder(BOND_KEYS, 'desc'))
    .limit(q.limit + 1)
    .offset(q.cursor ? 0 : (q.page - 1) * q.limit)
    .execute();
  const page = keysetPage(rows, q.limit, 'created', 'desc', BOND_KEYS);
  return pageAnswer(q, page, page.rows.map(toBond), COUNT_CAP, () =>
    countUpTo(tx, db(tx).selectFrom('bonds').where('tenant_id', '=', tenantId), COUNT_CAP),
  );
});
