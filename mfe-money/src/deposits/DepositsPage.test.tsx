import { describe, expect, test } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { captureRequests, fieldRefusal, onlyBody, renderWithProviders } from '@venue/ui/testing';
import {
  QUOTATION_DEPOSIT_MESSAGES as M,
  type Deposit,
  type QuotationDeposit,
} from '@venue/contracts/money-api';

import { DepositsPage } from './DepositsPage.tsx';

const OWNER = '00000000-0000-4000-8000-000000000001';
const SENT: QuotationDeposit = {
  quotationId: '5a1b2c3d-0000-4000-8000-000000000001',
  quotationNumber: 'QUO-2026-00007',
  hallOwnerId: OWNER,
  customerName: 'Jane Smith',
  customerEmail: 'jane@example.com',
  eventType: 'Wedding',
  eventDate: '2026-12-12',
  startTime: '18:00',
  endTime: '23:00',
  resource: 'Main Hall',
  quotationStatus: 'Sent',
  totalCents: 550_000,
  depositCents: 110_000,
  finalDueCents: 440_000,
  depositType: 'Percentage',
  depositPaid: false,
  paidAt: null,
  paymentMethod: null,
  status: 'Sent',
  markable: true,
  bookingId: null,
  depositInvoiceNumber: null,
};
const PAID: QuotationDeposit = {
  ...SENT,
  quotationId: '6b000000-0000-4000-8000-000000000002',
  quotationNumber: null,
  customerName: 'Lin Wu',
  customerEmail: 'lin@example.com',
  resource: 'Hall B',
  depositCents: 25_000,
  totalCents: 100_000,
  finalDueCents: 75_000,
  depositPaid: true,
  paidAt: '2026-11-20T01:00:00.000Z',
  paymentMethod: 'Cash',
  status: 'Deposit Paid',
};
const ACCEPTED: QuotationDeposit = {
  ...SENT,
  quotationId: '7c000000-0000-4000-8000-000000000003',
  quotationNumber: 'QUO-2026-00003',
  customerName: 'Ola Park',
  quotationStatus: 'Accepted',
  status: 'Accepted',
  markable: false,
  bookingId: '8d000000-0000-4000-8000-000000000004',
  depositInvoiceNumber: 'INV-2026-00012',
};

/** A confirmed booking's deposit, unpaid, on the Web & Admin Bookings tab. */
const BOOKING_DEPOSIT: Deposit = {
  bookingId: '00000000-0000-4000-8000-00000000b001',
  hallOwnerId: OWNER,
  bookingCode: 'BK-0042',
  customerName: 'Ada Lovelace',
  customerEmail: 'ada@example.com',
  eventType: 'Wedding',
  eventDate: '2026-12-12',
  startTime: '18:00',
  endTime: '23:00',
  resource: 'Main Hall',
  bookingStatus: 'confirmed',
  totalCents: 100_000,
  depositCents: 50_000,
  finalDueCents: 50_000,
  total: 1000,
  deposit: 500,
  finalDue: 500,
  depositType: 'Percentage',
  depositPaid: false,
  paidAt: null,
  status: 'Unpaid',
  depositInvoiceId: null,
  depositInvoiceNumber: null,
  lastPaymentId: null,
};

const page = <T,>(items: T[], limit = 25) => ({
  items,
  total: items.length,
  totalIsEstimate: false,
  page: 1,
  limit,
  totalPages: 1,
  hasMore: false,
  nextCursor: null,
});

const tally = (rows: QuotationDeposit[]) => ({
  cents: rows.reduce((n, d) => n + d.depositCents, 0),
  count: rows.length,
});

/**
 * The service's tabs: no booking deposits; the quotation tab's page searched and filtered as the
 * service does it (quotation id, customer, e-mail, resource; Paid/Unpaid), its cards the sums.
 */
