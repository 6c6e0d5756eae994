import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import pg from 'pg';
import { parseTimestamptz } from './timestamptz.ts';

const theirs = pg.types.getTypeParser(1184, 'text') as (text: string) => unknown;
const ours = (text: string) => parseTimestamptz(text, theirs);
const same = (text: string) => {
  const a = ours(text);
  const b = theirs(text);
  assert.equal(a instanceof Date ? a.getTime() : a, b instanceof Date ? b.getTime() : b, text);
};

describe('timestamptz text', () => {
  it('reads what a UTC server sends as node-postgres does, to the millisecond', () => {
    // Every hour of 1999–2101 at a drifting second and fraction, with 0 to 6 fraction digits.
    let k = 0;
    for (
      let t = Date.parse('1999-01-01T00:00:00Z');
      t < Date.parse('2101-01-01T00:00:00Z');
      t += 3_600_000 * 97 + 12_345
    ) {
      const iso = new Date(t).toISOString(); // yyyy-mm-ddThh:mm:ss.sssZ
      const digits = k++ % 7;
      const fraction = digits === 0 ? '' : `.${(iso.slice(20, 23) + '987').slice(0, digits)}`;
      same(`${iso.slice(0, 10)} ${iso.slice(11, 19)}${fraction}+00`);
    }
    assert.ok(k > 9000);
    assert.equal((ours('2026-11-24 13:00:00.123456+00') as Date).toISOString(), '2026-11-24T13:00:00.123Z');
  });

  it('leaves every other shape to node-postgres', () => {
    for (const text of [
      '2026-11-24 23:00:00+10',
      '2026-11-24 18:30:00.5+05:30',
      '2026-11-24 08:00:00-05',
      '0099-06-01 00:00:00+00',
      '0999-06-01 00:00:00+00',
      '12026-01-01 00:00:00+00',
      '2026-01-01 00:00:00+00 BC',
      'infinity',
      '-infinity',
    ]) {
      same(text);
    }
  });
});
