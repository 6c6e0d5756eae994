import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { dashboardQuery, expiresInWords, holdBadge, reportsQuery } from './index.ts';

describe('insights contracts', () => {
  it('the dashboard query reads the toggles, a real day and resource ids only', () => {
    assert.deepEqual(dashboardQuery.parse({ status: 'confirmed,block-out,confirmed' }).status, [
      'confirmed',
      'block-out',
    ]);
    assert.equal(dashboardQuery.parse({}).status, undefined);
    assert.equal(dashboardQuery.safeParse({ status: 'confirmed,maybe' }).success, false);
    assert.equal(dashboardQuery.safeParse({ date: '2026-02-30' }).success, false);
    assert.equal(dashboardQuery.safeParse({ resourceId: 'not-an-id' }).success, false);
    assert.equal(dashboardQuery.safeParse({ status: ['confirmed', 'pending'] }).success, false);
  });

  it('hold badges follow spec 01 §9: destructive under 2 h, warning under 12 h', () => {
    assert.equal(holdBadge(119), 'destructive');
    assert.equal(holdBadge(120), 'warning');
    assert.equal(holdBadge(719), 'warning');
    assert.equal(holdBadge(720), 'secondary');
    assert.deepEqual([0, 45, 60, 330, 600, 1440, 1620].map(expiresInWords), [
      '0m',
      '45m',
      '1h',
      '5h 30m',
      '10h',
      '1d',
      '1d 3h',
    ]);
  });

  it('the reports query takes the spec periods and segments', () => {
    const q = reportsQuery.parse({ period: '180d', segments: 'nfp,vip', months: '6' });
    assert.equal(q.period, '180d');
    assert.deepEqual(q.segments, ['nfp', 'vip']);
    assert.equal(q.months, 6);
    assert.equal(reportsQuery.safeParse({ period: '2y' }).success, false);
    assert.equal(reportsQuery.safeParse({ segments: 'gold' }).success, false);
  });
});
