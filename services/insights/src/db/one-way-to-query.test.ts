// One way to query (issue 10 item 5, decision 35): insights builds every statement with `db(tx)`
// (src/db/query.ts); the kit's check reads its source so a raw `.query()` or a `sql` tag without
// its reason cannot return. Insights adds one check of its own: no SQL text handed to a helper
// either (Reports once passed statements as text to a segmentQuery() that called `.query()`).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { describeOneWayToQuery, serviceSources } from '@venue/service-kit/testing';

const SRC = new URL('..', import.meta.url);

describeOneWayToQuery({ service: 'insights', src: SRC, sample: 'dashboard/kpis.ts' });

/**
 * A string or template starting with a statement (upper-case keywords, as this code writes
 * SQL); the `sql` tag's own text is exempt (the kit's check wants its reason).
 */
const SQL_TEXT = /([`'"])\s*(SELECT\s|INSERT INTO\s|UPDATE \w+ |DELETE FROM\s|WITH \w+ AS\b)/;

/** Code lines (not comments) holding SQL text outside the `sql` tag, as `line: text`. */
function sqlText(text: string): string[] {
  return text
    .split('\n')
    .map((line, i) => [i + 1, line] as const)
    .filter(([, line]) => {
      if (/^\s*(\/\/|\*|\/\*)/.test(line)) return false;
      const m = SQL_TEXT.exec(line);
      return m !== null && !/\bsql(<[^`]*>)?\s*$/.test(line.slice(0, m.index));
    })
    .map(([n, line]) => `${n}: ${line.trim()}`);
}

describe('no SQL text in insights outside the sql tag', () => {
  test('the check recognises a statement as text', () => {
    assert.equal(sqlText('  return segmentQuery(tx, s,\n    `SELECT count(*) FROM bookings b`);').length, 1);
    assert.equal(sqlText("  const text = 'UPDATE bookings SET x = 1';").length, 1);
    assert.equal(sqlText('  await tx.query(`DELETE FROM activity WHERE tenant_id = $1`)').length, 1);
    assert.equal(sqlText("  throw badRequest('Update the schedule first.');").length, 0);
    assert.equal(sqlText('  // SELECT in a comment').length, 0);
    assert.equal(sqlText('  const t = sql`SELECT 1`;').length, 0);
  });

  test('no non-test source file holds a statement as text', () => {
    const found = serviceSources(SRC).flatMap((f) => sqlText(f.text).map((hit) => `${f.name}:${hit}`));
    assert.deepEqual(found, [], 'build these with db(tx) (src/db/query.ts) instead');
  });
});
