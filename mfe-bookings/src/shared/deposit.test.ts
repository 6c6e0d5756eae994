import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { depositFromInput, moneyFigures } from '@venue/contracts';
import { previewConfirm, sanitiseDepositInput, venueDeposit, type ConfirmInputs } from './deposit.ts';

const at10 = (priceCents: number): ConfirmInputs => ({
  priceCents,
  terms: { taxType: 'inclusive', rateBp: 1000 },
});

/** [total, gst, deposit, final due] of a previewed draft. */
function amounts(
  inputs: ConfirmInputs,
  taxType: 'inclusive' | 'exclusive',
  type: 'None' | 'Fixed' | 'Percentage',
  value: string,
) {
  const p = previewConfirm(inputs, { taxType, depositType: type, depositValue: value });
  assert.ok(p.ok, JSON.stringify(p));
  return [p.figures.totalCents, p.figures.gstCents, p.figures.depositCents, p.figures.finalDueCents];
}

test('a 25 % deposit on $400 incl. 10 % GST is $100, leaving $300', () => {
  assert.deepEqual(amounts(at10(40000), 'inclusive', 'Percentage', '25'), [40000, 3636, 10000, 30000]);
});

test('the $661 request previews $661.00 with $60.09 GST (the same figures the server stores)', () => {
  assert.deepEqual(amounts(at10(66100), 'inclusive', 'None', ''), [66100, 6009, 0, 66100]);
});

test('exclusive tax adds GST to the base before the deposit is taken', () => {
  assert.deepEqual(amounts(at10(40000), 'exclusive', 'Percentage', '50'), [44000, 4000, 22000, 22000]);
});

test('a percentage is clamped to 100, a fixed deposit rounded to cents and capped at the total', () => {
  assert.equal(amounts(at10(40000), 'inclusive', 'Percentage', '150')[2], 40000);
  assert.equal(amounts(at10(40000), 'inclusive', 'Fixed', '12.345')[2], 1235);
  assert.deepEqual(amounts(at10(40000), 'inclusive', 'Fixed', '900').slice(2), [40000, 0]);
});

test('an empty, non-numeric or non-positive value means no deposit; a fractional percentage is refused', () => {
  for (const v of ['', '.', '0', 'abc', '1.2.3'])
    assert.equal(amounts(at10(40000), 'inclusive', 'Fixed', v)[2], 0, v);
  assert.equal(amounts(at10(40000), 'inclusive', 'None', '50')[2], 0);
  const half = previewConfirm(at10(40000), {
    taxType: 'inclusive',
    depositType: 'Percentage',
    depositValue: '12.5',
  });
  assert.equal(half.ok, false);
});

test('the body sent confirms exactly the previewed figures: the server reads the sent value back to them', () => {
  fc.assert(
    fc.property(
      fc.constantFrom('None' as const, 'Fixed' as const, 'Percentage' as const),
      fc.stringMatching(/^[0-9.]{0,14}$/),
      fc.integer({ min: 0, max: 10_000_000 }),
      (type, typed, price) => {
        const inputs = at10(price);
        const p = previewConfirm(inputs, { taxType: 'inclusive', depositType: type, depositValue: typed });
        if (!p.ok) return;
        // the server's reading of the body (status/payment.ts confirmFigures does the same)
        const sent = depositFromInput(p.payment.deposit_type, p.payment.deposit_value);
        assert.ok(sent.ok);
        const stored = moneyFigures({
          priceCents: price,
          taxType: 'inclusive',
          rateBp: 1000,
          deposit: sent.deposit,
        });
        assert.equal(stored.depositCents, p.figures.depositCents, typed);
        assert.equal(stored.finalDueCents, p.figures.finalDueCents, typed);
        // and it fits the confirm body's limit (100,000,000 dollars)
        assert.ok((p.payment.deposit_value ?? 0) <= 100_000_000);
      },
    ),
    { numRuns: 2000 },
  );
});

test('the deposit input keeps only digits and a period', () => {
  assert.equal(sanitiseDepositInput('$1,250.5a'), '1250.5');
});

test("a confirmation starts from the venue's deposit percentage (Settings → Payments), none at 0 %", () => {
  assert.deepEqual(venueDeposit({ depositPercentage: 50 }), {
    depositType: 'Percentage',
    depositValue: '50',
  });
  assert.deepEqual(venueDeposit({ depositPercentage: 100 }), {
    depositType: 'Percentage',
    depositValue: '100',
  });
  assert.deepEqual(venueDeposit({ depositPercentage: 0 }), { depositType: 'None', depositValue: '' });
  // not a whole percentage, or missing: nothing to start from
  assert.deepEqual(venueDeposit({ depositPercentage: 12.5 }), { depositType: 'None', depositValue: '' });
  assert.deepEqual(venueDeposit({}), { depositType: 'None', depositValue: '' });
});
