import type { ApiClient } from '@venue/ui';
import { downloadText, todayStamp } from '@venue/ui';
import { filterParams, type AuditFilters } from './audit-api.ts';

/**
 * Downloads `audit-logs-{date}.csv` for the current filters. The server builds it from every
 * matching row, scoped to the caller and guarded against spreadsheet formulas.
 */
export async function exportAuditCsv(api: ApiClient, filters: AuditFilters): Promise<void> {
  const qs = filterParams(filters).toString();
  const text = await api.api<string>(`/api/audit/export.csv${qs ? `?${qs}` : ''}`);
  // downloadText puts back the byte-order mark that reading the answer as text took off
  downloadText(
    typeof text === 'string' ? text : String(text ?? ''),
    `audit-logs-${todayStamp()}.csv`,
    'text/csv',
  );
}
