/**
 * Download CSVs from a known bundle: unzipped and parsed, one CSV per panel with the panel's
 * figures (amounts as exact decimal dollars), the kit's CSV form (byte-order mark, quoted cells,
 * CRLF) and a formula in a reason kept as text.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { FIXTURE_CONTEXT, fixtureBundle } from '../testing/report-bundle.ts';
import { reportZip } from './report-zip.ts';
import { unzipCsvs } from './read-files.ts';

describe('Download CSVs', () => {
  it('one CSV per panel in the zip, each with its panel’s figures', () => {
    const b = fixtureBundle();
    b.cancellations.reasons.push({ reason: '=HYPERLINK("http://x")', count: 1 });
    const csv = unzipCsvs(reportZip(b, FIXTURE_CONTEXT));
    assert.deepEqual(Object.keys(csv).sort(), [
      'bookings-funnel.csv',
      'cancellation-reasons.csv',
      'customer-cohorts.csv',
      'forecast.csv',
      'historical-performance.csv',
      'kpis.csv',
      'payment-aging.csv',
      'payment-timeliness.csv',
      'resource-utilisation.csv',
      'upcoming-pipeline.csv',
      'utilisation-by-day.csv',
    ]);

    const kpis = csv['kpis.csv']!;
    assert.deepEqual(kpis[0], [
      'KPI',
      'Value',
      'Unit',
      'Change vs previous period (%)',
      'Trend',
      'Period',
      'Segments',
      'Note',
    ]);
    assert.deepEqual(kpis[2]!.slice(0, 7), [
      'Revenue',
      '12345.50',
      'AUD',
      // a negative number stays a number (no apostrophe), formulas aside
      '-3.2',
      'down',
      'Last 90 days (2026-08-20 to 2026-11-18)',
      'All customers',
    ]);
    assert.deepEqual(kpis[4]!.slice(0, 4), ['Deposit Conversion', '81.3', 'percent', '']);

    assert.deepEqual(csv['historical-performance.csv']!.slice(0, 3), [
      ['Month', 'Bookings', 'Revenue AUD (by event date)'],
      ['2026-06', '8', '4100.00'],
      ['2026-07', '11', '5234.50'],
    ]);
    assert.deepEqual(csv['upcoming-pipeline.csv']![3], ['2027-02', '2', '999.90']);
    const forecast = csv['forecast.csv']!;
    assert.equal(forecast.length, 1 + 9);
    assert.deepEqual(forecast[4]!.slice(0, 4), ['2026-12', 'optimistic', '9.2', '5750.00']);
    assert.ok(forecast[1]![4]!.startsWith('Base: confirmed pipeline'));

    const util = csv['resource-utilisation.csv']!;
    assert.equal(util.length, 1 + 2 * 7 * 16, 'a row per resource, day and hour');
    assert.ok(util.some((r) => r.join('|') === 'Main Hall|30|Saturday|10:00|90|no'));
    assert.ok(util.some((r) => r.join('|') === 'Main Hall|30|Saturday|16:00|0|yes'));
    assert.ok(
      csv['utilisation-by-day.csv']!.some((r) => r.join('|') === 'Main Hall|Saturday|10:00|90|33.8|06:00'),
    );
    const gardenDays = csv['utilisation-by-day.csv']!.filter((r) => r[0] === 'Garden Room');
    assert.deepEqual(gardenDays[4], ['Garden Room', 'Friday', '18:00', '65', '6.5', '09:00']);
    assert.deepEqual(gardenDays[6], ['Garden Room', 'Sunday', 'Closed', '', '', '']);

    assert.deepEqual(csv['bookings-funnel.csv']!.slice(1), [
      ['Bookings', 'Requests', '60'],
      ['Bookings', 'Held', '45'],
      ['Bookings', 'Confirmed', '30'],
      ['Bookings', 'Completed', '24'],
      ['Quotations', 'Quotes sent', '20'],
      ['Quotations', 'Accepted', '9'],
    ]);
    assert.deepEqual(csv['payment-timeliness.csv']!.slice(1), [
      ['On-time', '75'],
      ['Overdue', '25'],
    ]);
    assert.deepEqual(csv['payment-aging.csv']![2], ['1-30', '2', '800.50']);
    assert.deepEqual(csv['payment-aging.csv']![5], ['90+', '1', '123.45']);
    assert.deepEqual(csv['customer-cohorts.csv']![0], [
      'Cohort (week of)',
      'Customers',
      'Week 0 (%)',
      'Week 1 (%)',
      'Week 2 (%)',
      'Week 3 (%)',
      'Week 4 (%)',
      'Week 5 (%)',
    ]);
    assert.deepEqual(csv['customer-cohorts.csv']![2], [
      '2026-10-12',
      '5',
      '100',
      '80',
      '60',
      '40',
      '20',
      '0',
    ]);
    // a spreadsheet would run it: kept as text
    assert.deepEqual(csv['cancellation-reasons.csv']![3], [`'=HYPERLINK("http://x")`, '1']);
  });
});
