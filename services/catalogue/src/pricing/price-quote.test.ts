import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { HttpError } from '@venue/service-kit';
import { computeQuote, type QuoteInput } from './price-quote.ts';

const hourly = { rateType: 'hourly' as const, weekdayRateCents: 10000, weekendRateCents: 15000 };
const flat = { rateType: 'daily' as const, weekdayRateCents: 80000, weekendRateCents: 120000 };
const MON = '2026-05-04';
const SAT = '2026-05-09';
const SUN = '2026-05-10';

const q = (over: Partial<QuoteInput>): QuoteInput => ({
  pricing: hourly,
  date: MON,
  startTime: '09:00',
  endTime: '12:00',
  holiday: null,
  addOns: [],
  ...over,
});

describe('price quote (spec 02 §9 + holiday surcharge + add-ons)', () => {
  const table: [
    string,
    Partial<QuoteInput>,
    { total: number; rate: number; weekend: boolean; base: number },
  ][] = [
    ['hourly weekday 3 h', {}, { total: 30000, rate: 10000, weekend: false, base: 30000 }],
    [
      'hourly Saturday 3 h uses the weekend rate',
      { date: SAT },
      { total: 45000, rate: 15000, weekend: true, base: 45000 },
    ],
    [
      'hourly Sunday 1.5 h',
      { date: SUN, startTime: '10:00', endTime: '11:30' },
      { total: 22500, rate: 15000, weekend: true, base: 22500 },
    ],
    [
      'hourly 20 minutes rounds once to the cent',
      { pricing: { ...hourly, weekdayRateCents: 1001 }, startTime: '09:00', endTime: '09:20' },
      { total: 334, rate: 1001, weekend: false, base: 334 },
    ],
    [
      'flat weekday under 8 h is half',
      { pricing: flat, startTime: '09:00', endTime: '16:59' },
      { total: 40000, rate: 80000, weekend: false, base: 40000 },
    ],
    [
      'flat weekday exactly 8 h is the full rate',
      { pricing: flat, startTime: '09:00', endTime: '17:00' },
      { total: 80000, rate: 80000, weekend: false, base: 80000 },
    ],
    [
      'flat weekend over 8 h is the full weekend rate',
      { pricing: flat, date: SAT, startTime: '08:00', endTime: '23:00' },
      { total: 120000, rate: 120000, weekend: true, base: 120000 },
    ],
    [
      'flat weekend under 8 h is half the weekend rate',
      { pricing: flat, date: SUN, startTime: '18:00', endTime: '22:00' },
      { total: 60000, rate: 120000, weekend: true, base: 60000 },
    ],
    [
      'flat odd cents halve with one rounding',
      { pricing: { ...flat, weekdayRateCents: 333 }, startTime: '09:00', endTime: '10:00' },
      { total: 167, rate: 333, weekend: false, base: 167 },
    ],
    ['no pricing is 0', { pricing: null }, { total: 0, rate: 0, weekend: false, base: 0 }],
    [
      'holiday surcharge 25 % on the base',
      { holiday: { name: 'Labour Day', surchargePercent: 25 } },
      { total: 37500, rate: 10000, weekend: false, base: 30000 },
    ],
    [
      'holiday surcharge rounds to the cent',
      {
        pricing: { ...hourly, weekdayRateCents: 999 },
        startTime: '09:00',
        endTime: '10:00',
        holiday: { name: 'X', surchargePercent: 15 },
      },
      { total: 1149, rate: 999, weekend: false, base: 999 },
    ],
    [
      'add-ons are added after the surcharge',
      {
        holiday: { name: 'X', surchargePercent: 10 },
        addOns: [
          { id: 'a', name: 'Projector', priceCents: 5000, quantity: 1 },
          { id: 'b', name: 'Cleaning Service', priceCents: 3000, quantity: 2 },
        ],
      },
      { total: 44000, rate: 10000, weekend: false, base: 30000 },
    ],
    [
      'no pricing still charges add-ons and a 0 surcharge',
      {
        pricing: null,
        holiday: { name: 'X', surchargePercent: 25 },
        addOns: [{ id: 'a', name: 'Projector', priceCents: 5000, quantity: 1 }],
      },
      { total: 5000, rate: 0, weekend: false, base: 0 },
    ],
  ];
  for (const [name, input, want] of table) {
    it(name, () => {
      const got = computeQuote(q(input));
      assert.deepEqual(
        { total: got.calculatedPriceCents, rate: got.rateCents, weekend: got.isWeekend, base: got.baseCents },
        want,
      );
      assert.equal(got.calculatedPrice, want.total / 100);
      assert.equal(
        got.breakdown.reduce((s, b) => s + b.amountCents, 0),
        got.calculatedPriceCents,
        'breakdown adds up',
      );
    });
  }

  it('reports the holiday and each add-on line', () => {
    const got = computeQuote(
      q({
        holiday: { name: 'Labour Day', surchargePercent: 25 },
        addOns: [{ id: 'b', name: 'Cleaning Service', priceCents: 3000, quantity: 2 }],
      }),
    );
    assert.deepEqual(got.holiday, { name: 'Labour Day', surchargePercent: 25, surchargeCents: 7500 });
    assert.deepEqual(got.addOns, [{ id: 'b', name: 'Cleaning Service', quantity: 2, priceCents: 6000 }]);
    assert.equal(got.addOnsCents, 6000);
    assert.equal(got.durationHours, 3);
    assert.equal(got.breakdown.length, 3);
  });

  for (const [start, end] of [
    ['10:00', '10:00'],
    ['12:00', '09:00'],
  ] as const) {
    it(`refuses a zero or negative duration (${start}–${end})`, () => {
      assert.throws(
        () => computeQuote(q({ startTime: start, endTime: end })),
        (e) =>
          e instanceof HttpError && e.status === 400 && e.message === 'End time must be after start time',
      );
    });
  }
});
