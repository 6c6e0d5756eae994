import { describe, expect, test } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { RETENTION_MESSAGE } from '@venue/contracts/privacy-requests';
import { captureRequests, fieldRefusal, renderWithProviders, server } from '@venue/ui/testing';
import { PrivacyPage } from './PrivacyPage.tsx';

const ERASE = '/api/tenant-settings/privacy/erase-customer';

function answerRetention(retentionMonths = 84) {
  server.use(http.get('/api/tenant-settings/privacy', () => HttpResponse.json({ retentionMonths })));
}

describe('Data & Privacy: checked by the schemas the service parses', () => {
  test('a retention out of 1–120 months is refused with the service’s message, nothing sent', async () => {
    answerRetention();
    const puts = captureRequests('put', '/api/tenant-settings/privacy', {});
    const { user } = renderWithProviders(<PrivacyPage />);
    const months = await screen.findByRole('textbox', { name: 'Retention period (months)' });
    await waitFor(() => expect(months).toHaveValue('84'));
    await user.clear(months);
    await user.type(months, '200');
    await user.click(screen.getByRole('button', { name: 'Save Retention' }));
    await waitFor(() => expect(months).toHaveAccessibleDescription(RETENTION_MESSAGE));
    expect(puts).toHaveLength(0);
  });

  test('erase: a blank address is asked for, as the service would; nothing is confirmed or sent', async () => {
    answerRetention();
    const posts = captureRequests('post', ERASE, { message: 'Customer erased.' });
    const { user } = renderWithProviders(<PrivacyPage />);
    const email = await screen.findByRole('textbox', { name: 'Customer email' });
    await user.click(screen.getByRole('button', { name: 'Erase Customer' }));
    await waitFor(() => expect(email).toHaveAccessibleDescription('Email is required.'));
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(posts).toHaveLength(0);
  });

  test('erase: a bad address is refused and focused; a good one is confirmed, then sent read as the service reads it', async () => {
    answerRetention();
    const posts = captureRequests('post', ERASE, { message: 'Customer erased.' });
    const { user } = renderWithProviders(<PrivacyPage />);
    const email = await screen.findByRole('textbox', { name: 'Customer email' });
    await user.type(email, 'not-an-address{Enter}');
    await waitFor(() => expect(email).toHaveAccessibleDescription('Please enter a valid email address.'));
    await waitFor(() => expect(email).toHaveFocus());
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.clear(email);
    await user.type(email, '  Jo@Example.COM ');
    await user.click(screen.getByRole('button', { name: 'Erase Customer' }));
    const confirm = await screen.findByRole('dialog', { name: 'Erase customer?' });
    expect(within(confirm).getByText(/jo@example\.com/)).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Erase' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]!.body).toEqual({ email: 'jo@example.com' });
    expect(await screen.findByTestId('erase-flash')).toHaveTextContent('Customer erased.');
    expect(email).toHaveValue('');
  });

  test('erase: the server’s refusal of the address lands on the field, and is said in the flash', async () => {
    answerRetention();
    captureRequests('post', ERASE, () =>
      fieldRefusal({ email: 'No customer has this address.' }, 'No such customer.'),
    );
    const { user } = renderWithProviders(<PrivacyPage />);
    const email = await screen.findByRole('textbox', { name: 'Customer email' });
    await user.type(email, 'jo@example.com');
    await user.click(screen.getByRole('button', { name: 'Erase Customer' }));
    const confirm = await screen.findByRole('dialog', { name: 'Erase customer?' });
    await user.click(within(confirm).getByRole('button', { name: 'Erase' }));
    await waitFor(() => expect(email).toHaveAccessibleDescription('No customer has this address.'));
    expect(screen.getByTestId('erase-flash')).toHaveTextContent('No such customer.');
  });
});
