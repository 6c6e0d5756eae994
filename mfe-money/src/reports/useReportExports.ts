/**
 * Export PDF and Download CSVs (spec 03 §2.10, §8): the server's PDF and its zip of one CSV per
 * panel, for the page's range and segments. Nothing loaded (the reports failed or have not come)
 * gives the spec's "nothing to export" message without a request; the server refuses a period
 * with nothing in it with the same words, which are shown as it sends them.
 */
import { useState } from 'react';
import { REPORT_EXPORT_PATHS, REPORTS_MESSAGES } from '@venue/contracts/insights';
import { downloadFromServer, todayStamp, useSession } from '@venue/ui';
import { errorText } from '../shared/notify.ts';
import { reportQuery, type ReportFilters } from './reports-api.ts';

/** Spec 03 §8, verbatim. */
export const EXPORT_MESSAGES = {
  pdfFailed:
    'PDF export is not available. Please use CSV export instead or install the required dependencies.',
  csvFailed: 'Failed to export CSV files. Please try again.',
} as const;

export interface ExportNotice {
  title: string;
  detail?: string;
}

export function useReportExports(filters: ReportFilters, hasData: boolean) {
  const { getToken, hallOwnerId } = useSession();
  const [busy, setBusy] = useState<'pdf' | 'zip' | null>(null);
  const [notice, setNotice] = useState<ExportNotice | null>(null);

  async function run(kind: 'pdf' | 'zip') {
    setNotice(null);
    if (!hasData) {
      setNotice({ title: REPORTS_MESSAGES.nothingToExport });
      return;
    }
    setBusy(kind);
    const path = REPORT_EXPORT_PATHS[kind] + reportQuery(hallOwnerId, filters);
    const fallback = `${kind === 'pdf' ? 'report' : 'reports'}-${todayStamp()}.${kind}`;
    try {
      await downloadFromServer(getToken, path, fallback);
    } catch (error) {
      const message = errorText(error);
      // The server's own "nothing to export" (404) is the spec's message: show it alone.
      if (message === REPORTS_MESSAGES.nothingToExport) setNotice({ title: message });
      else
        setNotice({
          title: kind === 'pdf' ? EXPORT_MESSAGES.pdfFailed : EXPORT_MESSAGES.csvFailed,
          detail: message,
        });
    } finally {
      setBusy(null);
    }
  }

  return {
    busy,
    notice,
    dismiss: () => setNotice(null),
    exportPdf: () => run('pdf'),
    downloadCsvs: () => run('zip'),
  };
}
