/**
 * CSV for spreadsheets. A cell that starts with = + - @ (or a tab / carriage return, which some
 * spreadsheets skip before one of those) would be read as a formula, so it gets a leading
 * apostrophe: an entry such as `=HYPERLINK(...)` typed into a name field stays text.
 */
export function csvCell(value: unknown): string {
  let text =
    value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

export function csvLine(values: unknown[]): string {
  return values.map(csvCell).join(',') + '\r\n';
}
