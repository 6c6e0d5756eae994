import { describe, expect, test } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { BSB_MESSAGE, INVOICE_SETTINGS_DEFAULTS, STRIPE_PREFIX_MESSAGE } from '@venue/contracts';
import { COMMS_SETTINGS_DEFAULTS } from '@venue/contracts/comms';
import { captureRequests, fieldRefusal, onlyBody, renderWithProviders, server } from '@venue/ui/testing';
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
    // comms' automatic e-mail switches: this venue sends no payment reminders
    http.get('/api/email-comms/settings', () =>
      HttpResponse.json({
        settings: {
          ...COMMS_SETTINGS_DEFAULTS,
          automatic: { ...COMMS_SETTINGS_DEFAULTS.automatic, payment_reminder: false },
        },
      }),
    ),
  );
}

async function bankForm() {
  const accountName = await screen.findByLabelText('Account name');
  await waitFor(() => expect(accountName).toHaveValue('Riverside Hall Pty Ltd'));
  return within(screen.getByTestId('bank-details'));
}

/** Card payments on; the Stripe account ID the server holds, as last saved (none: the field is open). */
function stripeOn(saved = '') {
  let held = saved;
  server.use(
    http.get('/api/users/stripe-account', () => HttpResponse.json({ stripeAccountId: held })),
    http.get('/api/users/payment-methods', () =>
      HttpResponse.json({ paymentMethods: { stripe: true, bankTransfer: true, cash: true, cheque: false } }),
    ),
  );
  return captureRequests('put', '/api/users/stripe-account', (req) => {
    held = (req.body as { stripeAccountId: string }).stripeAccountId;
    return { ok: true };
  });
}

