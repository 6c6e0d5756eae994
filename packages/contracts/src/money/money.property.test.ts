/** Properties of the money module for any input (fast-check; a failure prints the smallest counter-example). */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import {
  addExclusive,
  depositFromInput,
  forfeitBond,
  MAX_CENTS,
  moneyFigures,
  parseDollars,
  splitInclusive,
  toCents,
  type Deposit,
} from './index.ts';

const cents = fc.integer({ min: 0, max: MAX_CENTS });
const smallCents = fc.integer({ min: 0, max: 10_000_000 });
const rateBp = fc.integer({ min: 0, max: 10_000 });
const taxType = fc.constantFrom('inclusive' as const, 'exclusive' as const);
const deposit: fc.Arbitrary<Deposit> = fc.oneof(
  fc.constant({ type: 'None' as const }),
  cents.map((c) => ({ type: 'Fixed' as const, cents: c })),
  fc.integer({ min: 0, max: 100 }).map((percent) => ({ type: 'Percentage' as const, percent })),
);
const runs = { numRuns: 2000 };

describe('money properties', () => {
  it('total = net + GST, GST ≥ 0, deposit + final due = total, nothing negative', () => {
    fc.assert(
      fc.property(cents, taxType, rateBp, deposit, (price, type, bp, dep) => {
        const f = moneyFigures({ priceCents: price, taxType: type, rateBp: bp, deposit: dep });
        assert.equal(f.totalCents, f.netCents + f.gstCents);
        assert.equal(f.depositCents + f.finalDueCents, f.totalCents);
        for (const v of [f.netCents, f.gstCents, f.totalCents, f.depositCents, f.finalDueCents]) {
          assert.ok(Number.isSafeInteger(v) && v >= 0, String(v));
        }
        assert.ok(f.gstCents <= f.totalCents);
        if (type === 'inclusive') assert.equal(f.totalCents, price);
        else assert.equal(f.netCents, price);
      }),
      runs,
    );
  });

  it('each GST figure is the exact value rounded half up: within half a cent, ties up', () => {
    fc.assert(
      fc.property(cents, rateBp, (x, bp) => {
        const inc = splitInclusive(x, bp).gstCents;
        const exc = addExclusive(x, bp).gstCents;
        // exact inclusive GST = x·bp/(10000+bp): 2·gst·d − 2·x·bp lies in (−d, d]
        const d1 = 10_000n + BigInt(bp);
        const e1 = 2n * BigInt(inc) * d1 - 2n * BigInt(x) * BigInt(bp);
        assert.ok(e1 > -d1 && e1 <= d1, `inclusive ${x} at ${bp}: ${inc}`);
        const d2 = 10_000n;
        const e2 = 2n * BigInt(exc) * d2 - 2n * BigInt(x) * BigInt(bp);
        assert.ok(e2 > -d2 && e2 <= d2, `exclusive ${x} at ${bp}: ${exc}`);
      }),
      runs,
    );
  });

  it('GST grows with the amount (never down when the price goes up)', () => {
    fc.assert(
      fc.property(smallCents, smallCents, rateBp, (a, b, bp) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        assert.ok(splitInclusive(lo, bp).gstCents <= splitInclusive(hi, bp).gstCents);
        assert.ok(addExclusive(lo, bp).gstCents <= addExclusive(hi, bp).gstCents);
      }),
      runs,
    );
  });

  it('inclusive(exclusive(x)) comes back within a cent', () => {
    fc.assert(
      fc.property(cents, rateBp, (x, bp) => {
        const there = addExclusive(x, bp);
        const back = splitInclusive(there.totalCents, bp);
        // exclusive GST = x·r + e (|e| ≤ ½); the exact inclusive GST of x + that is x·r + e·r/(1+r),
        // at most ¼ cent from x·r, so the two rounded GST figures differ by at most one cent.
        assert.ok(Math.abs(back.netCents - x) <= 1, `${x} at ${bp}: ${back.netCents}`);
        assert.ok(Math.abs(back.gstCents - there.gstCents) <= 1);
      }),
      runs,
    );
  });

  it('at 10 % the round trip is never off by more than a cent', () => {
    fc.assert(
      fc.property(cents, (x) => {
        const back = splitInclusive(addExclusive(x, 1000).totalCents, 1000);
        assert.ok(Math.abs(back.netCents - x) <= 1);
      }),
      runs,
    );
  });

  it('dollars typed with two decimals come back as the same cents', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000_000 }), (c) => {
        const text = `${Math.floor(c / 100)}.${String(c % 100).padStart(2, '0')}`;
        assert.equal(parseDollars(text), c);
        assert.equal(toCents(Number(text)), c);
      }),
      runs,
    );
  });

  it('a deposit choice never exceeds the total, for any typed value', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('None' as const, 'Fixed' as const, 'Percentage' as const),
        fc.oneof(fc.string(), fc.double(), fc.stringMatching(/^\d{0,8}\.?\d{0,4}$/)),
        smallCents,
        (type, raw, total) => {
          const choice = depositFromInput(type, raw);
          if (!choice.ok) return;
          const f = moneyFigures({
            priceCents: total,
            taxType: 'inclusive',
            rateBp: 1000,
            deposit: choice.deposit,
          });
          assert.ok(f.depositCents >= 0 && f.depositCents <= f.totalCents);
        },
      ),
      runs,
    );
  });

  it('a forfeited bond splits into net + GST, and kept + refunded = bond', () => {
    fc.assert(
      fc.property(smallCents, smallCents, rateBp, (a, b, bp) => {
        const [kept, bond] = a <= b ? [a, b] : [b, a];
        const f = forfeitBond(bond, kept, bp);
        assert.equal(f.forfeited.netCents + f.forfeited.gstCents, kept);
        assert.equal(f.forfeited.totalCents + f.refundCents, bond);
        assert.ok(f.forfeited.gstCents >= 0);
      }),
      runs,
    );
  });
});