function answerCommon(
  quotations: QuotationDeposit[] | (() => QuotationDeposit[] | Response),
  bookings: Deposit[] = [],
) {
  const rowsNow = () => (typeof quotations === 'function' ? quotations() : quotations);
  captureRequests('get', '/api/deposits', page(bookings));
  captureRequests('get', '/api/users/bank-details', {
    bankDetails: { bankName: 'CBA', accountName: 'Hall', bsb: '062-000', accountNumber: '12345678' },
  });
  captureRequests('get', '/api/deposits/summary', { total: tally([]), paid: tally([]), unpaid: tally([]) });
  captureRequests('get', '/api/users/payment-methods', {
    paymentMethods: { stripe: false, bankTransfer: true, cash: true, cheque: false },
  });
  captureRequests('get', '/api/deposits/quotations/summary', () => {
    const rows = rowsNow();
    if (rows instanceof Response) return rows;
    return {
      total: tally(rows),
      paid: tally(rows.filter((d) => d.depositPaid)),
      unpaid: tally(rows.filter((d) => !d.depositPaid)),
    };
  });
  return captureRequests('get', '/api/deposits/quotations/page', ({ url }) => {
    const rows = rowsNow();
    if (rows instanceof Response) return rows;
    const needle = url.searchParams.get('search')?.toLowerCase() ?? '';
    const paid = url.searchParams.get('paid');
    return page(
      rows.filter(
        (d) =>
          (!paid || d.depositPaid === (paid === 'Paid')) &&
          (!needle ||
            [d.quotationId, d.customerName, d.customerEmail, d.resource].some((v) =>
              v.toLowerCase().includes(needle),
            )),
      ),
    );
  });
}

async function openQuotationsTab() {
  const r = renderWithProviders(<DepositsPage />);
  await r.user.click(await screen.findByRole('tab', { name: 'Quotations' }));
  return r;
}

