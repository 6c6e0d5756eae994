import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { HttpError } from '@venue/service-kit';
import { settingsCopy } from '@venue/service-kit/testing';
import type { TenantSettings } from '../remote/tenant-settings.ts';
import {
  confirmFigures,
  paymentDetails,
  paymentDetailsView,
  pricingTerms,
  storedMoney,
  type ConfirmChoice,
  type StoredMoneyColumns,
} from './payment.ts';

const settings = (over: Partial<TenantSettings> = {}): TenantSettings =>
  settingsCopy({ setupBufferMinutes: 0, packdownBufferMinutes: 0, ...over });

// [name, price, tenant settings, dialog choice, expected [net, gst, total, deposit, final due]]
const cases: Array<[string, number, Partial<TenantSettings>, ConfirmChoice, number[]]> = [
  [
    '25 % of an inclusive total',
    110000,
    {},
    { deposit_type: 'Percentage', deposit_value: 25 },
    [100000, 10000, 110000, 27500, 82500],
  ],
  [
    'percentage clamped to 100',
    110000,
    {},
    { deposit_type: 'Percentage', deposit_value: 150 },
    [100000, 10000, 110000, 110000, 0],
  ],
  [
    'fixed, rounded half up to cents',
    110000,
    {},
    { deposit_type: 'Fixed', deposit_value: 200.005 },
    [100000, 10000, 110000, 20001, 89999],
  ],
  [
    'fixed above the total is the total',
    110000,
    {},
    { deposit_type: 'Fixed', deposit_value: 5000 },
    [100000, 10000, 110000, 110000, 0],
  ],
  [
    'none ignores a value',
    110000,
    {},
    { deposit_type: 'None', deposit_value: 50 },
    [100000, 10000, 110000, 0, 110000],
  ],
  [
    'zero means no deposit',
    110000,
    {},
    { deposit_type: 'Percentage', deposit_value: 0 },
    [100000, 10000, 110000, 0, 110000],
  ],
  ['the $661 booking: inclusive, GST 60.09', 66100, {}, {}, [60091, 6009, 66100, 0, 66100]],
  [
    'an exclusive tenant adds GST to its prices',
    66100,
    { taxType: 'Exclusive' },
    {},
    [66100, 6610, 72710, 0, 72710],
  ],
  [
    'the dialog may choose exclusive for one booking',
    100000,
    {},
    { tax_type: 'exclusive', deposit_type: 'Percentage', deposit_value: 25 },
    [100000, 10000, 110000, 27500, 82500],
  ],
  ['tenant rate 15 %, inclusive', 10000, { taxRatePercent: 15 }, {}, [8696, 1304, 10000, 0, 10000]],
  [
    'tenant rate 15 %, exclusive',
    33333,
    { taxRatePercent: 15, taxType: 'Exclusive' },
    {},
    [33333, 5000, 38333, 0, 38333],
  ],
  ['0 % GST', 12345, { taxRatePercent: 0 }, {}, [12345, 0, 12345, 0, 12345]],
];

describe('confirm figures: the shared module with the tenant terms', () => {
  for (const [name, price, over, choice, expected] of cases) {
    it(name, () => {
      const f = confirmFigures(price, settings(over), choice);
      assert.deepEqual([f.netCents, f.gstCents, f.totalCents, f.depositCents, f.finalDueCents], expected);
    });
  }

  it('a deposit percentage that is not whole is a 400 naming the field', () => {
    assert.throws(
      () => confirmFigures(110000, settings(), { deposit_type: 'Percentage', deposit_value: 12.5 }),
      (err: unknown) =>
        err instanceof HttpError &&
        err.status === 400 &&
        JSON.stringify(err).includes('payment_details.deposit_value'),
    );
  });

  it('payment_details carries the spec dollars and the exact cents', () => {
    const pd = paymentDetails(
      confirmFigures(110000, settings(), { deposit_type: 'Fixed', deposit_value: 200.005 }),
    );
    assert.deepEqual(
      [pd.total_amount, pd.tax.gst, pd.tax.tax_rate, pd.deposit_amount, pd.final_due, pd.deposit_value],
      [1100, 100, 10, 200.01, 899.99, 200.01],
    );
    assert.equal(pd.tax.tax_type, 'inclusive');
  });
});

const row = (over: Partial<StoredMoneyColumns>): StoredMoneyColumns => ({
  tax_type: 'exclusive',
  tax_rate_bp: 1000,
  net_cents: '100000',
  gst_cents: '10000',
  total_cents: '110000',
  deposit_cents: '27500',
  final_due_cents: '82500',
  payment_details: { deposit_type: 'Percentage', deposit_value: 25, deposit_paid: true, totalCents: 1 },
  status: 'confirmed',
  ...over,
});

describe('stored figures', () => {
  it('read from the columns (text from node-postgres) as numbers', () => {
    assert.deepEqual(storedMoney(row({})), {
      taxType: 'exclusive',
      taxRateBp: 1000,
      netCents: 100000,
      gstCents: 10000,
      totalCents: 110000,
      depositCents: 27500,
      finalDueCents: 82500,
    });
    assert.equal(storedMoney(row({ total_cents: null, tax_type: null })), null);
  });

  it('payment_details answers with the stored figures, keeping the deposit choice and paid flag', () => {
    const pd = paymentDetailsView(row({}))!;
    assert.equal(pd.totalCents, 110000);
    assert.equal(pd.total_amount, 1100);
    assert.equal(pd.deposit_paid, true);
    assert.equal(pd.deposit_type, 'Percentage');
  });

  it('a confirmed booking keeps its terms and deposit when repriced; an unconfirmed one takes the tenant’s', () => {
    const s = settings({ taxRatePercent: 15 });
    assert.deepEqual(pricingTerms(s, row({})), {
      taxType: 'exclusive',
      rateBp: 1000,
      deposit: { type: 'Percentage', percent: 25 },
    });
    assert.deepEqual(pricingTerms(s, row({ status: 'pending', payment_details: null })), {
      taxType: 'inclusive',
      rateBp: 1500,
      deposit: { type: 'None' },
    });
    assert.deepEqual(pricingTerms(s), { taxType: 'inclusive', rateBp: 1500, deposit: { type: 'None' } });
  });
});
