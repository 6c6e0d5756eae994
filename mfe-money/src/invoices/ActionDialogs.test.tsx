import { describe, expect, jest, test } from '@jest/globals';
import { screen, waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { captureRequests, renderWithProviders } from '@venue/ui/testing';
import { makeInvoice } from './fixtures.ts';
import { RefundDialog } from './RefundDialog.tsx';
import { VoidDialog } from './ActionDialogs.tsx';

// $550.00 invoiced, $200.00 paid: at most $200.00 can be paid back.
const INVOICE = makeInvoice({ totalCents: 55_000, paidCents: 20_000, status: 'PARTIAL' });
const CREDIT = `/api/invoices/${INVOICE.id}/credit-notes`;
const created = { creditNote: { id: '00000000-0000-4000-8000-00000000bbbb' } };

describe('Create Refund dialog', () => {
  test('more than was paid is said under the amount; without paying back it may be credited', async () => {
    const posts = captureRequests('post', CREDIT, created);
    const { user } = renderWithProviders(<RefundDialog invoice={INVOICE} onClose={jest.fn()} />);
    const amount = screen.getByRole('textbox', { name: 'Amount to credit' });
    expect(amount).toHaveValue('200.00');
    await user.type(screen.getByRole('textbox', { name: /^Reason/ }), 'Room was double booked');
    await user.clear(amount);
    await user.type(amount, '250');
    expect(amount).toHaveAccessibleDescription('At most $200.00 can be paid back.');
    expect(screen.getByRole('button', { name: 'Create Refund' })).toBeDisabled();

    await user.click(screen.getByRole('checkbox', { name: 'Pay the money back to the customer' }));
    await waitFor(() => expect(amount).not.toHaveAttribute('aria-invalid', 'true'));
    expect(screen.queryByRole('combobox', { name: 'Refund method' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Create Refund' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]!.body).toEqual({ amountCents: 25_000, reason: 'Room was double booked' });
    expect(posts[0]!.headers.get('idempotency-key')).toBeTruthy();
  });

  test('Enter sends the typed dollars as integer cents with the refund; a blank reason is the contract’s', async () => {
    const posts = captureRequests('post', CREDIT, created);
    const onClose = jest.fn();
    const { user } = renderWithProviders(<RefundDialog invoice={INVOICE} onClose={onClose} />);
    const amount = screen.getByRole('textbox', { name: 'Amount to credit' });
    const reason = screen.getByRole('textbox', { name: /^Reason/ });
    await user.type(reason, ' ');
    await user.clear(reason);
    expect(reason).toHaveAccessibleDescription('Reason is required.');
    await user.clear(amount);
    await user.type(amount, '19.99');
    await user.type(reason, '  Heating failed  ');
    await user.type(screen.getByRole('textbox', { name: 'Reference' }), 'EFT back{Enter}');
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]!.body).toEqual({
      amountCents: 1_999,
      reason: 'Heating failed',
      refund: { paymentMethod: 'Bank Transfer', reference: 'EFT back' },
    });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  test('the server’s refusal of the refund goes under the amount, focused, and in the headline', async () => {
    const message = 'A refund can pay back at most $150.00 (what was paid).';
    captureRequests('post', CREDIT, () =>
      HttpResponse.json({ message, errors: [{ path: 'refund', message }] }, { status: 409 }),
    );
    const onClose = jest.fn();
    const { user } = renderWithProviders(<RefundDialog invoice={INVOICE} onClose={onClose} />);
    await user.type(screen.getByRole('textbox', { name: /^Reason/ }), 'Overcharged');
    await user.click(screen.getByRole('button', { name: 'Create Refund' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    const amount = screen.getByRole('textbox', { name: 'Amount to credit' });
    expect(amount).toHaveAccessibleDescription(message);
    await waitFor(() => expect(amount).toHaveFocus());
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe('Void dialog', () => {
  test('Enter in the reason voids with it; a refusal is the headline and the dialog stays', async () => {
    let calls = 0;
    const puts = captureRequests('put', `/api/invoices/${INVOICE.id}/status`, () =>
      ++calls === 1
        ? HttpResponse.json({ message: 'A paid invoice cannot be voided.' }, { status: 409 })
        : HttpResponse.json(INVOICE),
    );
    const onClose = jest.fn();
    const { user } = renderWithProviders(<VoidDialog invoice={INVOICE} onClose={onClose} />);
    await user.type(screen.getByRole('textbox', { name: 'Reason (optional)' }), ' Duplicate {Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('A paid invoice cannot be voided.');
    expect(puts[0]!.body).toEqual({ status: 'VOID', reason: 'Duplicate' });
    expect(onClose).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Void Invoice' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });
});
