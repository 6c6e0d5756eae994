import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { toCsv } from './csv.ts';
import { readCsv } from './testing/csv.ts';

const BOM = '\ufeff';

const body = (text: string) => {
  assert.ok(text.startsWith(BOM), 'starts with the byte-order mark');
  return text.slice(1);
};

describe('CSV writer', () => {
  it('quotes every cell, CRLF after each record, a UTF-8 byte-order mark first', () => {
    const text = toCsv(
      ['Name', 'Guests', 'Note'],
      [
        ['Zoë', 120, ''],
        ['Ana', null, undefined],
      ],
    );
    assert.equal(text, `${BOM}"Name","Guests","Note"\r\n"Zoë","120",""\r\n"Ana","",""\r\n`);
    assert.equal(Buffer.from(text, 'utf8').subarray(0, 3).toString('hex'), 'efbbbf');
  });

  it('leaves the byte-order mark out when asked', () => {
    assert.equal(toCsv(['A'], [['b']], { bom: false }), '"A"\r\n"b"\r\n');
  });

  it('keeps commas, doubled quotes and line breaks inside one cell', () => {
    const tricky = ['a, b', 'say "hi"', 'line 1\nline 2', 'cr\r\nlf', '"', ','];
    const text = toCsv(['1', '2', '3', '4', '5', '6'], [tricky]);
    assert.equal(
      body(text),
      '"1","2","3","4","5","6"\r\n"a, b","say ""hi""","line 1\nline 2","cr\r\nlf","""",","\r\n',
    );
    // a standard reader gets the same cells back
    const rows = readCsv(body(text));
    assert.deepEqual(rows[1], tricky);
  });

  it('defuses cells a spreadsheet would run as a formula', () => {
    const cells = [
      '=HYPERLINK("http://evil.example","click")',
      '+cmd|/c calc',
      '-2+3',
      '@SUM(A1:A9)',
      '\t=B2',
      '\r=2+2',
      '＝1+1', // full-width, folded to '=' by Apple Numbers
      '-',
      '-1e5',
      '- 12',
      '+61412345678', // a phone number: kept as text, the '+' is not lost
    ];
    const rows = readCsv(body(toCsv(cells.map(String), [cells])));
    assert.deepEqual(
      rows[1],
      cells.map((c) => `'${c}`),
    );
    // the header is guarded too
    assert.deepEqual(
      rows[0],
      cells.map((c) => `'${c}`),
    );
  });

  it('leaves genuine negative numbers as numbers, and harmless text alone', () => {
    const cells = [-12.5, '-12.50', '-0.01', '-899', 0, '1,100.00', 'a=b', 'x@y.z', " '=1"];
    const rows = readCsv(body(toCsv(['h'], [cells])));
    assert.deepEqual(rows[1], ['-12.5', '-12.50', '-0.01', '-899', '0', '1,100.00', 'a=b', 'x@y.z', " '=1"]);
  });

  it('writes objects as JSON, dates as ISO 8601, booleans as words', () => {
    const at = new Date('2026-04-05T02:30:00Z');
    const rows = readCsv(body(toCsv(['h'], [[{ note: { old: '=A1' } }, at, true, false, 10n]])));
    assert.deepEqual(rows[1], ['{"note":{"old":"=A1"}}', '2026-04-05T02:30:00.000Z', 'true', 'false', '10']);
  });

  it('a header and no rows is a one-line file', () => {
    assert.equal(toCsv(['Code', 'Name'], []), `${BOM}"Code","Name"\r\n`);
  });
});
