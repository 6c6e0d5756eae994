/**
 * Export PDF and Download CSVs through the service, from events fed to the read model: the files
 * carry the same figures as the Reports page's own calls (so a PDF, a CSV and the screen never
 * disagree), the venue's name and range, the file names of the venue's today; nothing to export
 * is the spec's message, not an empty file; the page permission and the tenant hold.
 * PGlite, and PostgreSQL with TEST_DATABASE_URL.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { REPORT_EXPORT_PATHS, REPORTS_MESSAGES } from '@venue/contracts/insights';
import { settingsChangedEvent } from '@venue/service-kit/testing';
import { reportsClock } from '../reports/load.ts';
import {
  OWNER,
  OWNER2,
  PAYMENT,
  STAFF,
  bookingEvent,
  invoiceEvent,
  paymentEvent,
  resourceEvent,
  startInsights,
  type Harness,
} from '../testing/harness.ts';
import { exportClock } from './clock.ts';
import { readPdf, unzipCsvs } from './read-files.ts';
import { dollars } from './format.ts';

const NOW = new Date('2026-11-18T01:00:00.000Z'); // Wed 18 Nov 2026, 12:00 in Sydney
const R1 = '1a000000-0000-4000-8000-000000000001';
const room = { resourceId: R1, resourceName: 'Main Hall' };

describe('Export PDF and Download CSVs through the service', () => {
  let h: Harness;
  const realClocks = { exports: exportClock.now, reports: reportsClock.now };

  before(async () => {
    exportClock.now = () => new Date(NOW);
    reportsClock.now = () => new Date(NOW);
    h = await startInsights();
    await h.deliver(settingsChangedEvent(OWNER, 1, { payment: PAYMENT }));
    await h.deliver(settingsChangedEvent(OWNER2, 1));
    await h.deliver(resourceEvent(OWNER, { id: R1, name: 'Main Hall' }));
    const bookings: Array<[string, string, 'confirmed' | 'completed' | 'tentative', number]> = [
      ['2026-09-12', 'BK-1', 'completed', 150_000],
      ['2026-10-10', 'BK-2', 'completed', 99_950],
      ['2026-11-21', 'BK-3', 'confirmed', 200_000],
      ['2026-12-05', 'BK-4', 'tentative', 80_000],
    ];
    for (const [i, [day, code, status, totalCents]] of bookings.entries())
      await h.deliver(
        bookingEvent(OWNER, {
          id: `2b000000-0000-4000-8000-00000000000${i + 1}`,
          code,
          ...room,
          status,
          startsAt: `${day}T10:00:00.000+10:00`,
          endsAt: `${day}T16:00:00.000+10:00`,
          totalCents,
          createdAt: '2026-09-01T00:00:00.000Z',
        }),
      );
    const invoice = {
      id: '3c000000-0000-4000-8000-000000000001',
      number: 'INV-1',
      type: 'FINAL',
      status: 'PARTIAL',
      bookingId: '2b000000-0000-4000-8000-000000000002',
      dueDate: '2026-10-01',
      totalCents: 99_950,
    } as const;
    await h.deliver(invoiceEvent(OWNER, invoice));
    await h.deliver(
      paymentEvent(OWNER, {
        id: '4d000000-0000-4000-8000-000000000001',
        amountCents: 50_000,
        processedAt: '2026-10-05T00:00:00.000Z',
        invoice: { ...invoice, paidCents: 50_000 },
      }),
    );
  });
  after(async () => {
    exportClock.now = realClocks.exports;
    reportsClock.now = realClocks.reports;
    await h?.close();
  });

  async function download(path: string, as = OWNER) {
    const res = await fetch(h.t.url + path, { headers: { authorization: `Bearer ${h.token[as]}` } });
    const bytes = new Uint8Array(await res.arrayBuffer());
    return { status: res.status, headers: res.headers, bytes, text: () => new TextDecoder().decode(bytes) };
  }

  it('Export PDF: report-2026-11-18.pdf, the venue and range on the title page, the page’s own figures on its pages', async () => {
    const r = await download(`${REPORT_EXPORT_PATHS.pdf}?period=90d&segments=all`);
    assert.equal(r.status, 200, r.text().slice(0, 300));
    assert.equal(r.headers.get('content-type'), 'application/pdf');
    assert.equal(r.headers.get('content-disposition'), 'attachment; filename="report-2026-11-18.pdf"');
    const doc = await readPdf(r.bytes);
    assert.ok(doc.pages.length >= 6, `pages: ${doc.pages.length}`);
    assert.ok(doc.pages[0]!.includes('Harbour Hall'));
    assert.ok(doc.pages[0]!.includes('Last 90 days: 21 Aug 2026 – 18 Nov 2026'), doc.pages[0]); // 90 days to today

    // the same figures as the Reports page's calls
    const hist = await h.call('GET', '/api/reports/historical-data?period=90d', OWNER);
    assert.equal(hist.status, 200, hist.text);
    const histPage = doc.pages.find((p) => p.includes('Historical Performance'))!;
    const money = new Intl.NumberFormat('en-AU', { style: 'currency', currency: 'AUD' });
    const withRevenue = hist.body.historicalData.filter((m: { revenueCents: number }) => m.revenueCents > 0);
    assert.ok(withRevenue.length >= 2, 'September and October have completed bookings');
    for (const m of withRevenue) assert.ok(histPage.includes(money.format(m.revenueCents / 100)), m.month);
  });

  it('Download CSVs: reports-2026-11-18.zip, each panel’s CSV holding what its call answers', async () => {
    const r = await download(`${REPORT_EXPORT_PATHS.zip}?period=90d`);
    assert.equal(r.status, 200, r.text().slice(0, 300));
    assert.equal(r.headers.get('content-type'), 'application/zip');
    assert.equal(r.headers.get('content-disposition'), 'attachment; filename="reports-2026-11-18.zip"');
    const csv = unzipCsvs(r.bytes);
    const hist = (await h.call('GET', '/api/reports/historical-data?period=90d', OWNER)).body.historicalData;
    assert.deepEqual(
      csv['historical-performance.csv']!.slice(1),
      hist.map((m: { month: string; bookings: number; revenueCents: number }) => [
        m.month,
        String(m.bookings),
        dollars(m.revenueCents),
      ]),
    );
    const pipe = (await h.call('GET', '/api/reports/pipeline-data?period=90d', OWNER)).body.pipelineData;
    assert.equal(csv['upcoming-pipeline.csv']!.length, 1 + pipe.length);
    const aging = (await h.call('GET', '/api/reports/payment-analysis?period=90d', OWNER)).body.paymentData
      .aging;
    assert.deepEqual(
      csv['payment-aging.csv']!.slice(1),
      aging.map((a: { bucket: string; count: number; amountCents: number }) => [
        a.bucket,
        String(a.count),
        dollars(a.amountCents),
      ]),
    );
  });

  it('a venue with nothing to export gets the spec’s message, not an empty file', async () => {
    for (const path of [REPORT_EXPORT_PATHS.pdf, REPORT_EXPORT_PATHS.zip]) {
      const r = await h.call('GET', path, OWNER2);
      assert.equal(r.status, 404, r.text);
      assert.equal(r.body.message, REPORTS_MESSAGES.nothingToExport);
    }
  });

  it('the Reports permission, the own venue and the settings copy hold', async () => {
    const staff = await h.call('GET', REPORT_EXPORT_PATHS.pdf, STAFF); // staff with Dashboard only
    assert.equal(staff.status, 403);
    const other = await h.call('GET', `${REPORT_EXPORT_PATHS.zip}?hallOwnerId=${OWNER}`, OWNER2);
    assert.equal(other.status, 403);
    const bad = await h.call('GET', `${REPORT_EXPORT_PATHS.pdf}?period=2w`, OWNER);
    assert.equal(bad.status, 400);
    assert.equal(bad.body.errors[0].path, 'period');
  });

  it('the internal PDF for comms needs the internal secret', async () => {
    const r = await fetch(`${h.t.url}/internal/reports/${OWNER}/pdf?period=30d`);
    assert.equal(r.status, 401);
  });
});
