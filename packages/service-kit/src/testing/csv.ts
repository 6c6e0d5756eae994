/**
 * Reading a CSV back as a spreadsheet would, for the tests of every export the kit's `toCsv`
 * writes (the kit's own, the services' and the browser tests'). Node's assert only: the browser
 * tests import it alone (`@venue/service-kit/testing/csv`), without the rest of the kit, which
 * neither their typecheck nor their workers need.
 */
import assert from 'node:assert/strict';

/**
 * The rows of `text` as RFC 4180 reads them: quoted cells (commas, doubled quotes and line
 * breaks inside them kept), CRLF between records and after the last one (asserted). A leading
 * byte-order mark is left out: a test that wants it checks for it first.
 */
export function readCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = text.startsWith('\ufeff') ? 1 : 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  assert.equal(cell + row.join(''), '', 'the file ends with a record delimiter (CRLF)');
  return rows;
}
