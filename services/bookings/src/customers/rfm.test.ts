import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { computeRfm, scoreByRatio, segmentOf, type RfmBooking } from './rfm.ts';

const TODAY = '2026-11-22';
const b = (date: string, dollars: number, status = 'confirmed'): RfmBooking => ({
  date,
  spendCents: dollars * 100,
  status,
});

describe('RFM scores', () => {
  const table: Array<[number, number, number]> = [
    [100, 100, 5],
    [80, 100, 5],
    [79, 100, 4],
    [60, 100, 4],
    [59, 100, 3],
    [40, 100, 3],
    [39, 100, 2],
    [20, 100, 2],
    [19, 100, 1],
    [0, 100, 1],
    [0, 0, 1],
  ];
  for (const [v, max, want] of table) {
    it(`${v} of ${max} scores ${want}`, () => assert.equal(scoreByRatio(v, max), want));
  }
});

describe('segments, in precedence order', () => {
  const table: Array<[number, number, number, string]> = [
    [5, 5, 5, 'Champions'],
    [4, 4, 4, 'Champions'],
    [3, 3, 3, 'Loyal'],
    [5, 3, 4, 'Loyal'],
    [4, 1, 3, 'New'],
    [5, 2, 5, 'New'],
    [2, 3, 3, 'At-Risk'],
    [1, 5, 5, 'At-Risk'],
    [1, 1, 1, 'Lost'],
    [2, 2, 2, 'Lost'],
    [3, 1, 1, 'At-Risk'], // nothing matches, not recent → default
    [3, 4, 1, 'At-Risk'],
    [4, 1, 1, 'New'], // nothing matches, recent and seldom → New, not At-Risk (issue 24 item 7)
    [5, 2, 2, 'New'],
    [5, 5, 1, 'Loyal'], // nothing matches, recent and often → Loyal
    [4, 3, 2, 'Loyal'],
  ];
  for (const [r, f, m, want] of table) {
    it(`${r}${f}${m} → ${want}`, () => assert.equal(segmentOf(r, f, m), want));
  }
});

describe('customer figures', () => {
  const [top, lapsed, fresh, nfp, held] = computeRfm(
    [
      {
        key: 'top',
        bookings: [
          b('2026-11-20', 500),
          b('2026-10-01', 500),
          b('2026-08-01', 500),
          b('2026-06-01', 500),
          b('2026-03-01', 500),
          b('2026-11-01', 9999, 'cancelled'),
          b('2026-11-02', 9999, 'expired'),
        ],
      },
      {
        key: 'lapsed',
        bookings: [b('2025-12-01', 1000), b('2025-12-10', 1000), b('2025-12-20', 600), b('2024-01-01', 5000)],
      },
      { key: 'fresh', bookings: [b('2026-11-15', 2000)] },
      { key: 'nfp', tier: 'nonprofit', bookings: [b('2025-01-01', 100, 'cancelled')] },
      // a lapsed hold of $2,500 today and five of $10: no spend, no VIP, never active
      {
        key: 'held',
        bookings: [
          b('2026-11-22', 2500, 'expired'),
          ...[1, 2, 3, 4, 5].map((d) => b(`2026-11-0${d}`, 10, 'expired')),
        ],
      },
    ],
    TODAY,
  );
  it('excludes cancelled bookings and lapsed holds from spend and frequency', () => {
    assert.equal(top!.frequency12m, 5);
    assert.equal(top!.monetary12mCents, 250000);
    assert.equal(top!.lifetimeSpendCents, 250000);
    assert.equal(top!.totalBookings, 5);
    assert.deepEqual(
      [held!.frequency12m, held!.monetary12mCents, held!.lifetimeSpendCents, held!.totalBookings],
      [0, 0, 0, 0],
    );
    assert.deepEqual([held!.lastActiveDays, held!.rfm, held!.clvCents, held!.tags], [null, '111', 0, []]);
  });
  it('keeps the 12-month window for frequency and monetary but not for lifetime spend', () => {
    assert.equal(lapsed!.frequency12m, 3);
    assert.equal(lapsed!.monetary12mCents, 260000);
    assert.equal(lapsed!.lifetimeSpendCents, 760000);
    assert.equal(lapsed!.lastActiveDays, 337);
  });
  it('scores relative to the best customer and segments them', () => {
    assert.equal(top!.rfm, '555');
    assert.equal(top!.segment, 'Champions');
    // last booking 337 days ago: recency 28/363 → 1; 3 of 5 bookings → 4; 2600 of 2600 → 5
    assert.equal(lapsed!.rfm, '145');
    assert.equal(lapsed!.segment, 'At-Risk');
    // one recent booking of 2000: recency 5, frequency 1/5 → 2, monetary 2000/2600 → 4
    assert.equal(fresh!.rfm, '524');
    assert.equal(fresh!.segment, 'New');
    assert.equal(nfp!.rfm, '111');
    assert.equal(nfp!.segment, 'Lost');
  });
  it('tags VIP over 2000 lifetime or 5 bookings in 12 months, NFP for nonprofits', () => {
    assert.deepEqual(top!.tags, ['VIP']); // 5 bookings (2500 also)
    assert.deepEqual(lapsed!.tags, ['VIP']); // 7600 lifetime
    assert.deepEqual(fresh!.tags, []); // exactly 2000 is not over 2000
    assert.deepEqual(nfp!.tags, ['NFP']);
  });
  it('CLV = average spend per booking × 12-month bookings × 2.5', () => {
    assert.equal(top!.clvCents, 50000 * 5 * 2.5);
    assert.equal(lapsed!.clvCents, Math.round((760000 / 4) * 3 * 2.5));
    assert.equal(fresh!.clvCents, 200000 * 1 * 2.5);
    assert.equal(nfp!.clvCents, 0);
  });
});
