import { test } from 'node:test';
import assert from 'node:assert/strict';
import { addonFormMessages, addonInput, centsFrom, pricingFormMessages, pricingInput } from './pricing.ts';

const RESOURCE = '6f1c2d3e-4a5b-4c6d-8e7f-0a1b2c3d4e5f';
const card = { resourceId: RESOURCE, rateType: 'hourly', weekdayRate: 100, weekendRate: 150 };

test('money in cents, or in dollars as a convenience', () => {
  assert.equal(centsFrom({ priceCents: 1250 }, 'price'), 1250);
  assert.equal(centsFrom({ price: 12.5 }, 'price'), 1250);
  assert.equal(centsFrom({ price: '12.5' }, 'price'), '12.5', 'text is not a number: the schema refuses it');
  assert.equal(centsFrom({ price: '' }, 'price'), undefined);
  assert.equal(centsFrom({ price: 'abc' }, 'price'), 'abc');
});

test('spec 03 §5 pricing: every broken rule, in field order', () => {
  const rows: [Record<string, unknown>, string[]][] = [
    [
      { resourceId: '', rateType: '', weekdayRate: '', weekendRate: '' },
      [
        'Resource is required',
        'Rate type is required',
        'Weekday rate is required',
        'Weekend rate is required',
      ],
    ],
    [{ ...card, rateType: 'weekly' }, ['Rate type must be hourly or daily']],
    [{ ...card, weekdayRate: -1 }, ['Weekday rate must be 0 or more']],
    [{ ...card, weekendRate: -0.01 }, ['Weekend rate must be 0 or more']],
    [{ ...card, weekdayRate: 0, weekendRate: 0 }, []],
    [card, []],
  ];
  for (const [input, messages] of rows)
    assert.deepEqual(pricingFormMessages(input), messages, JSON.stringify(input));
  const stored = pricingInput.parse({ ...card, rateType: 'flat', description: null });
  assert.deepEqual(stored, {
    resourceId: RESOURCE,
    rateType: 'daily',
    weekdayRateCents: 10000,
    weekendRateCents: 15000,
    description: '',
  });
});

test('spec 03 §5 add-on: name and price, price 0 or more', () => {
  const rows: [Record<string, unknown>, string[]][] = [
    [{ name: ' ', price: '' }, ['Add-on name is required', 'Price is required']],
    [{ name: 'Chairs', price: -1 }, ['Price must be 0 or more']],
    [{ name: 'Chairs', priceCents: 1.5 }, ['Price must be 0 or more']],
    [{ name: 'Chairs', price: 0 }, []],
  ];
  for (const [input, messages] of rows)
    assert.deepEqual(addonFormMessages(input), messages, JSON.stringify(input));
  assert.deepEqual(addonInput.parse({ name: ' Chairs ', price: 12.5 }), {
    name: 'Chairs',
    priceCents: 1250,
    description: '',
  });
});
