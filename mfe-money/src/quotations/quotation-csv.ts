/**
 * The Quotations CSV (spec 03 §7, `quotations-{date}.csv`): written by the service with the
 * kit's one CSV writer (issue 10 item 5); the screen sends its search, selects and sort.
 */
import { MONEY_CSV_PATHS, quotationsCsvName } from '@venue/contracts/money-api';

export { quotationsCsvName };

export interface QuotationExport {
  search: string;
  /** 'All Resources' / 'All Statuses' send nothing. */
  resource: string;
  status: string;
  sort: { key: string; dir: 1 | -1 };
}

export function quotationsCsvPath(v: QuotationExport): string {
  return MONEY_CSV_PATHS.quotations({
    search: v.search.trim(),
    resource: v.resource === 'All Resources' ? undefined : v.resource,
    status: v.status === 'All Statuses' ? undefined : v.status,
    sort: v.sort.key,
    order: v.sort.dir === 1 ? 'asc' : 'desc',
  });
}
