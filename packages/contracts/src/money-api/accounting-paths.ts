/**
 * The accounting exports' paths and file names (issue 26 item 4), kept apart from their zod
 * schemas (accounting-exports.ts) as paths.ts is: the Invoices screen imports only these.
 */

/** The accounting systems a file is written for. */
export const ACCOUNTING_SYSTEMS = ['xero', 'myob'] as const;
export type AccountingSystem = (typeof ACCOUNTING_SYSTEMS)[number];

/** What a file holds: sales (invoices, adjustment notes, bonds held) or the money received and paid back. */
export const ACCOUNTING_FILES = ['invoices', 'payments'] as const;
export type AccountingFile = (typeof ACCOUNTING_FILES)[number];

/** The longest range one file covers (a year and a day: a leap year's whole). */
export const ACCOUNTING_MAX_DAYS = 366;

/** `GET /api/invoices/export/xero?from=&to=` and its three siblings. */
export function accountingExportPath(
  system: AccountingSystem,
  file: AccountingFile,
  from: string,
  to: string,
): string {
  const q = new URLSearchParams({ from, to });
  return `/api/${file}/export/${system}?${q.toString()}`;
}

/** `xero-invoices-2026-10-01-to-2026-10-31.csv`: the system, what, and the range in the name. */
export function accountingFileName(system: AccountingSystem, file: AccountingFile, from: string, to: string) {
  return `${system}-${file}-${from}-to-${to}.csv`;
}
