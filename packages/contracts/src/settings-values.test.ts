import { describe, it, test } from 'node:test';
import assert from 'node:assert/strict';
import { userSettingsSchema } from './settings.ts';
import { checkUserSettings, DEFAULT_USER_SETTINGS } from './settings-values.ts';

const withoutUndefined = (o: object) =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));

test('a user without stored settings: Sydney, DD/MM/YYYY, 12 h, AUD, 10 % GST inclusive', () => {
  assert.deepEqual(DEFAULT_USER_SETTINGS, {
    timezone: 'Australia/Sydney',
    dateFormat: 'DD/MM/YYYY',
    timeFormat: '12h',
    currency: 'AUD',
    taxType: 'Inclusive',
    taxRate: 10,
    country: 'AU',
  });
});

describe('checkUserSettings (the zod-free check the shell uses on every page)', () => {
  const samples: unknown[] = [
    {},
    {
      timezone: 'Australia/Perth',
      dateFormat: 'YYYY-MM-DD',
      timeFormat: '24h',
      currency: 'USD',
      taxType: 'Exclusive',
      taxRate: 15,
    },
    { taxRate: 0 },
    { taxRate: 100 },
    { taxRate: 12.5 },
    { taxRate: 10.005 },
    { taxRate: 101 },
    { taxRate: -1 },
    { taxRate: Number.NaN },
    { taxRate: Number.POSITIVE_INFINITY },
    { taxRate: '10' },
    { timezone: 'Mars/Olympus' },
    { timezone: 'utc' },
    { dateFormat: 'DD-MM-YYYY' },
    { timeFormat: 24 },
    { currency: 'NZD' },
    { country: 'NZ' },
    { country: 'nz' },
    { country: 'XX' },
    { country: 61 },
    { taxType: 'inclusive' },
    { currency: 'AUD', extra: 'dropped', hallName: 'x' },
    { timezone: undefined, currency: 'EUR' },
    { currency: null },
    null,
    'AUD',
    42,
    [],
  ];

  for (const sample of samples) {
    it(`agrees with userSettingsSchema.partial() on ${JSON.stringify(sample) ?? String(sample)}`, () => {
      const zod = userSettingsSchema.partial().safeParse(sample);
      const light = checkUserSettings(sample);
      assert.equal(light.success, zod.success);
      if (zod.success && light.success) assert.deepEqual(light.data, withoutUndefined(zod.data));
      if (!zod.success && !light.success && light.field)
        assert.ok(
          zod.error.issues.some((i) => i.path[0] === light.field),
          `zod also faults ${light.field}`,
        );
    });
  }
});
