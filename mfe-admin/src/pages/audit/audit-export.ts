import type { ApiClient } from '@venue/ui';
import { saveBlob, todayStamp } from '@venue/ui';
import { filterParams, type AuditFilters } from './audit-api.ts';

/**
 * Downloads `audit-logs-{date}.csv` for the current filters. The server builds it from every
 * matching row, scoped to the caller and guarded against spreadsheet formulas.
 */
export async function exportAuditCsv(api: ApiClient, filters: AuditFilters): Promise<void> {
  const qs = filterParams(filters).toString();
  const text = await api.api<string>(`/api/audit/export.csv${qs ? `?${qs}` : ''}`);
  saveBlob(
    `audit-logs-${todayStamp()}.csv`,
    new Blob([typeof text === 'string' ? text : String(text ?? '')], { type: 'text/csv' }),
  );
}
