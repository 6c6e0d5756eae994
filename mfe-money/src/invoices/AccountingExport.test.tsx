import { afterEach, beforeEach, describe, expect, jest, test } from '@jest/globals';
import { screen, waitFor } from '@testing-library/react';
import { HttpResponse, delay } from 'msw';
import { captureRequests, renderWithProviders } from '@venue/ui/testing';
import { AccountingExport, lastMonth } from './AccountingExport.tsx';

const csv = (name: string) => () =>
  new HttpResponse('\ufeff"*ContactName"\r\n', {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${name}"`,
    },
  });

describe('Export for accounting', () => {
  let saved: string[] = [];
  beforeEach(() => {
    saved = [];
    // jsdom has no object URLs or downloads: record the file name the page saves under.
    URL.createObjectURL = () => 'blob:csv';
    URL.revokeObjectURL = () => undefined;
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
  });
  afterEach(() => {
    jest.restoreAllMocks();
  });

  test('last month at the venue is the default range', () => {
    expect(lastMonth('2026-11-29')).toEqual({ from: '2026-10-01', to: '2026-10-31' });
    expect(lastMonth('2026-03-01')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(lastMonth('2026-01-15')).toEqual({ from: '2025-12-01', to: '2025-12-31' });
  });

  test('Xero invoices for the range asked with the token, saved under the server’s name', async () => {
    const asked = captureRequests(
      'get',
      '/api/invoices/export/xero',
      csv('xero-invoices-2026-10-01-to-2026-10-31.csv'),
    );
    const { user } = renderWithProviders(<AccountingExport />);
    await user.click(screen.getByRole('button', { name: 'Export for accounting' }));
    const from = await screen.findByLabelText(/^From/);
    const to = screen.getByLabelText(/^To/);
    await user.clear(from);
    await user.type(from, '2026-10-01');
    await user.clear(to);
    await user.type(to, '2026-10-31');
    await user.click(screen.getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(saved).toEqual(['xero-invoices-2026-10-01-to-2026-10-31.csv']));
    expect(asked).toHaveLength(1);
    expect(asked[0]!.url.searchParams.get('from')).toBe('2026-10-01');
    expect(asked[0]!.url.searchParams.get('to')).toBe('2026-10-31');
    expect(asked[0]!.headers.get('authorization')).toBe('Bearer test-token');
    // done: the dialog closes
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Download' })).toBeNull());
  });

  test('MYOB payments go to the payments call; the button shows it is working meanwhile', async () => {
    const asked = captureRequests('get', '/api/payments/export/myob', async () => {
      await delay(150);
      return csv('myob-payments.csv')();
    });
    const { user } = renderWithProviders(<AccountingExport />);
    await user.click(screen.getByRole('button', { name: 'Export for accounting' }));
    await user.click(await screen.findByRole('radio', { name: 'MYOB' }));
    await user.click(screen.getByRole('radio', { name: 'Payments' }));
    expect(screen.getByText(/customer payments import/)).toBeVisible();
    const download = screen.getByRole('button', { name: 'Download' });
    await user.click(download);
    await waitFor(() => expect(download).toHaveAttribute('data-loading', 'true'));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatch(/^myob-payments/);
    expect(asked).toHaveLength(1);
  });

  test('a range that ends before it starts is shown beside To and nothing is asked', async () => {
    const asked = captureRequests('get', '/api/invoices/export/xero', csv('x.csv'));
    const { user } = renderWithProviders(<AccountingExport />);
    await user.click(screen.getByRole('button', { name: 'Export for accounting' }));
    const from = await screen.findByLabelText(/^From/);
    await user.clear(from);
    await user.type(from, '2026-12-01');
    const to = screen.getByLabelText(/^To/);
    await user.clear(to);
    await user.type(to, '2026-11-01');
    await user.click(screen.getByRole('button', { name: 'Download' }));
    expect(await screen.findByText('to must be on or after from.')).toBeVisible();
    expect(to).toHaveAttribute('aria-invalid', 'true');
    expect(asked).toHaveLength(0);
    expect(saved).toEqual([]);
  });

  test('a day not chosen is said under it and focused; a range over a year is the contract’s refusal', async () => {
    const asked = captureRequests('get', '/api/payments/export/xero', csv('x.csv'));
    const { user } = renderWithProviders(<AccountingExport />);
    await user.click(screen.getByRole('button', { name: 'Export for accounting' }));
    await user.click(await screen.findByRole('radio', { name: 'Payments' }));
    const from = screen.getByLabelText(/^From/);
    await user.clear(from);
    await user.click(screen.getByRole('button', { name: 'Download' }));
    expect(await screen.findByText('Choose the first day.')).toBeVisible();
    await waitFor(() => expect(from).toHaveFocus());
    await user.type(from, '2024-01-01');
    const to = screen.getByLabelText(/^To/);
    await user.clear(to);
    await user.type(to, '2026-01-01');
    await user.click(screen.getByRole('button', { name: 'Download' }));
    expect(await screen.findByText(/^to may be at most \d+ days after from/)).toBeVisible();
    expect(to).toHaveAttribute('aria-invalid', 'true');
    expect(asked).toHaveLength(0);
  });

  test('the server’s refusal is shown: beside the field it names, or as an alert; the dialog stays', async () => {
    let answer = 0;
    captureRequests('get', '/api/invoices/export/xero', () =>
      ++answer === 1
        ? HttpResponse.json(
            {
              message: 'from must be a real day written YYYY-MM-DD.',
              errors: [{ path: 'from', message: '…' }],
            },
            { status: 400 },
          )
        : HttpResponse.json(
            { message: "The venue's settings have not reached Invoices yet." },
            { status: 503 },
          ),
    );
    const { user } = renderWithProviders(<AccountingExport />);
    await user.click(screen.getByRole('button', { name: 'Export for accounting' }));
    await user.click(await screen.findByRole('button', { name: 'Download' }));
    expect(await screen.findByText('from must be a real day written YYYY-MM-DD.')).toBeVisible();
    expect(screen.getByLabelText(/^From/)).toHaveAttribute('aria-invalid', 'true');
    await user.click(screen.getByRole('button', { name: 'Download' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("The venue's settings have not reached Invoices yet.");
    expect(saved).toEqual([]);
    expect(screen.getByRole('button', { name: 'Download' })).toBeVisible();
  });
});
