import { quotationMatchesSearch, quotationsCsvName, sortQuotations } from '@venue/contracts/money-api';
import { operation } from '@venue/service-kit';
import { selectQuotations, toQuotation } from '../../quotations/quotation-row.ts';
import { tenantOf } from '../../shared/http.ts';
import { moneySettings, today } from '../../shared/settings.ts';
import { CSV_ROW_CAP, QUOTATION_CSV_COLUMNS, sendCsv } from '../columns.ts';
import { centsText } from '../venue-format.ts';

/** Quotations as `quotations-{venue day}.csv`, with the screen's search, selects and sort. */
export const getQuotationCsv = operation('get /api/quotations/export.csv', async ({ ctx, tx, query: q }) => {
  const tenantId = tenantOf(ctx);
  const day = today(await moneySettings(tx, tenantId));
  let query = selectQuotations(tx).where('tenant_id', '=', tenantId);
  if (q.resource) query = query.where('resource_name', '=', q.resource);
  const rows = await query.orderBy('created_at', 'desc').orderBy('id').limit(CSV_ROW_CAP).execute();
  const needle = q.search?.trim().toLowerCase() ?? '';
  const shown = rows
    .map((r) => toQuotation(r, day))
    // the status shown (Expired: a Sent or Draft past its day), as the screen filters it
    .filter((x) => (!q.status || x.status === q.status) && (!needle || quotationMatchesSearch(x, needle)));
  const quotations = sortQuotations(shown, q.sort ?? 'created', q.order === 'asc' ? 1 : -1);
  sendCsv(
    ctx,
    quotationsCsvName(day),
    QUOTATION_CSV_COLUMNS,
    quotations.map((x) => [
      x.id,
      x.customerName,
      x.customerEmail,
      x.customerPhone,
      x.eventType,
      x.resourceName,
      x.eventDate,
      x.startTime,
      x.endTime,
      centsText(Math.round(x.totalInclGst * 100)),
      x.depositType,
      centsText(x.depositCents),
      centsText(Math.round(x.finalAmount * 100)),
      x.validUntil,
      x.status,
      x.createdAt,
      x.number ?? '',
    ]),
  );
});