/** The page's one Save (issue 24 item 13), and what it says afterwards. */
const saveBar = () => within(screen.getByTestId('payments-save-bar'));
const saveSettings = () => saveBar().getByRole('button', { name: 'Save Settings' });

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
    await user.click(saveSettings());

    expect(await form.findByRole('alert')).toHaveTextContent(BSB_MESSAGE);
    expect(bsb).toHaveAccessibleDescription(BSB_MESSAGE);
    await waitFor(() => expect(bsb).toHaveFocus());
    expect(saveBar().getByRole('alert')).toHaveTextContent('Bank details not saved');
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
    expect(saveBar().getByText('Unsaved changes: Bank details')).toBeVisible();
    await user.click(saveSettings());

    expect(await saveBar().findByRole('status')).toHaveTextContent(
      'Settings saved successfully! (Bank details)',
    );
    await waitFor(() => expect(saveBar().getByText('No unsaved changes.')).toBeVisible());
    expect(onlyBody(puts)).toEqual({
      accountName: 'Riverside Hall Pty Ltd',
      bankName: 'Example Bank',
      bsb: '083-004',
      accountNumber: '987654321',
      referenceNote: 'Use your invoice number',
    });
  });

  test('Stripe account ID: a wrong one is refused under the field as it is typed, and not sent', async () => {
    savedSettings();
    const puts = stripeOn();
    const { user } = renderWithProviders(<PaymentSettingsPage />);
    const stripe = await screen.findByRole('textbox', { name: 'Stripe Account ID' });
    await user.type(stripe, 'sk_live_123');
    await waitFor(() => expect(stripe).toHaveAccessibleDescription(STRIPE_PREFIX_MESSAGE));
    expect(stripe).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('Looks valid')).toBeNull();
    await user.click(saveSettings());
    expect(await saveBar().findByRole('alert')).toHaveTextContent('Stripe account ID not saved');
    expect(puts).toHaveLength(0);
  });

  test('Stripe account ID: a good one is sent trimmed by Save Settings, then locked until Edit Stripe ID', async () => {
    savedSettings();
    const puts = stripeOn();
    const { user } = renderWithProviders(<PaymentSettingsPage />);
    const stripe = await screen.findByRole('textbox', { name: 'Stripe Account ID' });
    await user.type(stripe, '  acct_1Riverside ');
    expect(await screen.findByText('Looks valid')).toBeVisible();
    expect(saveBar().getByText('Unsaved changes: Stripe account ID')).toBeVisible();
    await user.click(saveSettings());
    expect(await saveBar().findByRole('status')).toHaveTextContent(
      'Settings saved successfully! (Stripe account ID)',
    );
    expect(onlyBody(puts)).toEqual({ stripeAccountId: 'acct_1Riverside' });
    await waitFor(() => expect(stripe).toHaveAttribute('readonly'));
    expect(stripe).toHaveValue('acct_1Riverside');
    expect(screen.getByRole('button', { name: 'Edit Stripe ID' })).toBeVisible();
  });

  test('Stripe account ID: the server refusing it shows its message under the field', async () => {
    savedSettings();
    stripeOn();
    server.use(
      http.put('/api/users/stripe-account', () =>
        fieldRefusal({ stripeAccountId: 'This account is not connected to VenueDesk.' }, 'Invalid request.'),
      ),
    );
    const { user } = renderWithProviders(<PaymentSettingsPage />);
    const stripe = await screen.findByRole('textbox', { name: 'Stripe Account ID' });
    await user.type(stripe, 'acct_1Elsewhere');
    await user.click(saveSettings());
    await waitFor(() =>
      expect(stripe).toHaveAccessibleDescription('This account is not connected to VenueDesk.'),
    );
    await waitFor(() => expect(stripe).toHaveFocus());
    expect(saveBar().getByRole('alert')).toHaveTextContent('Stripe account ID not saved');
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
    await user.type(form.getByLabelText('Bank name'), ' Ltd');
    await user.click(saveSettings());
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
    await user.click(saveSettings());
    expect(await card.findByText('Default due days must be a whole number from 0 to 365.')).toBeVisible();
    await waitFor(() => expect(dueDays).toHaveFocus());
    expect(puts).toHaveLength(0);

    await user.clear(dueDays);
    await user.type(dueDays, '21');
    await user.clear(card.getByLabelText('Reminder days before due'));
    await user.type(card.getByLabelText('Reminder days before due'), '1, 10');
    await user.click(saveSettings());

    expect(await saveBar().findByRole('status')).toHaveTextContent('Invoice Settings');
    expect(onlyBody(puts)).toEqual({
      ...INVOICE_SETTINGS_DEFAULTS,
      defaultDueDays: 21,
      // The schema orders the days, furthest first, as the service stores them.
      reminderDays: [10, 1],
    });
  });

  test('Send Invoice Emails and Send Payment Reminders are comms’ switches: read from it, saved to it when flipped', async () => {
    savedSettings();
    const invoicePuts = captureRequests('put', '/api/tenant-settings/invoice', {});
    const puts = captureRequests('put', '/api/email-comms/settings', (req) => ({
      settings: {
        ...COMMS_SETTINGS_DEFAULTS,
        automatic: { ...COMMS_SETTINGS_DEFAULTS.automatic, ...(req.body as { automatic: object }).automatic },
      },
      message: 'Email settings saved.',
    }));
    const { user } = renderWithProviders(<PaymentSettingsPage />);
    const card = within(await screen.findByTestId('invoice-emails'));
    const reminders = card.getByRole('switch', { name: /Send Payment Reminders/ });
    await waitFor(() => expect(reminders).toBeEnabled());
    expect(reminders).not.toBeChecked();
    expect(card.getByRole('switch', { name: /Send Invoice Emails/ })).toBeChecked();
    expect(screen.getByTestId('payment-status')).toHaveTextContent('Invoice e-mails on; reminders off');
    // not fields of the invoice group any more
    const invoiceCard = within(screen.getByTestId('invoice-settings'));
    expect(invoiceCard.queryByRole('switch', { name: /Send Payment Reminders/ })).toBeNull();

    await user.click(reminders);
    expect(await card.findByRole('status')).toHaveTextContent('Email settings saved.');
    expect(onlyBody(puts)).toEqual({ automatic: { payment_reminder: true } });
    expect(invoicePuts).toHaveLength(0);
    await waitFor(() => expect(reminders).toBeChecked());
    expect(screen.getByTestId('payment-status')).toHaveTextContent(
      'Invoice e-mails on; reminders 7, 3, 1 days before and after due',
    );
  });

  test('a refused switch shows the server’s message and stays as it was', async () => {
    savedSettings();
    server.use(
      http.put('/api/email-comms/settings', () =>
        HttpResponse.json({ message: 'Communications is unavailable right now.' }, { status: 503 }),
      ),
    );
    const { user } = renderWithProviders(<PaymentSettingsPage />);
    const card = within(await screen.findByTestId('invoice-emails'));
    const invoices = card.getByRole('switch', { name: /Send Invoice Emails/ });
    await waitFor(() => expect(invoices).toBeEnabled());
    await user.click(invoices);
    expect(await card.findByRole('alert')).toHaveTextContent('Communications is unavailable right now.');
    expect(invoices).toBeChecked();
  });

  test('staff see the settings read-only, without save buttons', async () => {
    savedSettings();
    renderWithProviders(<PaymentSettingsPage />, {
      session: { role: 'sub_user', principal: { role: 'sub_user', permissions: ['settings'] } },
    });
    const form = await bankForm();
    expect(form.getByLabelText('BSB')).toBeDisabled();
    expect(screen.queryByRole('button', { name: /^Save/ })).toBeNull();
    expect(screen.getAllByText('Only the hall owner can change payment settings.').length).toBeGreaterThan(0);
  });

  test('the one Save Settings saves every card just edited (issue 24 item 13: it used to save only the Stripe ID)', async () => {
    savedSettings();
    const invoicePuts = captureRequests('put', '/api/tenant-settings/invoice', (req) => req.body as object);
    const businessPuts = captureRequests('put', '/api/tenant-settings/business', (req) => req.body as object);
    const bankPuts = captureRequests('put', '/api/users/bank-details', { ok: true });
    const { user } = renderWithProviders(<PaymentSettingsPage />);
    const invoice = within(await screen.findByTestId('invoice-settings'));
    const dueDays = invoice.getByLabelText('Default due days');
    await waitFor(() => expect(dueDays).toHaveValue('14'));
    const business = within(screen.getByTestId('business-details'));
    // no Save button on any card: the page has one
    expect(screen.getAllByRole('button', { name: /^Save/ }).map((b) => b.textContent)).toEqual([
      'Save Settings',
    ]);
    expect(saveBar().getByText(/changes/)).toHaveTextContent('No unsaved changes.');
    expect(saveSettings()).toBeDisabled();

    await user.clear(dueDays);
    await user.type(dueDays, '7');
    await user.type(business.getByLabelText('Business name'), 'Riverside Hall');
    expect(saveBar().getByText('Unsaved changes: Invoice Settings, Business Details')).toBeVisible();
    await user.click(saveSettings());

    expect(await saveBar().findByRole('status')).toHaveTextContent(
      'Settings saved successfully! (Invoice Settings, Business Details)',
    );
    expect(onlyBody(invoicePuts)).toMatchObject({ defaultDueDays: 7 });
    expect(onlyBody(businessPuts)).toMatchObject({ businessName: 'Riverside Hall' });
    // untouched cards are not sent
    expect(bankPuts).toHaveLength(0);
    await waitFor(() => expect(saveSettings()).toBeDisabled());
  });

  test('a save stays a success when the card cannot be read again just then (issue 24 item 9)', async () => {
    savedSettings();
    let saved = false;
    server.use(
      http.get('/api/tenant-settings/invoice', () =>
        saved
          ? HttpResponse.json({ message: 'Accounts & settings is unavailable right now.' }, { status: 503 })
          : HttpResponse.json({ ...INVOICE_SETTINGS_DEFAULTS, defaultDueDays: 14 }),
      ),
      http.put('/api/tenant-settings/invoice', async ({ request }) => {
        saved = true;
        return HttpResponse.json(await request.json());
      }),
    );
    const { user } = renderWithProviders(<PaymentSettingsPage />);
    const card = within(await screen.findByTestId('invoice-settings'));
    const dueDays = card.getByLabelText('Default due days');
    await waitFor(() => expect(dueDays).toHaveValue('14'));
    await user.clear(dueDays);
    await user.type(dueDays, '21');
    await user.click(saveSettings());
    expect(await saveBar().findByRole('status')).toHaveTextContent('Settings saved successfully!');
    expect(await card.findByTestId('refresh-failed')).toBeVisible();
    // the card keeps what was saved, not "Could not load Invoice Settings"
    expect(card.getByLabelText('Default due days')).toHaveValue('21');
    expect(screen.queryByText('Could not load Invoice Settings')).toBeNull();
  });
});
