import { describe, expect, test } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { captureRequests, renderWithProviders } from '@venue/ui/testing';
import { PAYLINK_MESSAGES, type Deposit, type PaymentLink } from '@venue/contracts/money-api';
import { DepositDrawer } from '../deposits/DepositDrawer.tsx';
import { makeInvoice } from './fixtures.ts';
import { PaymentLinkButton } from './PaymentLinkButton.tsx';
import { RowMenu, type RowActions } from './RowMenu.tsx';

const noop = () => {};
const ACTIONS: RowActions = {
  preview: noop,
  send: noop,
  recordPayment: noop,
  downloadPdf: noop,
  downloadReceipt: noop,
  markPaid: noop,
  void: noop,
  refund: noop,
};

const link = (invoiceId: string): PaymentLink => ({
  invoiceId,
  invoiceNumber: 'INV-2026-00007',
  url: `https://venue.example/pay/${'a'.repeat(43)}`,
  path: `/pay/${'a'.repeat(43)}`,
  cardPayments: true,
  createdAt: '2026-11-20T00:00:00.000Z',
});

describe('Copy Payment Link (decision 43)', () => {
  test('the row menu offers it for an open invoice and shows the link it made', async () => {
    const inv = makeInvoice({ status: 'SENT' });
    const posts = captureRequests('post', `/api/invoices/${inv.id}/payment-link`, link(inv.id));
    const { user } = renderWithProviders(<RowMenu invoice={inv} actions={ACTIONS} />);
    await user.click(screen.getByRole('button', { name: /^Actions for invoice/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Copy Payment Link' }));
    expect(await screen.findByText(link(inv.id).url)).toBeInTheDocument();
    expect(posts).toHaveLength(1);
  });

  test('not for a draft, a paid or a void invoice', async () => {
    for (const status of ['DRAFT', 'PAID', 'VOID'] as const) {
      const { user, unmount } = renderWithProviders(
        <RowMenu invoice={makeInvoice({ status })} actions={ACTIONS} />,
      );
      await user.click(screen.getByRole('button', { name: /^Actions for invoice/ }));
      const menu = await screen.findByRole('menu');
      expect(within(menu).queryByRole('menuitem', { name: 'Copy Payment Link' })).toBeNull();
      unmount();
    }
  });

  test('the side panel button shows the link it made', async () => {
    const inv = makeInvoice({ status: 'OVERDUE' });
    captureRequests('post', `/api/invoices/${inv.id}/payment-link`, link(inv.id));
    const { user } = renderWithProviders(<PaymentLinkButton invoiceId={inv.id} />);
    await user.click(screen.getByRole('button', { name: 'Copy Payment Link' }));
    expect(await screen.findByRole('link', { name: link(inv.id).url })).toHaveAttribute(
      'href',
      link(inv.id).url,
    );
  });

  test('Revoke link makes a new link and shows it instead of the old one', async () => {
    const inv = makeInvoice({ status: 'SENT' });
    captureRequests('post', `/api/invoices/${inv.id}/payment-link`, link(inv.id));
    const fresh = { ...link(inv.id), url: `https://venue.example/pay/${'b'.repeat(43)}` };
    const revokes = captureRequests('post', `/api/invoices/${inv.id}/payment-link/revoke`, fresh);
    const { user } = renderWithProviders(<PaymentLinkButton invoiceId={inv.id} />);
    await user.click(screen.getByRole('button', { name: 'Copy Payment Link' }));
    await screen.findByRole('link', { name: link(inv.id).url });
    await user.click(screen.getByRole('button', { name: 'Revoke link' }));
    expect(await screen.findByRole('link', { name: fresh.url })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: link(inv.id).url })).toBeNull();
    expect(screen.getByText(PAYLINK_MESSAGES.revoked)).toBeInTheDocument();
    expect(revokes).toHaveLength(1);
  });

  test('the server’s refusal is shown as it said it, and no link', async () => {
    const paid = makeInvoice({ status: 'SENT' });
    captureRequests('post', `/api/invoices/${paid.id}/payment-link`, () =>
      HttpResponse.json({ message: PAYLINK_MESSAGES.alreadyPaid }, { status: 409 }),
    );
    const { user } = renderWithProviders(<PaymentLinkButton invoiceId={paid.id} />);
    await user.click(screen.getByRole('button', { name: 'Copy Payment Link' }));
    expect(await screen.findByText('Payment link not copied')).toBeVisible();
    expect(screen.getByText(PAYLINK_MESSAGES.alreadyPaid)).toBeVisible();
    expect(screen.queryByRole('link')).toBeNull();
  });

  test('the Deposits drawer offers the deposit invoice’s link while the deposit is unpaid', async () => {
    const invoiceId = '00000000-0000-4000-8000-00000000d001';
    const deposit: Deposit = {
      bookingId: '00000000-0000-4000-8000-00000000b001',
      hallOwnerId: '00000000-0000-4000-8000-000000000001',
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
      depositInvoiceId: invoiceId,
      depositInvoiceNumber: 'INV-2026-00042',
      lastPaymentId: null,
    };
    captureRequests('get', '/api/users/bank-details', {
      bankDetails: { bankName: 'CBA', accountName: 'Hall', bsb: '062-000', accountNumber: '12345678' },
    });
    captureRequests('post', `/api/invoices/${invoiceId}/payment-link`, link(invoiceId));
    const actions = { busy: false, paid: async () => {}, unpaid: async () => {} };
    const { user, unmount } = renderWithProviders(
      <DepositDrawer deposit={deposit} onClose={noop} actions={actions} methods={undefined} />,
    );
    const drawer = await screen.findByRole('dialog', { name: 'Deposit — BK-0042' });
    await user.click(within(drawer).getByRole('button', { name: 'Copy Payment Link' }));
    expect(await within(drawer).findByRole('link', { name: link(invoiceId).url })).toBeInTheDocument();
    unmount();
    renderWithProviders(
      <DepositDrawer
        deposit={{ ...deposit, depositPaid: true, status: 'Paid' }}
        onClose={noop}
        actions={actions}
        methods={undefined}
      />,
    );
    const paid = await screen.findByRole('dialog', { name: 'Deposit — BK-0042' });
    expect(within(paid).queryByRole('button', { name: 'Copy Payment Link' })).toBeNull();
  });
});
