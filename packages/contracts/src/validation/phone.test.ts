import { test } from 'node:test';
import assert from 'node:assert/strict';
import { COUNTRIES, countryForTimezone, TIMEZONES } from '../settings-values.ts';
import { formatPhone, phoneExamples, phoneMessage, phoneSearchTerms, toE164 } from './phone.ts';

test('Australian numbers as venues type them are stored in E.164', () => {
  assert.equal(toE164('0412 345 678', 'AU'), '+61412345678');
  assert.equal(toE164('0412345678', 'AU'), '+61412345678');
  assert.equal(toE164('0412-345-678', 'AU'), '+61412345678');
  assert.equal(toE164('(02) 9876 5432', 'AU'), '+61298765432');
  assert.equal(toE164('02 9876 5432', 'AU'), '+61298765432');
  assert.equal(toE164('+61 412 345 678', 'AU'), '+61412345678');
  assert.equal(toE164('+61 (2) 9876-5432', 'AU'), '+61298765432');
  assert.equal(toE164('1300 123 456', 'AU'), '+611300123456');
});

test('international numbers are read as written, whatever the venue country', () => {
  assert.equal(toE164('+44 20 7946 0958', 'AU'), '+442079460958');
  assert.equal(toE164('+61 412 345 678', 'GB'), '+61412345678');
  assert.equal(toE164('+1 212 555 0123', 'NZ'), '+12125550123');
});

test('a national number means the venue country', () => {
  assert.equal(toE164('021 123 4567', 'NZ'), '+64211234567');
  assert.equal(toE164('020 7946 0958', 'GB'), '+442079460958');
  // the same digits are no Australian number
  assert.equal(toE164('020 7946 0958', 'AU'), null);
});

test('what is not a phone number is refused, not guessed at', () => {
  for (const typed of [
    '',
    '   ',
    '0412',
    '0412 345',
    '04123456789',
    '1234567890123456',
    '12345678901234567',
    'abc',
    '0412 345 678 ext 5',
    '0412345678x',
    '0412 345 678; call after 5',
    'tel:+61412345678',
    '++61412345678',
    '٠٤١٢٣٤٥٦٧٨',
    '0412\u0000345678',
    '0'.repeat(41),
  ])
    assert.equal(toE164(typed, 'AU'), null, JSON.stringify(typed));
});

test('the refusal gives examples of the venue country, which are themselves accepted', () => {
  assert.equal(phoneMessage('AU'), 'Enter a phone number such as 0412 345 678 or +61 412 345 678');
  for (const country of COUNTRIES) {
    const [national, international] = phoneExamples(country);
    const e164 = toE164(national, country);
    assert.ok(e164, `${country} ${national}`);
    assert.equal(toE164(international, 'AU'), e164, `${country} ${international}`);
  }
});

test('stored numbers show in the national format at home, international otherwise', () => {
  assert.equal(formatPhone('+61412345678', 'AU'), '0412 345 678');
  assert.equal(formatPhone('+61298765432', 'AU'), '(02) 9876 5432');
  assert.equal(formatPhone('+442079460958', 'AU'), '+44 20 7946 0958');
  assert.equal(formatPhone('+61412345678', 'NZ'), '+61 412 345 678');
  // rows from before E.164 and anonymised customers are shown as they are
  assert.equal(formatPhone('61 412 345 678', 'AU'), '61 412 345 678');
  assert.equal(formatPhone('', 'AU'), '');
  assert.equal(formatPhone(null, 'AU'), '');
  assert.equal(formatPhone('+999', 'AU'), '+999');
});

test('a phone search is looked for as stored numbers are written', () => {
  assert.deepEqual(phoneSearchTerms('0412 345', 'AU'), ['0412345', '+61412345']);
  assert.deepEqual(phoneSearchTerms('(02) 9876', 'AU'), ['029876', '+6129876']);
  assert.deepEqual(phoneSearchTerms('000 105', 'AU'), ['000105', '+6100105']);
  assert.deepEqual(phoneSearchTerms('+61 412', 'AU'), ['+61412']);
  assert.deepEqual(phoneSearchTerms('412 345', 'AU'), ['412345']);
  assert.deepEqual(phoneSearchTerms('021 123', 'NZ'), ['021123', '+6421123']);
  assert.deepEqual(phoneSearchTerms('(201) 555', 'US'), ['201555']);
  assert.deepEqual(phoneSearchTerms('Ann Lee', 'AU'), []);
  assert.deepEqual(phoneSearchTerms('041', 'AU'), []);
  assert.deepEqual(phoneSearchTerms('ann@example.com', 'AU'), []);
});

test('a venue country defaults from its time zone, Australia when the zone says nothing', () => {
  assert.equal(countryForTimezone('Australia/Perth'), 'AU');
  assert.equal(countryForTimezone('Australia/Hobart'), 'AU');
  assert.equal(countryForTimezone('Pacific/Auckland'), 'NZ');
  assert.equal(countryForTimezone('Europe/London'), 'GB');
  assert.equal(countryForTimezone('America/Denver'), 'US');
  assert.equal(countryForTimezone('UTC'), 'AU');
  for (const zone of TIMEZONES) assert.ok(COUNTRIES.includes(countryForTimezone(zone)), zone);
});