describe('Deposits page, Quotations tab (spec 03 §2.2)', () => {
  test('empty: the spec’s text, and the bookings tab keeps its own', async () => {
    answerCommon([]);
    const { user } = renderWithProviders(<DepositsPage />);
    expect(await screen.findByText('No deposits found.')).toBeVisible();
    await user.click(screen.getByRole('tab', { name: 'Quotations' }));
    expect(await screen.findByText(M.empty)).toBeVisible();
  });

  test('the cards count this tab’s quotations; the filter cycles All → Unpaid → Paid; search narrows', async () => {
    const asked = answerCommon([SENT, PAID, ACCEPTED]);
    const { user } = await openQuotationsTab();
    expect(await screen.findAllByTestId('quotation-deposit-row')).toHaveLength(3);
    const total = screen.getByRole('region', { name: 'Quotations: TOTAL DEPOSITS' });
    expect(total).toHaveTextContent('$2,450.00');
    expect(total).toHaveTextContent('3 quotations');
    expect(screen.getByRole('region', { name: 'Quotations: PAID' })).toHaveTextContent('$250.00');
    expect(screen.getByRole('region', { name: 'Quotations: UNPAID' })).toHaveTextContent('2 quotations');

    const filter = screen.getByRole('button', { name: /^Filter: All/ });
    await user.click(filter);
    await waitFor(() => expect(screen.getAllByTestId('quotation-deposit-row')).toHaveLength(2));
    expect(asked.at(-1)!.url.searchParams.get('paid')).toBe('Unpaid');
    await user.click(screen.getByRole('button', { name: /^Filter: Unpaid/ }));
    await waitFor(() => expect(screen.getAllByTestId('quotation-deposit-row')).toHaveLength(1));
    expect(screen.getAllByTestId('quotation-deposit-row')[0]).toHaveTextContent('Deposit Paid');
    await user.click(screen.getByRole('button', { name: /^Filter: Paid/ }));
    await waitFor(() => expect(screen.getAllByTestId('quotation-deposit-row')).toHaveLength(3));

    const search = screen.getByRole('textbox', { name: 'Search' });
    await user.type(search, 'hall b');
    await waitFor(() => expect(screen.getAllByTestId('quotation-deposit-row')).toHaveLength(1));
    expect(asked.at(-1)!.url.searchParams.get('search')).toBe('hall b');
    // the cards stay over all the tab's quotations
    expect(screen.getByRole('region', { name: 'Quotations: TOTAL DEPOSITS' })).toHaveTextContent(
      '3 quotations',
    );
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.getAllByTestId('quotation-deposit-row')).toHaveLength(3));
  });

  test('Mark Paid by cash sends the method with an Idempotency-Key; an accepted one is on its booking', async () => {
    let paid = false;
    answerCommon(() => (paid ? [{ ...SENT, depositPaid: true, status: 'Deposit Paid' }] : [SENT, ACCEPTED]));
    const posts = captureRequests('post', `/api/deposits/quotations/${SENT.quotationId}/mark-paid`, () => {
      paid = true;
      return HttpResponse.json({ ...SENT, depositPaid: true, status: 'Deposit Paid' });
    });
    const { user } = await openQuotationsTab();
    const accepted = (await screen.findAllByTestId('quotation-deposit-row')).find((r) =>
      r.textContent?.includes('Ola Park'),
    )!;
    expect(within(accepted).getByText('On the booking')).toBeVisible();
    expect(within(accepted).queryByRole('button', { name: /Mark Paid/ })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Mark Paid QUO-2026-00007 of Jane Smith' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Cash' }));
    expect(
      await screen.findByText('Deposit of $1,100.00 for QUO-2026-00007 (Jane Smith) marked paid (Cash).'),
    ).toBeVisible();
    expect(onlyBody(posts)).toEqual({ paymentMethod: 'Cash' });
    expect(posts[0]!.headers.get('idempotency-key')).toBeTruthy();
    expect(await screen.findByText('Deposit Paid')).toBeVisible();
  });

  test('the drawer: totals, customer, event, resource, status; a refusal is shown, not swallowed', async () => {
    answerCommon([SENT, ACCEPTED]);
    captureRequests('post', `/api/deposits/quotations/${SENT.quotationId}/mark-paid`, () =>
      HttpResponse.json({ message: M.alreadyPaid }, { status: 409 }),
    );
    const { user } = await openQuotationsTab();
    await user.click(await screen.findByRole('button', { name: 'Details of QUO-2026-00007 of Jane Smith' }));
    const drawer = await screen.findByRole('dialog', { name: 'Deposit — QUO-2026-00007' });
    for (const text of [
      '$5,500.00',
      '$1,100.00',
      '$4,400.00',
      'Jane Smith',
      'jane@example.com',
      'Main Hall',
      'Sent',
    ])
      expect(drawer).toHaveTextContent(text);
    const bank = await within(drawer).findByRole('button', { name: 'Mark Paid (Bank)' });
    expect(within(drawer).queryByRole('button', { name: 'Mark Paid (Cheque)' })).toBeNull();
    await user.click(bank);
    expect(await within(drawer).findByRole('alert', { name: 'Not marked paid' })).toHaveTextContent(
      M.alreadyPaid,
    );
    // Still unpaid: the buttons stay to try again.
    expect(within(drawer).getByRole('button', { name: 'Mark Paid (Bank)' })).toBeEnabled();
  });

  test('a refusal naming the reference is shown beside it, which takes the focus', async () => {
    answerCommon([SENT]);
    const message = 'Reference must be a single line (no line breaks).';
    const posts = captureRequests('post', `/api/deposits/quotations/${SENT.quotationId}/mark-paid`, () =>
      fieldRefusal({ reference: message }),
    );
    const { user } = await openQuotationsTab();
    await user.click(await screen.findByRole('button', { name: 'Details of QUO-2026-00007 of Jane Smith' }));
    const drawer = await screen.findByRole('dialog', { name: 'Deposit — QUO-2026-00007' });
    const reference = await within(drawer).findByRole('textbox', { name: 'Payment reference (optional)' });
    await user.type(reference, 'CHQ 100200');
    await user.click(within(drawer).getByRole('button', { name: 'Mark Paid (Cash)' }));

    expect(await within(drawer).findByRole('alert', { name: 'Not marked paid' })).toHaveTextContent(message);
    expect(reference).toHaveAttribute('aria-invalid', 'true');
    expect(reference).toHaveAccessibleDescription(message);
    expect(reference).toHaveFocus();
    expect(posts.map((p) => p.body)).toEqual([{ paymentMethod: 'Cash', reference: 'CHQ 100200' }]);
  });

  test('another quotation’s drawer starts with a blank reference', async () => {
    const other = {
      ...SENT,
      quotationId: '9e000000-0000-4000-8000-000000000005',
      quotationNumber: 'QUO-2026-00008',
    };
    answerCommon([SENT, other]);
    const { user } = await openQuotationsTab();
    await user.click(await screen.findByRole('button', { name: 'Details of QUO-2026-00007 of Jane Smith' }));
    const first = await screen.findByRole('dialog', { name: 'Deposit — QUO-2026-00007' });
    await user.type(
      await within(first).findByRole('textbox', { name: 'Payment reference (optional)' }),
      'EFT 7',
    );
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Details of QUO-2026-00008 of Jane Smith' }));
    const second = await screen.findByRole('dialog', { name: 'Deposit — QUO-2026-00008' });
    expect(await within(second).findByRole('textbox', { name: 'Payment reference (optional)' })).toHaveValue(
      '',
    );
  });

  test('a load failure offers Try Again', async () => {
    answerCommon(() => HttpResponse.json({ message: 'boom' }, { status: 500 }));
    await openQuotationsTab();
    expect(await screen.findByRole('button', { name: /Try Again/i })).toBeVisible();
  });

  test('quotations are called by their numbers, a draft by "Draft", never by their ids (issue 24 item 2)', async () => {
    answerCommon([SENT, PAID, ACCEPTED]);
    await openQuotationsTab();
    const rows = await screen.findAllByTestId('quotation-deposit-row');
    expect(rows.map((r) => within(r).getAllByRole('cell')[0]!.textContent)).toEqual([
      'QUO-2026-00007',
      'Draft',
      'QUO-2026-00003',
    ]);
    for (const row of rows) expect(row.textContent).not.toMatch(/[0-9a-f]{8}/i);
  });
});

