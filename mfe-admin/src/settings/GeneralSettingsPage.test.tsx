import { describe, expect, test } from '@jest/globals';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { DEFAULT_USER_SETTINGS } from '@venue/contracts';
import { COMMS_SETTINGS_DEFAULTS } from '@venue/contracts/comms';
import { captureRequests, renderWithProviders, server } from '@venue/ui/testing';
import { GeneralSettingsPage } from './GeneralSettingsPage.tsx';

function answerSettings(over: Record<string, unknown> = {}) {
  server.use(
    http.get('/api/users/settings', () => HttpResponse.json({ ...DEFAULT_USER_SETTINGS, ...over })),
    // the Automatic e-mails card beside the preferences (AutomaticEmailsCard.test.tsx)
    http.get('/api/email-comms/settings', () => HttpResponse.json({ settings: COMMS_SETTINGS_DEFAULTS })),
  );
}

// Decision 28: the venue country reads phone numbers typed without a country code.
describe('General settings: the venue country', () => {
  test('follows a new time zone while it is the old zone’s, and is saved with the rest', async () => {
    answerSettings();
    const puts = captureRequests('put', '/api/users/settings', {});
    const { user } = renderWithProviders(<GeneralSettingsPage />);
    const country = await screen.findByRole('combobox', { name: 'Country' });
    await waitFor(() => expect(country).toHaveValue('AU'));
    expect(screen.getByTestId('phone-preview')).toHaveTextContent('0412 345 678 or +61 412 345 678');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Timezone' }), 'Pacific/Auckland');
    expect(country).toHaveValue('NZ');
    expect(screen.getByTestId('phone-preview')).toHaveTextContent('021 123 4567 or +64 21 123 4567');

    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]!.body).toMatchObject({ timezone: 'Pacific/Auckland', country: 'NZ' });
  });

  test('a country chosen on purpose stays when the time zone changes', async () => {
    answerSettings({ country: 'GB' });
    const { user } = renderWithProviders(<GeneralSettingsPage />);
    const country = await screen.findByRole('combobox', { name: 'Country' });
    await waitFor(() => expect(country).toHaveValue('GB'));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Timezone' }), 'Australia/Perth');
    expect(country).toHaveValue('GB');
  });
});
