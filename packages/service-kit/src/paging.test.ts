// The keyset helper's SQL and cursor checks (the lists' own tests walk real pages: bookings
// list-paging.test.ts, admin audit-paging.test.ts; the plans are in their explain tests).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  cappedCount,
  decodeCursor,
  encodeCursor,
  keysetAfter,
  keysetOrderBy,
  keysetPage,
  wantsTotal,
  type KeysetKey,
} from './paging.ts';
import { HttpError } from './errors.ts';

const STARTS: KeysetKey = { expr: 'b.starts_at', type: 'timestamptz', index: 'DESC NULLS LAST' };
const ID: KeysetKey = { expr: 'b.id', type: 'uuid', index: 'ASC' };
const AUDIT: KeysetKey[] = [
  { expr: 'occurred_at', type: 'timestamptz', index: 'DESC' },
  { expr: 'seq', type: 'bigint', index: 'DESC' },
];
const UUID = '0a000000-0000-4000-8000-000000000001';

describe('keyset paging helper', () => {
  it('orders as the index reads: forwards for the first key stored order, backwards for the other', () => {
    assert.equal(
      keysetOrderBy([STARTS, ID], 'desc'),
      'ORDER BY b.starts_at DESC NULLS LAST, b.id ASC NULLS LAST',
    );
    assert.equal(
      keysetOrderBy([STARTS, ID], 'asc'),
      'ORDER BY b.starts_at ASC NULLS FIRST, b.id DESC NULLS FIRST',
    );
    assert.equal(keysetOrderBy(AUDIT, 'desc'), 'ORDER BY occurred_at DESC NULLS FIRST, seq DESC NULLS FIRST');
    assert.equal(keysetOrderBy(AUDIT, 'asc'), 'ORDER BY occurred_at ASC NULLS LAST, seq ASC NULLS LAST');
  });

  it('writes the rows after a cursor key by key, behind a bound on the first key', () => {
    const params: unknown[] = [];
    const p = (v: unknown) => `$${params.push(v)}`;
    assert.equal(
      keysetAfter([STARTS, ID], 'desc', ['2027-03-01T00:00:00.000000Z', UUID], p),
      'b.starts_at <= $1::timestamptz AND ((b.starts_at < $1::timestamptz) OR (b.starts_at = $1::timestamptz AND b.id > $2::uuid))',
    );
    assert.deepEqual(params, ['2027-03-01T00:00:00.000000Z', UUID]);
    params.length = 0;
    assert.equal(
      keysetAfter(AUDIT, 'asc', ['2026-01-01T00:00:00.000000Z', '7'], p),
      'occurred_at >= $1::timestamptz AND ((occurred_at > $1::timestamptz) OR (occurred_at = $1::timestamptz AND seq > $2::bigint))',
    );
  });

  it('takes back only cursors of the same sort and order with a valid value per key', () => {
    const good = encodeCursor('start', 'desc', ['2027-03-01T10:00:00.123456Z', UUID]);
    assert.deepEqual(decodeCursor(good, 'start', 'desc', [STARTS, ID]), [
      '2027-03-01T10:00:00.123456Z',
      UUID,
    ]);
    assert.deepEqual(decodeCursor(encodeCursor('c', 'asc', ['-infinity', UUID]), 'c', 'asc', [STARTS, ID]), [
      '-infinity',
      UUID,
    ]);
    const bad = [
      [good, 'created', 'desc'],
      [good, 'start', 'asc'],
      ['%%%', 'start', 'desc'],
      [encodeCursor('start', 'desc', ['2027-02-29T10:00:00.000000Z', UUID]), 'start', 'desc'],
      [encodeCursor('start', 'desc', ['2027-03-01 10:00:00+00', UUID]), 'start', 'desc'],
      [encodeCursor('start', 'desc', ['2027-03-01T10:00:00.000000Z', 'x']), 'start', 'desc'],
      [encodeCursor('start', 'desc', ['2027-03-01T10:00:00.000000Z']), 'start', 'desc'],
    ] as const;
    for (const [raw, sort, order] of bad)
      assert.throws(
        () => decodeCursor(raw, sort, order, [STARTS, ID]),
        (e: unknown) =>
          e instanceof HttpError && e.status === 400 && JSON.stringify(e.extra).includes('cursor'),
      );
    const text: KeysetKey = { expr: 'lower(b.customer_name)', type: 'text', index: 'DESC NULLS LAST' };
    assert.throws(() => decodeCursor(encodeCursor('s', 'asc', ['a\u0000b', UUID]), 's', 'asc', [text, ID]));
    assert.throws(() => decodeCursor(encodeCursor('s', 'asc', ['\uD800', UUID]), 's', 'asc', [text, ID]));
    const big: KeysetKey = { expr: 'v', type: 'bigint', index: 'DESC' };
    assert.throws(() =>
      decodeCursor(encodeCursor('s', 'asc', ['12345678901234567890', UUID]), 's', 'asc', [big, ID]),
    );
  });

  it('pages rows fetched one long, and counts up to the cap', async () => {
    const rows = [1, 2, 3].map((n) => ({ n, cursor_k0: `2027-03-0${n}T00:00:00.000000Z`, cursor_k1: UUID }));
    const page = keysetPage(rows, 2, 'start', 'desc', [STARTS, ID]);
    assert.deepEqual([page.rows.length, page.hasMore], [2, true]);
    assert.deepEqual(decodeCursor(page.nextCursor!, 'start', 'desc', [STARTS, ID]), [
      '2027-03-02T00:00:00.000000Z',
      UUID,
    ]);
    assert.deepEqual(keysetPage(rows, 3, 'start', 'desc', [STARTS, ID]).nextCursor, null);
    const tx = (n: number) => ({ query: async () => ({ rows: [{ n: String(n) }], rowCount: 1 }) }) as never;
    assert.deepEqual(await cappedCount(tx(7), 'FROM t', []), { total: 7, totalIsEstimate: false });
    assert.deepEqual(await cappedCount(tx(10_001), 'FROM t', []), { total: 10_000, totalIsEstimate: true });
    assert.deepEqual(
      [
        wantsTotal({}),
        wantsTotal({ cursor: 'c' }),
        wantsTotal({ cursor: 'c', withTotal: true }),
        wantsTotal({ withTotal: false }),
      ],
      [true, false, true, false],
    );
  });
});
