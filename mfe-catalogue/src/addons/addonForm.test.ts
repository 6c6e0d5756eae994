import { test } from 'node:test';
import assert from 'node:assert/strict';
import { addonInput, validateAddon } from './addonForm.ts';

test('an add-on needs a name and a price of 0 or more', () => {
  assert.deepEqual(validateAddon({ name: ' ', price: '', description: '' }), [
    'Add-on name is required',
    'Price is required',
  ]);
  assert.deepEqual(validateAddon({ name: 'Chairs', price: -1, description: '' }), [
    'Price must be 0 or more',
  ]);
  assert.deepEqual(validateAddon({ name: 'Chairs', price: 0, description: '' }), []);
});

test('a checked add-on draft is sent with a trimmed name and the price in cents', () => {
  assert.deepEqual(addonInput({ name: ' Chairs ', price: 12.5, description: 'Stackable' }), {
    name: 'Chairs',
    priceCents: 1250,
    description: 'Stackable',
  });
});
