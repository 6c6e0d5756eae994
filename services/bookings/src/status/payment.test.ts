import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { computePayment, type PaymentInput } from './payment.ts';

const base: PaymentInput = {
  priceCents: 110000,
  taxType: 'inclusive',
  taxRatePercent: 10,
  depositType: 'None',
  depositValue: '',
};

const percent = (v: string | number): Partial<PaymentInput> => ({
  depositType: 'Percentage',
  depositValue: v,
});
const fixed = (v: string): Partial<PaymentInput> => ({ depositType: 'Fixed', depositValue: v });

// [name, input over `base`, expected [total, gst, deposit, final due] in cents]
const cases: Array<[string, Partial<PaymentInput>, [number, number, number, number]]> = [
  ['25 % of an inclusive total', percent('25'), [110000, 10000, 27500, 82500]],
  ['percentage clamped to 100', percent('150'), [110000, 10000, 110000, 0]],
  ['fixed, rounded to cents', fixed('200.456'), [110000, 10000, 20046, 89954]],
  ['fixed above the total is capped', fixed('5000'), [110000, 10000, 110000, 0]],
  ['none', { depositType: 'None', depositValue: '50' }, [110000, 10000, 0, 110000]],
  ['fixed 1.005 rounds half up to 1.01', fixed('1.005'), [110000, 10000, 101, 109899]],
  ['non-numeric value means no deposit', fixed('12a'), [110000, 10000, 0, 110000]],
  ['zero value means no deposit', percent('0'), [110000, 10000, 0, 110000]],
  [
    'exclusive: GST on top of the base',
    { taxType: 'exclusive', priceCents: 100000, ...percent(25) },
    [110000, 10000, 27500, 82500],
  ],
  ['inclusive GST rounded once', { priceCents: 33333 }, [33333, 3030, 0, 33333]],
  [
    'tenant rate 15 %, exclusive',
    { taxType: 'exclusive', taxRatePercent: 15, priceCents: 33333 },
    [38333, 5000, 0, 38333],
  ],
];

describe('confirm payment arithmetic (cents)', () => {
  for (const [name, input, [total, gst, deposit, due]] of cases) {
    it(name, () => {
      const got = computePayment({ ...base, ...input });
      assert.deepEqual(
        { total: got.totalCents, gst: got.gstCents, deposit: got.depositCents, due: got.finalDueCents },
        { total, gst, deposit, due },
      );
    });
  }
});
