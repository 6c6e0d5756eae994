import { QUOTATION_MESSAGES as M } from '@venue/contracts/money-api';
import { conflict, operation } from '@venue/service-kit';
import { db } from '../../db/query.ts';
import { tenantOf, uuidOrNull } from '../../shared/http.ts';
import { moneySettings, today } from '../../shared/settings.ts';
import { auditQuotation } from '../events.ts';
import { loadQuotation, toQuotation } from '../quotation-row.ts';

/** Delete a Draft; one that was sent keeps its number (numbers are gap-free), an accepted one its booking's source. */
export const deleteQuotation = operation('delete /api/quotations/{id}', async ({ ctx, tx, params }) => {
  const tenantId = tenantOf(ctx);
  const row = await loadQuotation(tx, tenantId, uuidOrNull(params.id), true);
  // An accepted quotation is what its booking was made from: kept.
  if (row.status === 'Accepted' || row.status === 'Accepting')
    throw conflict('An accepted quotation cannot be deleted.');
  // One that was sent has its number: deleting it would leave a gap in the venue's numbers.
  if (row.number !== null || row.status !== 'Draft') throw conflict(M.numberedKept);
  await db(tx).deleteFrom('quotations').where('tenant_id', '=', tenantId).where('id', '=', row.id).execute();
  await auditQuotation(
    tx,
    ctx,
    'quotation_deleted',
    toQuotation(row, today(await moneySettings(tx, tenantId))),
  );
  ctx.status = 204;
});
