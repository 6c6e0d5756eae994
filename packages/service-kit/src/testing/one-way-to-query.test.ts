import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { rawQueries, uncommentedSql } from './one-way-to-query.ts';

describe('the one-way-to-query detectors', () => {
  test('a statement handed to the kit as text is found, a builder call is not', () => {
    assert.equal(rawQueries('  const { rows } = await tx(ctx).query(`SELECT 1`);').length, 1);
    assert.equal(rawQueries('  await t.query<{ id: string }>(\n    `SELECT id FROM x`)').length, 1);
    assert.equal(rawQueries('  const q = parseQuery(ctx, listQuery);').length, 0);
    assert.equal(rawQueries('  // an old tx.query(`SELECT 1`) in a comment').length, 0);
  });

  test('the sql tag needs a comment on its line or the three above', () => {
    assert.equal(uncommentedSql('  .returning(sql<boolean>`xmax = 0`)').length, 1);
    assert.equal(uncommentedSql('  .orderBy(sql.raw(text))').length, 1);
    assert.equal(
      uncommentedSql('  // xmax is a system column\n  .returning(sql<boolean>`xmax = 0`)').length,
      0,
    );
    assert.equal(
      uncommentedSql('  // why\n  a,\n  b,\n  c,\n  .where(sql`x`)').length,
      1,
      'four lines up is too far',
    );
  });
});
