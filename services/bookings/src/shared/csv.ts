/**
 * The CSV formats of spec 02 §9. The files themselves are written by the service kit's one CSV
 * writer (`toCsv`: quoted, formula-guarded, CRLF, byte-order mark).
 */

/** yyyy-MM-dd → dd/MM/yyyy, the date format of the bookings and customer CSVs. */
export function ddmmyyyy(date: string): string {
  const [y, m, d] = date.split('-');
  return `${d}/${m}/${y}`;
}
