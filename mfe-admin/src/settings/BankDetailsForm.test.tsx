import { describe, expect, test } from '@jest/globals';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { ACCOUNT_NUMBER_MESSAGE, BSB_MESSAGE } from '@venue/contracts';
import { captureRequests, fieldRefusal, renderWithProviders, server } from '@venue/ui/testing';
import { BankDetailsForm } from './BankDetailsForm.tsx';

const PATH = '/api/users/bank-details';
const SAVED = {
  accountName: 'Harbourside Hall',
  bankName: 'Example Bank',
  bsb: '062-000',
  accountNumber: '12345678',
  referenceNote: '',
};

async function renderForm() {
  server.use(http.get(PATH, () => HttpResponse.json({ bankDetails: SAVED })));
  const view = renderWithProviders(<BankDetailsForm canEdit />);
  const bsb = await screen.findByLabelText('BSB');
  await waitFor(() => expect(bsb).toHaveValue('062-000'));
  return { ...view, bsb, account: screen.getByLabelText('Account number') };
}

// On its own (not under the Payment Settings page's one Save) the card has its own button.
describe('Bank details: checked by the schema the service parses the PUT with', () => {
  test('both number fields refused at once, the first focused, nothing sent; Enter submits', async () => {
    const puts = captureRequests('put', PATH, { ok: true });
    const { user, bsb, account } = await renderForm();
    await user.clear(bsb);
    await user.type(bsb, '12');
    await user.clear(account);
    await user.type(account, '12{Enter}');
    await waitFor(() => expect(bsb).toHaveAccessibleDescription(BSB_MESSAGE));
    expect(account).toHaveAccessibleDescription(ACCOUNT_NUMBER_MESSAGE);
    expect(screen.getByTestId('bank-flash')).toHaveTextContent(BSB_MESSAGE);
    await waitFor(() => expect(bsb).toHaveFocus());
    expect(puts).toHaveLength(0);
  });

  test('the server’s refusal naming a field lands on it, its message in the banner', async () => {
    const puts = captureRequests('put', PATH, () =>
      fieldRefusal({ accountName: 'Too long for the bank.' }, 'Validation failed'),
    );
    const { user } = await renderForm();
    const name = screen.getByLabelText('Account name');
    await user.type(name, ' Pty Ltd');
    await user.click(screen.getByRole('button', { name: 'Save Bank Details' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]!.body).toEqual({ ...SAVED, accountName: 'Harbourside Hall Pty Ltd' });
    await waitFor(() => expect(name).toHaveAccessibleDescription('Too long for the bank.'));
    expect(screen.getByTestId('bank-flash')).toHaveTextContent('Validation failed');
  });
});
