import { describe, expect, test } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { HttpResponse } from 'msw';
import { REPORTS_MESSAGES as M } from '@venue/contracts/insights';
import { captureRequests, renderWithProviders } from '@venue/ui/testing';
import { ReportsPage } from './ReportsPage.tsx';
import { REPORTS, answerReports } from './report-fixtures.ts';
import { EXPORT_MESSAGES } from './useReportExports.ts';

const region = (name: string) => screen.getByRole('region', { name });
const rowTexts = (testId: string) => screen.getAllByTestId(testId).map((r) => r.textContent);

describe('Reports page', () => {
  test('asks the nine calls at once for Last 90 days and draws every panel from their answers', async () => {
    const seen = answerReports();
    renderWithProviders(<ReportsPage />);
    await screen.findByTestId('kpi-revenue');

    for (const calls of Object.values(seen)) {
      expect(calls).toHaveLength(1);
      expect(calls[0]!.url.searchParams.get('period')).toBe('90d');
      expect(calls[0]!.url.searchParams.has('segments')).toBe(false);
    }
    expect(seen.historical[0]!.url.searchParams.get('months')).toBe('6');
    expect(seen.pipeline[0]!.url.searchParams.get('months')).toBe('6');
    expect(seen.forecast[0]!.url.searchParams.get('periods')).toBe('6');

    // KPIs: money in AUD from cents, percents, the change and its direction.
    const revenue = screen.getByTestId('kpi-revenue');
    expect(revenue).toHaveTextContent('$12,345.50');
    expect(revenue).toHaveTextContent('−3.2% vs previous period');
    expect(revenue).toHaveTextContent('Trending down');
    expect(revenue).toHaveTextContent('Revenue by payment date');
    expect(screen.getByTestId('kpi-utilisation')).toHaveTextContent('37.4%');
    expect(screen.getByTestId('kpi-depositConversion')).toHaveTextContent('No previous period to compare');
    expect(screen.getByTestId('kpi-bookings')).toHaveTextContent('+12.5% vs previous period');

    // Each revenue column says which date it counts by.
    expect(region('Historical Performance')).toHaveTextContent(
      'Revenue by event date; Received by payment date (less refunds)',
    );
    expect(within(region('Historical Performance')).getAllByTestId('month-row')[0]).toHaveTextContent(
      'Jun 20268$4,100.00$2,050.00',
    );
    expect(region('Upcoming Pipeline')).toHaveTextContent('Revenue by event date');
    expect(region('Upcoming Pipeline')).not.toHaveTextContent('Received');
    expect(within(region('Upcoming Pipeline')).getAllByTestId('month-row')).toHaveLength(6);

    const forecast = region('Forecast');
    expect(within(forecast).getByTestId('forecast-method')).toHaveTextContent(
      REPORTS.forecast.forecastData.method,
    );
    expect(within(forecast).getByRole('img', { name: /Base scenario: Dec 2026: \$5,000\.00/ })).toBeVisible();

    const heatmap = within(region('Resource Utilisation')).getByTestId('heatmap');
    expect(heatmap).toHaveTextContent('Main Hall');
    // a header and the seven days; buffers before Monday's and either side of Saturday's bookings
    expect(within(heatmap).getAllByRole('row')).toHaveLength(8);
    expect(within(heatmap).getAllByTestId('buffer-marker')).toHaveLength(3);

    expect(rowTexts('funnel-row')).toEqual([
      'Requests60100%',
      'Held4575%',
      'Confirmed3050%',
      'Completed2440%',
      'Quotes sent20100%',
      'Accepted945%',
    ]);
    expect(screen.getByTestId('timeliness-On-time')).toHaveTextContent('On-time: 75%');
    expect(screen.getByRole('img', { name: 'Payment timeliness: on-time 75%, overdue 25%' })).toBeVisible();
    expect(rowTexts('aging-row')[4]).toBe('Over 90 days1$123.45');
    expect(rowTexts('cohort-row')[0]).toBe('05/10/20264100%50%25%25%0%0%');
    // Most common reason first, with its share.
    expect(rowTexts('cancellation-row')).toEqual(['Change of plans266.7%', 'Venue too small133.3%']);
    expect(screen.getByTestId('last-updated')).toHaveTextContent(/^Last updated \d\d\/\d\d\/\d{4} /);
  });

  test('a new date range asks every call again for that period', async () => {
    const seen = answerReports();
    const { user } = renderWithProviders(<ReportsPage />);
    await screen.findByTestId('kpi-revenue');
    await user.click(screen.getByRole('combobox', { name: 'Date Range' }));
    await user.click(await screen.findByRole('option', { name: 'Last 30 days' }));
    await waitFor(() =>
      expect(seen.summary.map((c) => c.url.searchParams.get('period'))).toEqual(['90d', '30d']),
    );
    for (const calls of Object.values(seen)) expect(calls.at(-1)!.url.searchParams.get('period')).toBe('30d');
  });

  test('segments: a specific one removes All, clearing them does not bring All back, All resets', async () => {
    const seen = answerReports();
    const { user } = renderWithProviders(<ReportsPage />);
    await screen.findByTestId('kpi-revenue');
    const chip = (name: string) => screen.getByRole('checkbox', { name });

    await user.click(chip('VIP'));
    expect(chip('All')).not.toBeChecked();
    expect(chip('VIP')).toBeChecked();
    await waitFor(() => expect(seen.kpis.at(-1)!.url.searchParams.get('segments')).toBe('vip'));

    await user.click(chip('Community/NFP'));
    await waitFor(() => expect(seen.kpis.at(-1)!.url.searchParams.get('segments')).toBe('vip,nfp'));
    expect(screen.getByTestId('segments-caption')).toHaveTextContent('VIP and Community/NFP customers only');

    await user.click(chip('VIP'));
    await user.click(chip('Community/NFP'));
    expect(chip('All')).not.toBeChecked();
    expect(screen.getByTestId('segments-caption')).toHaveTextContent('No segment chosen');

    await user.click(chip('VIP'));
    await user.click(chip('All'));
    expect(chip('All')).toBeChecked();
    expect(chip('VIP')).not.toBeChecked();
  });

  test('a column header sorts ascending, then descending, then back to month order', async () => {
    answerReports();
    const { user } = renderWithProviders(<ReportsPage />);
    const panel = await screen.findByRole('region', { name: 'Historical Performance' });
    const months = () =>
      within(panel)
        .getAllByTestId('month-row')
        .map((r) => r.firstChild?.textContent);
    const header = within(panel).getByRole('button', { name: /Revenue AUD/ });
    const th = header.closest('th')!;

    const inOrder = ['Jun 2026', 'Jul 2026', 'Aug 2026', 'Sep 2026', 'Oct 2026', 'Nov 2026'];
    const byRevenue = ['Nov 2026', 'Aug 2026', 'Jun 2026', 'Jul 2026', 'Oct 2026', 'Sep 2026'];
    expect(months()).toEqual(inOrder);
    await user.click(header);
    expect(th).toHaveAttribute('aria-sort', 'ascending');
    expect(months()).toEqual(byRevenue);
    await user.click(header);
    expect(th).toHaveAttribute('aria-sort', 'descending');
    expect(months()).toEqual([...byRevenue].reverse());
    await user.click(header);
    expect(th).toHaveAttribute('aria-sort', 'none');
    expect(months()).toEqual(inOrder);
  });

  test('forecast scenario and heatmap resource selectors; the day table expands', async () => {
    answerReports();
    const { user } = renderWithProviders(<ReportsPage />);
    const forecast = await screen.findByRole('region', { name: 'Forecast' });
    await user.click(within(forecast).getByRole('radio', { name: 'Optimistic' }));
    expect(within(forecast).getAllByTestId('forecast-row')[0]).toHaveTextContent('Dec 20269.2$5,750.00');

    const utilisation = region('Resource Utilisation');
    const toggle = within(utilisation).getByRole('button', { name: 'Show peak and average by day' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    // Main Hall's Monday: peak 09:00 at 50 %, average (50 + 50) / 16 hours, low at the first 0 %.
    expect(within(utilisation).getAllByTestId('day-stats-row')[0]).toHaveTextContent(
      'Monday9:00 AM50%6.3%6:00 AM',
    );

    await user.click(within(utilisation).getByRole('combobox', { name: 'Resource' }));
    await user.click(await screen.findByRole('option', { name: 'Garden Room' }));
    const heatmap = within(utilisation).getByTestId('heatmap');
    expect(heatmap).toHaveTextContent('Garden Room');
    // Closed all Sunday: the server's summary says so with a null peak hour.
    expect(within(heatmap).getByRole('row', { name: /Sunday/ })).toHaveTextContent('Closed all day');
    const days = within(utilisation).getAllByTestId('day-stats-row');
    // Friday as the server sums it up: open 09:00–19:00, 65 % at 18:00 over 10 hours.
    expect(days[4]).toHaveTextContent('Friday6:00 PM65%6.5%9:00 AM');
    expect(days[6]).toHaveTextContent('SundayClosed');
  });

  test('empty answers show the spec’s empty messages', async () => {
    const zeroMonths = REPORTS.historical.historicalData.map((r) => ({
      ...r,
      bookings: 0,
      revenueCents: 0,
      revenue: 0,
      receivedCents: 0,
      received: 0,
    }));
    answerReports({
      historical: { basis: 'event-date', historicalData: zeroMonths },
      pipeline: { basis: 'event-date', pipelineData: [] },
      forecast: { forecastData: { method: 'x', scenarios: { base: [], optimistic: [], cautious: [] } } },
      funnel: { funnelData: [{ stage: 'Requests', count: 0 }], quotes: [] },
      payments: {
        paymentData: {
          onTime: 0,
          overdue: 0,
          aging: [{ bucket: 'current', count: 0, amountCents: 0, amount: 0 }],
        },
      },
      utilisation: { utilisationData: [] },
    });
    renderWithProviders(<ReportsPage />);
    for (const message of [
      M.noHistory,
      M.noPipeline,
      M.noForecast,
      M.noFunnel,
      M.noPayments,
      M.noAging,
      M.noUtilisation,
    ]) {
      expect(await screen.findByText(message)).toBeVisible();
    }
  });

  test('a failed call shows the load-error card; Try Again asks again and shows the reports', async () => {
    let fail = true;
    answerReports({
      funnel: () =>
        fail
          ? HttpResponse.json({ message: 'The read model is rebuilding.' }, { status: 503 })
          : HttpResponse.json(REPORTS.funnel),
    });
    const { user } = renderWithProviders(<ReportsPage />);
    const card = await screen.findByTestId('error-state');
    expect(within(card).getByRole('heading', { name: M.loadError })).toBeVisible();
    expect(card).toHaveTextContent('The read model is rebuilding.');
    expect(screen.queryByTestId('kpi-revenue')).toBeNull();

    // Nothing loaded: the exports say so without asking the server.
    await user.click(screen.getByRole('button', { name: 'Export PDF' }));
    expect(screen.getByTestId('export-notice')).toHaveTextContent(M.nothingToExport);

    fail = false;
    await user.click(within(card).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByTestId('kpi-revenue')).toBeVisible();
  });

  test('exports ask the server for the page’s range; its refusals are shown in the spec’s words', async () => {
    answerReports();
    const pdf = captureRequests('get', '/api/reports/export/pdf', () =>
      HttpResponse.json({ message: M.nothingToExport }, { status: 404 }),
    );
    const zip = captureRequests('get', '/api/reports/export/zip', () =>
      HttpResponse.json({ message: 'Database unavailable' }, { status: 500 }),
    );
    const { user } = renderWithProviders(<ReportsPage />);
    await screen.findByTestId('kpi-revenue');
    await user.click(screen.getByRole('checkbox', { name: 'VIP' }));
    await screen.findByTestId('kpi-revenue');

    await user.click(screen.getByRole('button', { name: 'Export PDF' }));
    const notice = await screen.findByTestId('export-notice');
    expect(notice).toHaveTextContent(M.nothingToExport);
    expect(pdf[0]!.url.searchParams.get('period')).toBe('90d');
    expect(pdf[0]!.url.searchParams.get('segments')).toBe('vip');
    expect(pdf[0]!.headers.get('authorization')).toBe('Bearer test-token');

    await user.click(screen.getByRole('button', { name: 'Download CSVs' }));
    await waitFor(() =>
      expect(screen.getByTestId('export-notice')).toHaveTextContent(EXPORT_MESSAGES.csvFailed),
    );
    expect(screen.getByTestId('export-notice')).toHaveTextContent('Database unavailable');
    expect(zip).toHaveLength(1);
  });

  test('a period with nothing at all shows No KPI data available with Refresh Data', async () => {
    const zero = (k: (typeof REPORTS.kpis.kpis)['bookings']) => ({ ...k, value: 0, change: null });
    const kpis = Object.fromEntries(Object.entries(REPORTS.kpis.kpis).map(([key, k]) => [key, zero(k)]));
    const seen = answerReports({ kpis: { ...REPORTS.kpis, kpis: kpis as typeof REPORTS.kpis.kpis } });
    const { user } = renderWithProviders(<ReportsPage />);
    expect(await screen.findByText(M.noKpis)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Refresh Data' }));
    await waitFor(() => expect(seen.kpis).toHaveLength(2));
  });

  test('axe finds nothing to fix on the page with every panel, the day table and the schedule dialog open', async () => {
    answerReports();
    captureRequests('get', '/api/reports/schedules', { schedules: [] });
    const { user, container } = renderWithProviders(<ReportsPage />);
    await screen.findByTestId('kpi-revenue');
    await user.click(screen.getByRole('button', { name: 'Show peak and average by day' }));
    await user.click(screen.getByRole('button', { name: 'Schedule Email' }));
    await screen.findByText('No report e-mails are scheduled yet.');
    const result = await axe.run(container, {
      // jsdom draws nothing, so colours cannot be measured (the e2e run checks them); the page
      // sits in the shell's main landmark, which this test does not render.
      rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
    });
    expect(
      result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    ).toEqual([]);
  });
});
