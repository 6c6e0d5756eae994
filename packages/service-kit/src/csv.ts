/**
 * The one CSV writer behind every export (audit log, bookings lists, a customer's data,
 * resources), built on csv-stringify so quoting and escaping are a well-kept library's job.
 *
 * The file is the same shape everywhere:
 * - every cell quoted (RFC 4180; empty cells as `""`), so commas, quotes and line breaks inside
 *   a name or a note never split a cell, and each row reads the same whatever it holds;
 * - CRLF between records and after the last one (RFC 4180; what Excel writes);
 * - a UTF-8 byte-order mark first, so Excel on Windows reads `Zoë` rather than `ZoÃ«`;
 * - formula injection guarded: a cell that starts with `=`, `+`, `-`, `@`, a tab or a carriage
 *   return (or the full-width `＝ ＋ － ＠` that Apple Numbers folds to them) would be run by a
 *   spreadsheet, so it gets a leading apostrophe and stays text (OWASP "CSV Injection"). A cell
 *   that is only a negative number (`-12.50`, a refund or an overpaid balance) is left alone: a
 *   spreadsheet reads it as that number and runs nothing, and an apostrophe there would show.
 */
import { stringify, type CastingContext } from 'csv-stringify/sync';

export interface CsvOptions {
  /** Start with a UTF-8 byte-order mark (default true: spreadsheets on Windows need it). */
  bom?: boolean;
}

/** A negative decimal and nothing else: a number to a spreadsheet, never a formula. */
const NEGATIVE_NUMBER = /^-\d+(\.\d+)?$/;

/** The text of a cell: as written for strings, JSON for objects, ISO 8601 for dates. */
const cast = {
  string: (value: string) =>
    // per-cell option: this cell is a number, not a formula to escape
    NEGATIVE_NUMBER.test(value) ? { value, escape_formulas: false } : value,
  // Not csv-stringify's defaults ('1'/'' and epoch milliseconds), which read as other data.
  boolean: (value: boolean) => String(value),
  date: (value: Date) => value.toISOString(),
  object: (value: object) => JSON.stringify(value),
  number: (value: number, _context: CastingContext) => String(value),
  bigint: (value: bigint) => String(value),
};

/** The CSV text of a header and its rows (null and undefined cells are empty). */
export function toCsv(
  header: readonly string[],
  rows: Iterable<readonly unknown[]>,
  options: CsvOptions = {},
): string {
  return stringify([header, ...rows] as unknown[][], {
    bom: options.bom ?? true,
    quoted: true,
    quoted_empty: true,
    record_delimiter: 'windows',
    escape_formulas: true,
    cast,
  });
}
