import { describe, expect, jest, test } from '@jest/globals';
import { screen, waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { captureRequests, dialogFocused, fieldRefusal, renderWithProviders } from '@venue/ui/testing';
import { MONEY_MESSAGES, type Payment } from '@venue/contracts/money-api';
import { makeInvoice } from './fixtures.ts';
import { RecordPaymentDialog } from './RecordPaymentDialog.tsx';

// $550.00 invoiced, $100.00 already paid: $450.00 due.
const INVOICE = makeInvoice({
  invoiceNumber: 'INV-2026-00042',
  totalCents: 55_000,
  paidCents: 10_000,
  status: 'PARTIAL',
});
const PATH = `/api/invoices/${INVOICE.id}/payments`;

function recorded(amountCents: number) {
  const payment = {
    id: '00000000-0000-4000-8000-00000000aaaa',
    amountCents,
    receiptNumber: 'RCT-2026-00007',
  } as Payment;
  return { payment, invoice: { ...INVOICE, paidCents: INVOICE.paidCents + amountCents } };
}

describe('Record Payment dialog', () => {
  test('starts at the balance due and says so before sending when the amount is more than it', async () => {
    const posts = captureRequests('post', PATH, recorded(0));
    const { user } = renderWithProviders(<RecordPaymentDialog invoice={INVOICE} onClose={jest.fn()} />);

    const amount = screen.getByRole('textbox', { name: 'Amount' });
    expect(amount).toHaveValue('450.00');
    await user.clear(amount);
    await user.type(amount, '450.01');
    expect(screen.getByText(MONEY_MESSAGES.overpayment('$450.00'))).toBeVisible();
    expect(screen.getByRole('button', { name: 'Record Payment' })).toBeDisabled();
    // Letters are not taken: only digits and a point.
    await user.clear(amount);
    await user.type(amount, '12a0');
    expect(amount).toHaveValue('120');
    expect(screen.queryByText(MONEY_MESSAGES.overpayment('$450.00'))).toBeNull();
    expect(posts).toHaveLength(0);
  });

  test('a zero amount is refused under the field; Enter sends the typed dollars as integer cents', async () => {
    const posts = captureRequests('post', PATH, (req) =>
      HttpResponse.json(recorded((req.body as { amountCents: number }).amountCents), { status: 201 }),
    );
    const onClose = jest.fn();
    const { user } = renderWithProviders(<RecordPaymentDialog invoice={INVOICE} onClose={onClose} />);
    const amount = screen.getByRole('textbox', { name: 'Amount' });
    await user.clear(amount);
    await user.type(amount, '0.00');
    // The contract's own message (paymentCreateSchema), under the field.
    expect(amount).toHaveAccessibleDescription(MONEY_MESSAGES.amountRequired);
    expect(screen.getByRole('button', { name: 'Record Payment' })).toBeDisabled();

    await user.clear(amount);
    await user.type(amount, '120.35');
    await user.type(screen.getByRole('textbox', { name: 'Reference' }), '  EFT 881  {Enter}');
    await waitFor(() => expect(posts).toHaveLength(1));
    // 120.35 is 12035 cents exactly (not 12034.999… from a float), the reference trimmed.
    expect(posts[0]!.body).toEqual({
      amountCents: 12_035,
      paymentMethod: 'Bank Transfer',
      reference: 'EFT 881',
    });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  test('the server’s problem with amountCents goes under Amount, the refusal in the headline', async () => {
    captureRequests('post', PATH, () =>
      fieldRefusal({ amountCents: 'Amount is too large.' }, 'Validation failed'),
    );
    const { user } = renderWithProviders(<RecordPaymentDialog invoice={INVOICE} onClose={jest.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Record Payment' }));
    const amount = screen.getByRole('textbox', { name: 'Amount' });
    await waitFor(() => expect(amount).toHaveAccessibleDescription('Amount is too large.'));
    await waitFor(() => expect(amount).toHaveFocus());
    expect(screen.getByRole('alert')).toHaveTextContent('Validation failed');
  });

  test('shows the server’s overpayment refusal as it words it', async () => {
    // The balance moved on the server (another payment came in) since the list was read.
    const message = MONEY_MESSAGES.overpayment('$50.00');
    captureRequests('post', PATH, () =>
      HttpResponse.json(
        { message, balanceCents: 5000, errors: [{ path: 'amount', message }] },
        { status: 409 },
      ),
    );
    const onClose = jest.fn();
    const { user } = renderWithProviders(<RecordPaymentDialog invoice={INVOICE} onClose={onClose} />);
    await user.click(screen.getByRole('button', { name: 'Record Payment' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(onClose).not.toHaveBeenCalled();
    // beside the Amount field too, which gets the focus (issue 24 item 13)
    const amount = screen.getByRole('textbox', { name: 'Amount' });
    expect(amount).toHaveAccessibleDescription(message);
    await waitFor(() => expect(amount).toHaveFocus());
  });

  test('a retry after a failed answer sends the same Idempotency-Key and body; a changed amount a new key', async () => {
    let calls = 0;
    const posts = captureRequests('post', PATH, (req) => {
      calls += 1;
      // The first answer is lost on the way (the gateway gave up): the retry must not pay twice.
      if (calls === 1)
        return HttpResponse.json({ message: 'Money is unavailable right now.' }, { status: 503 });
      if (calls === 2) return HttpResponse.json({ message: 'Try again.' }, { status: 502 });
      return HttpResponse.json(recorded((req.body as { amountCents: number }).amountCents), { status: 201 });
    });
    const onClose = jest.fn();
    const { user } = renderWithProviders(<RecordPaymentDialog invoice={INVOICE} onClose={onClose} />);

    await dialogFocused();
    await user.click(screen.getByRole('combobox', { name: 'Payment Method' }));
    await user.click(await screen.findByRole('option', { name: 'Cash' }));
    await user.type(screen.getByRole('textbox', { name: 'Reference' }), 'Receipt book 12');
    await user.click(screen.getByRole('button', { name: 'Record Payment' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Money is unavailable right now.');

    await user.click(screen.getByRole('button', { name: 'Record Payment' }));
    expect(await screen.findByText(/Try again\./)).toBeVisible();
    expect(posts).toHaveLength(2);
    const key = posts[0]!.headers.get('idempotency-key');
    expect(key).toBeTruthy();
    expect(posts[1]!.headers.get('idempotency-key')).toBe(key);
    expect(posts[0]!.body).toEqual({
      amountCents: 45_000,
      paymentMethod: 'Cash',
      reference: 'Receipt book 12',
    });
    expect(posts[1]!.body).toEqual(posts[0]!.body);

    // The user corrects the amount: new content, so a new key (the server refuses a key reused for another body).
    const amount = screen.getByRole('textbox', { name: 'Amount' });
    await user.clear(amount);
    await user.type(amount, '200');
    await user.click(screen.getByRole('button', { name: 'Record Payment' }));
    expect(
      await screen.findByText(/\$200\.00 recorded on INV-2026-00042 \(receipt RCT-2026-00007\)/),
    ).toBeVisible();
    expect(posts[2]!.headers.get('idempotency-key')).not.toBe(key);
    expect(posts[2]!.body).toMatchObject({ amountCents: 20_000 });
    expect(onClose).toHaveBeenCalled();
  });

  test('a new opening of the dialog sends a new key for the same payment', async () => {
    const posts = captureRequests('post', PATH, () =>
      HttpResponse.json({ message: 'Down' }, { status: 503 }),
    );
    const first = renderWithProviders(<RecordPaymentDialog invoice={INVOICE} onClose={jest.fn()} />);
    await first.user.click(screen.getByRole('button', { name: 'Record Payment' }));
    await screen.findByRole('alert');
    first.unmount();
    const second = renderWithProviders(<RecordPaymentDialog invoice={INVOICE} onClose={jest.fn()} />);
    await second.user.click(screen.getByRole('button', { name: 'Record Payment' }));
    await screen.findByRole('alert');
    expect(posts).toHaveLength(2);
    expect(posts[1]!.headers.get('idempotency-key')).not.toBe(posts[0]!.headers.get('idempotency-key'));
  });
});
