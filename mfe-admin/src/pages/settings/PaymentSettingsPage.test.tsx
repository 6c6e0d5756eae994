import { describe, expect, test } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { BSB_MESSAGE, INVOICE_SETTINGS_DEFAULTS } from '@venue/contracts';
import { captureRequests, renderWithProviders, server } from '@venue/ui/testing';
import { PaymentSettingsPage } from './PaymentSettingsPage.tsx';

/** What the admin service answers for a tenant that has saved bank details and an invoice group. */
function savedSettings() {
  server.use(
    http.get('/api/users/stripe-account', () => HttpResponse.json({ stripeAccountId: '' })),
    http.get('/api/users/payment-methods', () =>
      HttpResponse.json({ paymentMethods: { stripe: false, bankTransfer: true, cash: true, cheque: false } }),
    ),
    http.get('/api/users/bank-details', () =>
      HttpResponse.json({
        bankDetails: {
          accountName: 'Riverside Hall Pty Ltd',
          bankName: 'Example Bank',
          bsb: '062-000',
          accountNumber: '12345678',
          referenceNote: '',
        },
      }),
    ),
    http.get('/api/tenant-settings/invoice', () =>
      HttpResponse.json({ ...INVOICE_SETTINGS_DEFAULTS, defaultDueDays: 14 }),
    ),
    http.get('/api/tenant-settings/business', () => HttpResponse.json({})),
    http.get('/api/tenant-settings/terms', () => HttpResponse.json({})),
  );
}

async function bankForm() {
  const accountName = await screen.findByLabelText('Account name');
  await waitFor(() => expect(accountName).toHaveValue('Riverside Hall Pty Ltd'));
  return within(screen.getByTestId('bank-details'));
}

describe('Payment settings', () => {
  test('a short BSB shows the rule under the field and in the banner, and nothing is sent', async () => {
    savedSettings();
    const puts = captureRequests('put', '/api/users/bank-details', { ok: true });
    const { user } = renderWithProviders(<PaymentSettingsPage />);
    const form = await bankForm();

    const bsb = form.getByLabelText('BSB');
    await user.clear(bsb);
    await user.type(bsb, '12345');
    expect(bsb).toHaveValue('123-45');
    await user.click(form.getByRole('button', { name: 'Save Bank Details' }));

    expect(await form.findByRole('alert')).toHaveTextContent(BSB_MESSAGE);
    expect(bsb).toHaveAccessibleDescription(BSB_MESSAGE);
    expect(puts).toHaveLength(0);
  });

  test('good bank details are saved as typed, trimmed, with the BSB written 123-456', async () => {
    savedSettings();
    const puts = captureRequests('put', '/api/users/bank-details', { ok: true });
    const { user } = renderWithProviders(<PaymentSettingsPage />);
    const form = await bankForm();

    await user.clear(form.getByLabelText('BSB'));
    await user.type(form.getByLabelText('BSB'), '083004');
    await user.clear(form.getByLabelText('Account number'));
    await user.type(form.getByLabelText('Account number'), '98-7654-321');
    await user.type(form.getByLabelText('Reference note'), '  Use your invoice number  ');
    await user.click(form.getByRole('button', { name: 'Save Bank Details' }));

    expect(await form.findByRole('status')).toHaveTextContent('Bank details saved.');
    expect(puts).toHaveLength(1);
    expect(puts[0]!.body).toEqual({
      accountName: 'Riverside Hall Pty Ltd',
      bankName: 'Example Bank',
      bsb: '083-004',
      accountNumber: '987654321',
      referenceNote: 'Use your invoice number',
    });
  });

  test('the server refusing the bank details shows its message', async () => {
    savedSettings();
    server.use(
      http.put('/api/users/bank-details', () =>
        HttpResponse.json({ message: 'Bank details are locked while a payout is pending.' }, { status: 409 }),
      ),
    );
    const { user } = renderWithProviders(<PaymentSettingsPage />);
    const form = await bankForm();
    await user.click(form.getByRole('button', { name: 'Save Bank Details' }));
    expect(await form.findByRole('alert')).toHaveTextContent(
      'Bank details are locked while a payout is pending.',
    );
  });

  test('invoice settings: a due-days value out of range is refused on the field; a good one PUTs the group', async () => {
    savedSettings();
    const puts = captureRequests('put', '/api/tenant-settings/invoice', (req) => req.body as object);
    const { user } = renderWithProviders(<PaymentSettingsPage />);
    const card = within(await screen.findByTestId('invoice-settings'));
    const dueDays = card.getByLabelText('Default due days');
    await waitFor(() => expect(dueDays).toHaveValue('14'));

    await user.clear(dueDays);
    await user.type(dueDays, '400');
    await user.click(card.getByRole('button', { name: 'Save Invoice Settings' }));
    expect(await card.findByText('Default due days must be a whole number from 0 to 365.')).toBeVisible();
    expect(puts).toHaveLength(0);

    await user.clear(dueDays);
    await user.type(dueDays, '21');
    await user.clear(card.getByLabelText('Reminder days before due'));
    await user.type(card.getByLabelText('Reminder days before due'), '1, 10');
    await user.click(card.getByRole('button', { name: 'Save Invoice Settings' }));

    expect(await card.findByRole('status')).toHaveTextContent('Invoice settings saved.');
    expect(puts).toHaveLength(1);
    expect(puts[0]!.body).toEqual({
      ...INVOICE_SETTINGS_DEFAULTS,
      defaultDueDays: 21,
      // The schema orders the days, furthest first, as the service stores them.
      reminderDays: [10, 1],
    });
  });

  test('staff see the settings read-only, without save buttons', async () => {
    savedSettings();
    renderWithProviders(<PaymentSettingsPage />, {
      session: { role: 'sub_user', principal: { role: 'sub_user', permissions: ['settings'] } },
    });
    const form = await bankForm();
    expect(form.getByLabelText('BSB')).toBeDisabled();
    expect(form.queryByRole('button', { name: 'Save Bank Details' })).toBeNull();
    expect(screen.getAllByText('Only the hall owner can change payment settings.').length).toBeGreaterThan(0);
  });
});
