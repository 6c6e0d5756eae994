import { test } from 'node:test';
import assert from 'node:assert/strict';
import { formatDate, formatDateTime, formatMoney, formatTime, formatWallClock } from './format.ts';

// Intl inserts narrow/no-break spaces in some locales; compare on plain spaces.
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

test('money defaults to Australian dollars with two decimals', () => {
  assert.equal(formatMoney(123456), '$1,234.56');
  assert.equal(formatMoney(5), '$0.05');
  assert.equal(formatMoney(-2500), '-$25.00');
});

test('money uses the locale that belongs to the currency', () => {
  assert.equal(formatMoney(123456, { currency: 'USD' }), '$1,234.56');
  assert.equal(plain(formatMoney(123456, { currency: 'EUR' })), '1.234,56 €');
  assert.equal(formatMoney(123456, { currency: 'GBP' }), '£1,234.56');
  assert.equal(formatMoney(12345678, { currency: 'INR' }), '₹1,23,456.78');
});

test('money keeps two decimals even for yen', () => {
  assert.match(formatMoney(123456, { currency: 'JPY' }), /1,234\.56$/);
});

test('money can be shown in whole units, still in the currency and its locale', () => {
  assert.equal(formatMoney(123456, {}, { fractionDigits: 0 }), '$1,235');
  assert.equal(formatMoney(123449, { currency: 'GBP' }, { fractionDigits: 0 }), '£1,234');
  assert.equal(plain(formatMoney(123456, { currency: 'EUR' }, { fractionDigits: 0 })), '1.235 €');
  // The two-decimal formatter for the same currency is not disturbed by the cached whole one.
  assert.equal(formatMoney(123456, { currency: 'GBP' }), '£1,234.56');
});

test('money rejects values that are not numbers', () => {
  assert.throws(() => formatMoney(Number.NaN));
});

test('dates follow the tenant date format, defaulting to DD/MM/YYYY', () => {
  const iso = '2026-03-05T02:00:00Z';
  assert.equal(formatDate(iso), '05/03/2026');
  assert.equal(formatDate(iso, { dateFormat: 'MM/DD/YYYY' }), '03/05/2026');
  assert.equal(formatDate(iso, { dateFormat: 'YYYY-MM-DD' }), '2026-03-05');
});

test('instants are shown in the tenant time zone, not the machine one', () => {
  // 20:00 UTC on 4 March is already 5 March in Sydney (UTC+11 in summer).
  const iso = '2026-03-04T20:00:00Z';
  assert.equal(formatDate(iso, { timezone: 'Australia/Sydney' }), '05/03/2026');
  assert.equal(formatDate(iso, { timezone: 'America/New_York' }), '04/03/2026');
  assert.equal(formatTime(iso, { timezone: 'Australia/Sydney', timeFormat: '24h' }), '07:00');
  assert.equal(formatTime(iso, { timezone: 'America/New_York', timeFormat: '24h' }), '15:00');
});

test('a calendar date is never shifted by the time zone', () => {
  assert.equal(formatDate('2026-03-05', { timezone: 'America/Los_Angeles' }), '05/03/2026');
  assert.equal(formatDate('2026-03-05', { timezone: 'Pacific/Auckland' }), '05/03/2026');
});

test('time follows the 12h/24h setting, defaulting to 12h', () => {
  const iso = '2026-07-01T05:30:00Z'; // 15:30 in Sydney (UTC+10 in winter)
  assert.equal(formatTime(iso), '3:30 PM');
  assert.equal(formatTime(iso, { timeFormat: '24h' }), '15:30');
  assert.equal(formatDateTime(iso, { timeFormat: '24h' }), '01/07/2026 15:30');
});

test('invalid dates raise instead of printing "Invalid Date"', () => {
  assert.throws(() => formatDate('not a date'), RangeError);
});

test('a wall-clock time follows the 12h/24h setting, never a zone, and leaves odd input alone', () => {
  assert.equal(formatWallClock('09:00', { timeFormat: '12h' }), '9:00 AM');
  assert.equal(formatWallClock('00:30', { timeFormat: '12h' }), '12:30 AM');
  assert.equal(formatWallClock('12:00', { timeFormat: '12h' }), '12:00 PM');
  assert.equal(formatWallClock('17:45'), '5:45 PM');
  assert.equal(formatWallClock('7:05', { timeFormat: '24h' }), '07:05');
  assert.equal(formatWallClock('17:45:00', { timeFormat: '24h', timezone: 'America/New_York' }), '17:45');
  assert.equal(formatWallClock(''), '');
});
