import { afterEach, beforeEach, describe, expect, jest, test } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { captureRequests, renderWithProviders } from '@venue/ui/testing';
import {
  invoiceMatchesSearch,
  sortInvoices,
  type Invoice,
  type InvoiceSortKey,
} from '@venue/contracts/money-api';
import { detailOf, makeInvoice } from './fixtures.ts';
import { InvoicesPage } from './InvoicesPage.tsx';
import { NO_INVOICES_TO_EXPORT } from './invoice-csv.ts';

const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney' }).format(new Date());

const ADA = makeInvoice({ invoiceNumber: 'INV-2026-00001', issueDate: today, resource: 'Main Hall' });
const GRACE = makeInvoice({
  invoiceNumber: 'INV-2026-00002',
  type: 'FINAL',
  issueDate: '2020-01-15',
  resource: 'Hall B',
  customer: { name: 'Grace Hopper', email: 'grace@navy.mil', abn: '51 824 753 556' },
  status: 'OVERDUE',
  daysOverdue: 9,
  priority: 'high',
  totalCents: 120_000,
  fullAmountCents: 170_000,
  depositAppliedCents: 50_000,
  depositPaidCents: 50_000,
});
const PAID = makeInvoice({
  invoiceNumber: 'INV-2026-00003',
  status: 'PAID',
  paidCents: 55_000,
  issueDate: '2020-02-01',
  paidAt: '2020-02-03T01:00:00.000Z',
  customer: { name: 'Katherine Johnson', email: 'kj@nasa.gov', abn: null },
  resource: 'Main Hall',
});

/**
 * The service's list and summary over `invoices`, as it answers them (filters, sort, page): the
 * screen must send its filters and show what comes back.
 */
function matching(all: Invoice[], q: URLSearchParams): Invoice[] {
  const list = (k: string) => q.get(k)?.split(',') ?? [];
  const needle = q.get('search')?.toLowerCase() ?? '';
  return all.filter(
    (i) =>
      (!needle || invoiceMatchesSearch(i, needle)) &&
      (!q.get('resource') || i.resource === q.get('resource')) &&
      (!q.get('status') || list('status').includes(i.status)) &&
      (!q.get('type') || list('type').includes(i.type)) &&
      (!q.get('from') || (i.issueDate ?? '') >= q.get('from')!) &&
      (!q.get('to') || (i.issueDate ?? '') <= q.get('to')!),
  );
}

function answerList(all: Invoice[] = [ADA, GRACE, PAID]) {
  const pages = captureRequests('get', '/api/invoices', ({ url }) => {
    const q = url.searchParams;
    const limit = Number(q.get('limit') ?? 25);
    const page = Number(q.get('page') ?? 1);
    const rows = sortInvoices(matching(all, q), {
      key: (q.get('sort') ?? 'issueDate') as InvoiceSortKey,
      order: q.get('order') === 'asc' ? 'asc' : 'desc',
    });
    return {
      items: rows.slice((page - 1) * limit, page * limit),
      total: null,
      totalIsEstimate: false,
      page,
      limit,
      totalPages: null,
      hasMore: rows.length > page * limit,
      nextCursor: null,
    };
  });
  const summaries = captureRequests('get', '/api/invoices/summary', ({ url }) => {
    const live = all.filter((i) => i.status !== 'VOID');
    const hits = matching(all, url.searchParams);
    return {
      totalCents: live.reduce((n, i) => n + i.totalCents, 0),
      paidCents: live.reduce((n, i) => n + i.paidCents, 0),
      overdueCount: all.filter((i) => i.status === 'OVERDUE').length,
      remindableCount: all.filter((i) => ['SENT', 'OVERDUE', 'PARTIAL'].includes(i.status)).length,
      matchingCount: hits.length,
      matchingPaidCount: hits.filter((i) => i.status === 'PAID').length,
      resources: [...new Set(all.map((i) => i.resource).filter((r): r is string => Boolean(r)))].sort(),
    };
  });
  return { pages, summaries };
}

const rowNumbers = () =>
  screen.queryAllByTestId('invoice-row').map((r) => within(r).getAllByRole('button')[0]!.textContent);

afterEach(() => {
  window.location.hash = '';
});

