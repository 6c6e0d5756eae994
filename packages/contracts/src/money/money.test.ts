/** Hand-computed cents at the rounding edges (each expectation worked out on paper, see comments). */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  addExclusive,
  bondHeld,
  depositCents,
  depositFromInput,
  forfeitBond,
  moneyFigures,
  parseDollars,
  percentToBasisPoints,
  splitInclusive,
  taxTypeOf,
  toCents,
  type Deposit,
  type TaxType,
} from './index.ts';

describe('GST inclusive: GST = total × bp / (10000 + bp), half up, once', () => {
  // [total, bp, gst, why]
  const cases: [number, number, number, string][] = [
    [66100, 1000, 6009, '66100/11 = 6009.09 → 6009 (the $661 booking: net 600.91)'],
    [45000, 1000, 4091, '45000/11 = 4090.909 → 4091'],
    [110000, 1000, 10000, '110000/11 = 10000 exactly'],
    [33333, 1000, 3030, '33333/11 = 3030.27 → 3030'],
    [1, 1000, 0, '1/11 = 0.09 → 0'],
    [5, 1000, 0, '5/11 = 0.4545 → 0'],
    [6, 1000, 1, '6/11 = 0.5454 → 1'],
    [3, 2000, 1, '3 × 2000/12000 = 0.5 exactly → 1 (half up)'],
    [9, 2000, 2, '9/6 = 1.5 → 2 (half up)'],
    [10000, 1500, 1304, '10000 × 1500/11500 = 1304.35 → 1304'],
    [12345, 0, 0, '0 % GST'],
    [12345, 10000, 6173, '100 %: 12345/2 = 6172.5 → 6173 (half up)'],
    [0, 1000, 0, 'nothing'],
  ];
  for (const [total, bp, gst, why] of cases) {
    it(why, () =>
      assert.deepEqual(splitInclusive(total, bp), {
        netCents: total - gst,
        gstCents: gst,
        totalCents: total,
      }),
    );
  }
  it('rounds the GST, not the base: the spec rounds one figure and subtracts', () => {
    // base = 3/1.2 = 2.5 would round up to 3 (GST 0); GST = 0.5 rounds up to 1 (base 2)
    assert.deepEqual(splitInclusive(3, 2000), { netCents: 2, gstCents: 1, totalCents: 3 });
  });
});

describe('GST exclusive: GST = base × bp / 10000, half up, once', () => {
  const cases: [number, number, number, string][] = [
    [66100, 1000, 6610, '661.00 × 10 % = 66.10'],
    [45000, 1000, 4500, '450 × 10 % = 45 (the cancel dialog and CSV agree on 495.00 only when exclusive)'],
    [5, 1000, 1, '0.5 → 1 (half up)'],
    [4, 1000, 0, '0.4 → 0'],
    [15, 1000, 2, '1.5 → 2 (half up)'],
    [33333, 1500, 5000, '4999.95 → 5000'],
    [1, 1025, 0, '0.1025 → 0'],
    [200, 1025, 21, '20.5 → 21 (half up)'],
    [999, 0, 0, '0 %'],
    [999, 10000, 999, '100 %'],
  ];
  for (const [base, bp, gst, why] of cases) {
    it(why, () =>
      assert.deepEqual(addExclusive(base, bp), { netCents: base, gstCents: gst, totalCents: base + gst }),
    );
  }
});

describe('rates and amounts from what people type', () => {
  it('percent → basis points from the decimal digits', () => {
    assert.equal(percentToBasisPoints(10), 1000);
    assert.equal(percentToBasisPoints(10.25), 1025);
    assert.equal(percentToBasisPoints(10.13), 1013);
    assert.equal(percentToBasisPoints(0), 0);
    assert.equal(percentToBasisPoints(100), 10000);
    for (const bad of [-1, 100.01, 10.255, Number.NaN, Infinity])
      assert.throws(() => percentToBasisPoints(bad), RangeError);
  });
  it('tax types from settings', () => {
    assert.equal(taxTypeOf('Inclusive'), 'inclusive');
    assert.equal(taxTypeOf('Exclusive'), 'exclusive');
    assert.throws(() => taxTypeOf('gross'), RangeError);
  });
  it('dollars → cents half up on the third decimal, from the digits', () => {
    assert.equal(toCents(200.005), 20001);
    assert.equal(toCents(1.005), 101);
    assert.equal(toCents(1.004), 100);
    assert.equal(toCents(0.1 + 0.2), 30);
    assert.equal(toCents(1e-9), 0);
    assert.throws(() => toCents(-1), RangeError);
    assert.equal(parseDollars('12.345'), 1235);
    assert.equal(parseDollars('.5'), 50);
    assert.equal(parseDollars('7.'), 700);
    assert.equal(parseDollars('007.10'), 710);
    for (const bad of ['', '.', '1e3', '-2', '12a', '1.2.3']) assert.equal(parseDollars(bad), null, bad);
  });
});