describe('Deposits page, Web & Admin Bookings tab (spec 03 §2.2)', () => {
  test('the drawer sends its reference, trimmed, with the method pressed; Enter alone marks nothing', async () => {
    let paid = false;
    answerCommon([], [BOOKING_DEPOSIT]);
    // The list after Mark Paid says what the service then holds.
    captureRequests('get', '/api/deposits', () =>
      page([paid ? { ...BOOKING_DEPOSIT, depositPaid: true, status: 'Paid' } : BOOKING_DEPOSIT]),
    );
    const posts = captureRequests('post', `/api/deposits/${BOOKING_DEPOSIT.bookingId}/mark-paid`, () => {
      paid = true;
      return HttpResponse.json({});
    });
    const { user } = renderWithProviders(<DepositsPage />);
    await user.click(await screen.findByRole('button', { name: 'Details of BK-0042' }));
    const drawer = await screen.findByRole('dialog', { name: 'Deposit — BK-0042' });
    await user.type(
      await within(drawer).findByRole('textbox', { name: 'Payment reference (optional)' }),
      '  EFT 0042 {Enter}',
    );
    expect(posts).toHaveLength(0);
    await user.click(within(drawer).getByRole('button', { name: 'Mark Paid (Cash)' }));

    expect(await screen.findByText('Deposit of $500.00 for BK-0042 marked paid (Cash).')).toBeVisible();
    expect(posts.map((p) => p.body)).toEqual([{ paymentMethod: 'Cash', reference: 'EFT 0042' }]);
    expect(posts[0]!.headers.get('idempotency-key')).toBeTruthy();
    // The list answered again: the drawer offers Mark Unpaid now.
    expect(await within(drawer).findByRole('button', { name: 'Mark Unpaid' })).toBeVisible();
    expect(within(drawer).queryByRole('alert')).toBeNull();
  });
});