describe('Invoices & Payments', () => {
  test('header figures, tab counts and the default order (issue date, newest first)', async () => {
    answerList();
    renderWithProviders(<InvoicesPage />);
    expect(await screen.findByRole('table', { name: 'Invoices' })).toBeVisible();
    expect(rowNumbers()).toEqual(['INV-2026-00001', 'INV-2026-00003', 'INV-2026-00002']);
    expect(screen.getByRole('region', { name: 'Total invoiced' })).toHaveTextContent('$2,300.00');
    expect(screen.getByRole('region', { name: 'Total paid' })).toHaveTextContent('$550.00');
    expect(screen.getByRole('region', { name: 'Overdue invoices' })).toHaveTextContent('1');
    expect(screen.getByRole('tab', { name: /Invoices/ })).toHaveTextContent('3');
    expect(screen.getByRole('tab', { name: /Paid/ })).toHaveTextContent('1');
    // Overdue days and the final invoice's Deposit/Due chips, from the stored figures.
    const grace = screen.getAllByTestId('invoice-row')[2]!;
    expect(grace).toHaveTextContent('9 days overdue');
    expect(grace).toHaveTextContent('Deposit $500.00');
    expect(grace).toHaveTextContent('Due $1,200.00');
    expect(within(grace).getByRole('img', { name: 'High priority' })).toBeInTheDocument();
  });

  test('search goes to the server and narrows the list; Escape clears it; tab counts follow the filters', async () => {
    const { pages, summaries } = answerList();
    const { user } = renderWithProviders(<InvoicesPage />);
    const search = await screen.findByRole('textbox', { name: 'Search' });
    await user.type(search, 'navy.mil');
    await waitFor(() => expect(rowNumbers()).toEqual(['INV-2026-00002']));
    await waitFor(() => expect(screen.getByRole('tab', { name: /Invoices/ })).toHaveTextContent('1'));
    expect(pages.at(-1)!.url.searchParams.get('search')).toBe('navy.mil');
    expect(summaries.at(-1)!.url.searchParams.get('search')).toBe('navy.mil');
    // a page asks for no count: the summary counts once per filter change
    expect(pages.every((p) => p.url.searchParams.get('withTotal') === '0')).toBe(true);
    await user.keyboard('{Escape}');
    expect(search).toHaveValue('');
    await waitFor(() => expect(rowNumbers()).toHaveLength(3));
  });

  test('pages by the server: page numbers from the summary count, page 2 asked for and shown', async () => {
    const many = Array.from({ length: 30 }, (_, n) =>
      makeInvoice({
        invoiceNumber: `INV-2026-${String(100 + n).padStart(5, '0')}`,
        issueDate: `2026-01-${String(1 + (n % 28)).padStart(2, '0')}`,
        createdAt: new Date(Date.UTC(2026, 0, 1, n)).toISOString(),
      }),
    );
    const { pages } = answerList(many);
    const { user } = renderWithProviders(<InvoicesPage />);
    await screen.findByRole('table', { name: 'Invoices' });
    expect(rowNumbers()).toHaveLength(25);
    expect(screen.getByRole('tab', { name: /Invoices/ })).toHaveTextContent('30');
    await user.click(screen.getByRole('button', { name: '2' }));
    await waitFor(() => expect(rowNumbers()).toHaveLength(5));
    expect(pages.at(-1)!.url.searchParams.get('page')).toBe('2');
    expect(pages.at(-1)!.url.searchParams.get('sort')).toBe('issueDate');
  });

  test('the date range and resource selects filter (the spec left them dead); no match offers Clear Filters', async () => {
    answerList();
    const { user } = renderWithProviders(<InvoicesPage />);
    await screen.findByRole('table', { name: 'Invoices' });

    await user.click(screen.getByRole('combobox', { name: 'Date range' }));
    await user.click(await screen.findByRole('option', { name: 'Today' }));
    await waitFor(() => expect(rowNumbers()).toEqual(['INV-2026-00001']));

    await user.click(screen.getByRole('combobox', { name: 'Resource' }));
    await user.click(await screen.findByRole('option', { name: 'Hall B' }));
    expect(await screen.findByText('No invoices found matching your criteria')).toBeVisible();
    expect(screen.queryByRole('table', { name: 'Invoices' })).toBeNull();

    await user.click(
      within(screen.getByTestId('empty-state')).getByRole('button', { name: 'Clear Filters' }),
    );
    await waitFor(() => expect(rowNumbers()).toHaveLength(3));

    await user.click(screen.getByRole('combobox', { name: 'Resource' }));
    await user.click(await screen.findByRole('option', { name: 'Main Hall' }));
    await waitFor(() => expect(rowNumbers()).toEqual(['INV-2026-00001', 'INV-2026-00003']));

    // More Filters: status.
    await user.click(screen.getByRole('button', { name: 'More Filters' }));
    await user.click(await screen.findByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'PAID' }));
    await waitFor(() => expect(rowNumbers()).toEqual(['INV-2026-00003']));
  });

  test('sorting by total; the Paid tab lists paid invoices', async () => {
    answerList();
    const { user } = renderWithProviders(<InvoicesPage />);
    await screen.findByRole('table', { name: 'Invoices' });
    await user.click(screen.getByRole('button', { name: 'Total' }));
    await waitFor(() => expect(rowNumbers()[0]).toBe('INV-2026-00002'));
    expect(screen.getByRole('columnheader', { name: /Total/ })).toHaveAttribute('aria-sort', 'descending');

    await user.click(screen.getByRole('tab', { name: /Paid/ }));
    const paid = await screen.findByRole('table', { name: 'Paid invoices' });
    expect(within(paid).getAllByRole('row')).toHaveLength(2);
    expect(paid).toHaveTextContent('Katherine Johnson');
    expect(paid).toHaveTextContent('03/02/2020');
    expect(paid).toHaveTextContent('$550.00');
  });

  test('a #INV-… hash opens that invoice’s panel with the deposit-applied calculation and fills the search', async () => {
    window.location.hash = '#INV-2026-00002';
    answerList();
    captureRequests('get', `/api/invoices/${GRACE.id}`, detailOf(GRACE));
    renderWithProviders(<InvoicesPage />);
    expect(await screen.findByRole('dialog', { name: 'Tax Invoice INV-2026-00002' })).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Search' })).toHaveValue('INV-2026-00002');
    const block = screen.getByTestId('deposit-applied');
    expect(block).toHaveTextContent('$1,700.00 − $500.00 deposit = $1,200.00 to pay');
    expect(within(block).getByText('Deposit paid').nextSibling).toHaveTextContent('$500.00');
  });

  test('a hash arriving on the open page (the search already its number) still opens the invoice, refreshed', async () => {
    const { pages } = answerList();
    captureRequests('get', `/api/invoices/${GRACE.id}`, detailOf(GRACE));
    const { user } = renderWithProviders(<InvoicesPage />);
    await user.type(await screen.findByRole('textbox', { name: 'Search' }), 'INV-2026-00002');
    await waitFor(() => expect(rowNumbers()).toEqual(['INV-2026-00002']));
    const asked = pages.length;
    window.location.hash = '#INV-2026-00002';
    window.dispatchEvent(new HashChangeEvent('hashchange'));
    expect(await screen.findByRole('dialog', { name: 'Tax Invoice INV-2026-00002' })).toBeVisible();
    expect(pages.length).toBeGreaterThan(asked);
  });

  test('a failed load shows Error Loading Data with Try Again', async () => {
    answerList([ADA]);
    let calls = 0;
    const ok = { items: [ADA], total: null, totalIsEstimate: false, page: 1, limit: 25, totalPages: null };
    captureRequests('get', '/api/invoices', () => {
      calls += 1;
      return calls === 1
        ? HttpResponse.json({ message: 'Money is unavailable' }, { status: 503 })
        : { ...ok, hasMore: false, nextCursor: null };
    });
    const { user } = renderWithProviders(<InvoicesPage />);
    expect(await screen.findByText('Error Loading Data')).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to fetch invoices: 503');
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('table', { name: 'Invoices' })).toBeVisible();
  });

  test('a paid invoice can always be sent again: Send Email to Customer sends a copy, and says so (issue 24 item 14)', async () => {
    answerList();
    const sends = captureRequests('post', `/api/invoices/${PAID.id}/send`, { invoice: PAID, copy: true });
    const { user } = renderWithProviders(<InvoicesPage />);
    await screen.findByRole('table', { name: 'Invoices' });
    await user.click(
      screen.getByRole('button', { name: 'Actions for invoice INV-2026-00003 of Katherine Johnson' }),
    );
    await user.click(await screen.findByRole('menuitem', { name: 'Send Email to Customer (copy)' }));
    expect(
      await screen.findByText(
        'A copy of invoice INV-2026-00003, marked COPY, was e-mailed to Katherine Johnson (kj@nasa.gov) with its PDF.',
      ),
    ).toBeVisible();
    expect(sends).toHaveLength(1);
    expect(sends[0]!.headers.get('idempotency-key')).toBeTruthy();
  });

  test('a draft is sent (issued) by the same entry; a void invoice offers none', async () => {
    const DRAFT = makeInvoice({
      invoiceNumber: null,
      status: 'DRAFT',
      customer: { name: 'Dora Draft', email: 'dora@example.com', abn: null },
    });
    const VOID = makeInvoice({
      invoiceNumber: 'INV-2026-00009',
      status: 'VOID',
      customer: { name: 'Vic Void', email: 'vic@example.com', abn: null },
    });
    answerList([DRAFT, VOID]);
    captureRequests('post', `/api/invoices/${DRAFT.id}/send`, {
      invoice: { ...DRAFT, status: 'SENT', invoiceNumber: 'INV-2026-00010' },
      copy: false,
    });
    const { user } = renderWithProviders(<InvoicesPage />);
    await screen.findByRole('table', { name: 'Invoices' });
    await user.click(screen.getByRole('button', { name: 'Actions for invoice INV-2026-00009 of Vic Void' }));
    await screen.findByRole('menuitem', { name: 'Preview Invoice' });
    expect(screen.queryByRole('menuitem', { name: /Send Email to Customer/ })).toBeNull();
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Actions for invoice draft of Dora Draft' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Send Email to Customer' }));
    expect(
      await screen.findByText('Invoice INV-2026-00010 sent to Dora Draft (dora@example.com).'),
    ).toBeVisible();
  });

  test('a payment recorded stays a success when the list cannot be read again just then (issue 24 item 9)', async () => {
    let paid = false;
    answerList();
    // after the payment the service is briefly unavailable for lists
    captureRequests('get', '/api/invoices', ({ url }) =>
      paid
        ? HttpResponse.json({ message: 'Money is unavailable' }, { status: 503 })
        : {
            // the Invoices tab's rows; the Paid tab (status=PAID) has none yet
            items: url.searchParams.get('status') ? [] : [ADA, GRACE],
            total: null,
            totalIsEstimate: false,
            page: 1,
            limit: 25,
            totalPages: null,
            hasMore: false,
            nextCursor: null,
          },
    );
    captureRequests('post', `/api/invoices/${ADA.id}/payments`, () => {
      paid = true;
      return {
        payment: { id: 'p1', amountCents: 55_000, receiptNumber: 'RCT-2026-00001' },
        invoice: { ...ADA, status: 'PAID', paidCents: 55_000, balanceCents: 0 },
      };
    });
    const { user } = renderWithProviders(<InvoicesPage />);
    await screen.findByRole('table', { name: 'Invoices' });
    await user.click(
      screen.getByRole('button', { name: 'Actions for invoice INV-2026-00001 of Ada Lovelace' }),
    );
    await user.click(await screen.findByRole('menuitem', { name: 'Record Bank Payment' }));
    await user.click(await screen.findByRole('button', { name: 'Record Payment' }));
    expect(await screen.findByText(/recorded on INV-2026-00001 \(receipt RCT-2026-00001\)/)).toBeVisible();
    expect(await screen.findByTestId('refresh-failed')).toHaveTextContent('Could not refresh just now');
    // the invoices read before are still there, not "Error Loading Data"
    expect(screen.getByRole('table', { name: 'Invoices' })).toBeVisible();
    expect(screen.queryByText('Error Loading Data')).toBeNull();
  });

  describe('Export CSV: the service writes the file', () => {
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

    const csvAnswer = () =>
      new HttpResponse('\ufeff"Invoice Number"\r\n', {
        headers: {
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': 'attachment; filename="invoices_export.csv"',
        },
      });

    test('the Paid tab asks for the paid invoices in the screen’s sort, with the token, and saves invoices_export.csv', async () => {
      answerList();
      const asked = captureRequests('get', '/api/invoices/export.csv', csvAnswer);
      const { user } = renderWithProviders(<InvoicesPage />);
      await screen.findByRole('table', { name: 'Invoices' });
      await user.click(screen.getByRole('button', { name: 'Total' }));
      await user.click(screen.getByRole('tab', { name: /Paid/ }));
      await user.click(screen.getByRole('button', { name: 'Export CSV' }));
      await waitFor(() => expect(saved).toEqual(['invoices_export.csv']));
      expect(asked).toHaveLength(1);
      const q = asked[0]!.url.searchParams;
      expect(q.get('status')).toBe('PAID');
      expect(q.get('sort')).toBe('total');
      expect(q.get('order')).toBe('desc');
      expect(asked[0]!.headers.get('authorization')).toBe('Bearer test-token');
    });

    test('a search with no match says there is nothing to export and asks the server nothing', async () => {
      answerList();
      const asked = captureRequests('get', '/api/invoices/export.csv', csvAnswer);
      const { user } = renderWithProviders(<InvoicesPage />);
      await user.type(await screen.findByRole('textbox', { name: 'Search' }), 'no such customer');
      await screen.findByText('No invoices found matching your criteria');
      await user.click(screen.getByRole('button', { name: 'Export CSV' }));
      expect(await screen.findByText(NO_INVOICES_TO_EXPORT)).toBeVisible();
      expect(asked).toHaveLength(0);
      expect(saved).toEqual([]);
    });
  });
});