describe('deposits (spec 02 §2.1, spec 03 §9)', () => {
  const choose = (type: Deposit['type'], v: string | number | null) => {
    const c = depositFromInput(type, v);
    assert.ok(c.ok, JSON.stringify(c));
    return c.deposit;
  };
  it('percentage of the inclusive total, half up once', () => {
    assert.equal(depositCents({ type: 'Percentage', percent: 25 }, 110000), 27500);
    assert.equal(depositCents({ type: 'Percentage', percent: 50 }, 33333), 16667); // 16666.5 → up
    assert.equal(depositCents({ type: 'Percentage', percent: 33 }, 101), 33); // 33.33
    assert.equal(depositCents({ type: 'Percentage', percent: 0 }, 110000), 0);
    assert.equal(depositCents({ type: 'Percentage', percent: 100 }, 66100), 66100);
  });
  it('fixed, capped at the total', () => {
    assert.equal(depositCents({ type: 'Fixed', cents: 20001 }, 110000), 20001);
    assert.equal(depositCents({ type: 'Fixed', cents: 500000 }, 110000), 110000);
  });
  it('input rules: clamp, round, zero for nothing usable, whole percent only', () => {
    assert.deepEqual(choose('Percentage', '150'), { type: 'Percentage', percent: 100 });
    assert.deepEqual(choose('Percentage', 25), { type: 'Percentage', percent: 25 });
    assert.deepEqual(choose('Fixed', '200.456'), { type: 'Fixed', cents: 20046 });
    assert.deepEqual(choose('Fixed', 200.005), { type: 'Fixed', cents: 20001 });
    assert.deepEqual(choose('Fixed', '99999999999999999'), { type: 'Fixed', cents: 1_000_000_000_000 });
    for (const nothing of ['', '.', '12a', '0', '-5', null, 0, -3, Number.NaN])
      assert.deepEqual(choose('Fixed', nothing), { type: 'Fixed', cents: 0 }, String(nothing));
    assert.deepEqual(choose('Percentage', ''), { type: 'Percentage', percent: 0 });
    assert.deepEqual(choose('None', '50'), { type: 'None' });
    const half = depositFromInput('Percentage', '12.5');
    assert.equal(half.ok, false);
    assert.deepEqual(depositFromInput('Percentage', 12.5), half);
  });
});

describe('booking figures', () => {
  const fig = (price: number, taxType: TaxType, bp: number, deposit?: Deposit) => {
    const f = moneyFigures({ priceCents: price, taxType, rateBp: bp, deposit });
    return [f.netCents, f.gstCents, f.totalCents, f.depositCents, f.finalDueCents];
  };
  it('the $661 booking reads the same everywhere: inclusive total 661.00, GST 60.09', () => {
    assert.deepEqual(fig(66100, 'inclusive', 1000), [60091, 6009, 66100, 0, 66100]);
  });
  it('exclusive: GST on top, deposit on the total', () => {
    assert.deepEqual(
      fig(100000, 'exclusive', 1000, { type: 'Percentage', percent: 25 }),
      [100000, 10000, 110000, 27500, 82500],
    );
  });
  it('100 % deposit leaves nothing due; a fixed deposit above the total is the total', () => {
    assert.deepEqual(
      fig(66100, 'inclusive', 1000, { type: 'Percentage', percent: 100 }),
      [60091, 6009, 66100, 66100, 0],
    );
    assert.deepEqual(
      fig(66100, 'inclusive', 1000, { type: 'Fixed', cents: 99999 }),
      [60091, 6009, 66100, 66100, 0],
    );
  });
  it('0 % GST', () => {
    assert.deepEqual(fig(12345, 'exclusive', 0), [12345, 0, 12345, 0, 12345]);
    assert.deepEqual(fig(12345, 'inclusive', 0), [12345, 0, 12345, 0, 12345]);
  });
  it('refuses what is not money', () => {
    assert.throws(() => fig(-1, 'inclusive', 1000), RangeError);
    assert.throws(() => fig(1.5, 'inclusive', 1000), RangeError);
    assert.throws(() => fig(100, 'inclusive', 10001), RangeError);
    assert.throws(() => fig(100, 'inclusive', 1000, { type: 'Percentage', percent: 12.5 }), RangeError);
  });
});

describe('bonds', () => {
  it('no GST while held; the forfeited part contains GST', () => {
    assert.deepEqual(bondHeld(50000), { bondCents: 50000, gstCents: 0 });
    assert.deepEqual(forfeitBond(50000, 11000, 1000), {
      forfeited: { netCents: 10000, gstCents: 1000, totalCents: 11000 },
      refundCents: 39000,
    });
    assert.deepEqual(forfeitBond(50000, 0, 1000).refundCents, 50000);
    assert.throws(() => forfeitBond(50000, 50001, 1000), RangeError);
  });
});
