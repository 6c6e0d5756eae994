/**
 * CSV text built in the browser, by the same rules as the services' writer
 * (packages/service-kit/src/csv.ts), which a frontend cannot import: every cell quoted with
 * inner quotes doubled, CRLF line ends, and formula injection guarded — a cell starting with
 * = + - @, a tab or a carriage return (or their full-width forms) gets a leading apostrophe,
 * except a plain negative number, which a spreadsheet reads as a number. The byte-order mark is
 * added by `downloadText` from @venue/ui.
 */
const FORMULA_START = /^[=+\-@\t\r＝＋－＠]/;
const NEGATIVE_NUMBER = /^-\d+(\.\d+)?$/;

export function csvCell(value: string | number | boolean | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (FORMULA_START.test(text) && !NEGATIVE_NUMBER.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

export function toCsv(
  header: readonly string[],
  rows: readonly (readonly (string | number | boolean | null | undefined)[])[],
): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

/** Integer cents as a plain decimal ("1234.50"), exactly: no binary fractions involved. */
export function centsText(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
