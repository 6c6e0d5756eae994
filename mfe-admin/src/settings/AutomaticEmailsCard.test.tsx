import { describe, expect, test } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import {
  AUTOMATIC_EMAIL_KINDS,
  COMMS_SETTINGS_DEFAULTS,
  REMINDER_DAYS_BEFORE_MESSAGE,
  SEND_HOUR_MESSAGE,
} from '@venue/contracts/comms';
import { DEFAULT_USER_SETTINGS } from '@venue/contracts';
import { captureRequests, fieldRefusal, onlyBody, renderWithProviders, server } from '@venue/ui/testing';
import { GeneralSettingsPage } from './GeneralSettingsPage.tsx';
import { AUTOMATIC_EMAILS } from './automatic-emails.ts';

function answer(over: Partial<typeof COMMS_SETTINGS_DEFAULTS> = {}) {
  server.use(
    http.get('/api/users/settings', () => HttpResponse.json(DEFAULT_USER_SETTINGS)),
    http.get('/api/email-comms/settings', () =>
      HttpResponse.json({ settings: { ...COMMS_SETTINGS_DEFAULTS, ...over } }),
    ),
  );
}

async function card() {
  return within(await screen.findByTestId('automatic-emails'));
}

// Issue 12 item 6: the automatic e-mails comms sends, switchable per venue in Settings → General.
describe('General settings: automatic e-mails', () => {
  test('every kind comms can switch off has a switch here (a new kind is not left unreachable)', async () => {
    expect(AUTOMATIC_EMAILS.map((e) => e.kind).sort()).toEqual([...AUTOMATIC_EMAIL_KINDS].sort());
    answer();
    renderWithProviders(<GeneralSettingsPage />);
    const c = await card();
    expect(await c.findByRole('switch', { name: /Adjustment note or refund/ })).toBeChecked();
  });

  test('shows the saved switches, days and hour; a change is saved with the server’s message', async () => {
    answer({ automatic: { ...COMMS_SETTINGS_DEFAULTS.automatic, declined: false } });
    const puts = captureRequests('put', '/api/email-comms/settings', (req) => ({
      settings: { ...COMMS_SETTINGS_DEFAULTS, ...(req.body as object) },
      message: 'Email settings saved.',
    }));
    const { user } = renderWithProviders(<GeneralSettingsPage />);
    const c = await card();
    const declined = await c.findByRole('switch', { name: /Request declined/ });
    expect(declined).not.toBeChecked();
    expect(c.getByRole('switch', { name: /Booking confirmed/ })).toBeChecked();
    expect(c.getByText('A receipt when a payment is recorded.')).toBeVisible();
    expect(c.getByLabelText(/Event reminder days before/)).toHaveValue('2');
    expect(c.getByRole('combobox', { name: /Send hour/ })).toHaveValue('9');

    // keyboard: a switch toggles with the space bar
    c.getByRole('switch', { name: /Hold expiring/ }).focus();
    await user.keyboard(' ');
    expect(c.getByRole('switch', { name: /Hold expiring/ })).not.toBeChecked();
    await user.clear(c.getByLabelText(/Event reminder days before/));
    await user.type(c.getByLabelText(/Event reminder days before/), '5');
    await user.selectOptions(c.getByRole('combobox', { name: /Send hour/ }), '8');
    await user.click(c.getByRole('button', { name: 'Save Automatic E-mails' }));

    expect(await c.findByRole('status')).toHaveTextContent('Email settings saved.');
    expect(onlyBody(puts)).toEqual({
      automatic: { ...COMMS_SETTINGS_DEFAULTS.automatic, declined: false, hold_expiring: false },
      reminderDaysBefore: 5,
      sendHour: 8,
      channels: COMMS_SETTINGS_DEFAULTS.channels,
    });
  });

  test('event and payment reminders can go by e-mail, SMS or both (issue 26): the choice is saved', async () => {
    answer({ channels: { event_reminder: 'email', payment_reminder: 'both' } });
    const puts = captureRequests('put', '/api/email-comms/settings', (req) => ({
      settings: { ...COMMS_SETTINGS_DEFAULTS, ...(req.body as object) },
      message: 'Email settings saved.',
    }));
    const { user } = renderWithProviders(<GeneralSettingsPage />);
    const c = await card();
    const event = await c.findByRole('combobox', { name: 'Event reminder goes by' });
    const payment = c.getByRole('combobox', { name: 'Payment reminders go by' });
    expect(event).toHaveValue('email');
    expect(payment).toHaveValue('both');
    expect(
      within(event)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['E-mail', 'SMS', 'E-mail and SMS']);
    await user.selectOptions(event, 'sms');
    await user.click(c.getByRole('button', { name: 'Save Automatic E-mails' }));
    expect(await c.findByRole('status')).toHaveTextContent('Email settings saved.');
    expect((puts[0]!.body as { channels: unknown }).channels).toEqual({
      event_reminder: 'sms',
      payment_reminder: 'both',
    });
    // a reminder switched off has no channel to choose
    await user.click(c.getByRole('switch', { name: /Event reminder/ }));
    expect(c.getByRole('combobox', { name: 'Event reminder goes by' })).toBeDisabled();
  });

  test('the server refusing the change shows its message', async () => {
    answer();
    server.use(
      http.put('/api/email-comms/settings', () =>
        HttpResponse.json({ message: SEND_HOUR_MESSAGE }, { status: 400 }),
      ),
    );
    const { user } = renderWithProviders(<GeneralSettingsPage />);
    const c = await card();
    await user.click(await c.findByRole('button', { name: 'Save Automatic E-mails' }));
    expect(await c.findByRole('alert')).toHaveTextContent(SEND_HOUR_MESSAGE);
  });

  test('blank reminder days are refused under the field (the PUT schema’s message), focused, nothing sent', async () => {
    answer();
    const puts = captureRequests('put', '/api/email-comms/settings', {});
    const { user } = renderWithProviders(<GeneralSettingsPage />);
    const c = await card();
    const days = await c.findByLabelText(/Event reminder days before/);
    await waitFor(() => expect(days).toHaveValue('2'));
    await user.clear(days);
    await user.click(c.getByRole('button', { name: 'Save Automatic E-mails' }));
    await waitFor(() => expect(days).toHaveAccessibleDescription(new RegExp(REMINDER_DAYS_BEFORE_MESSAGE)));
    await waitFor(() => expect(days).toHaveFocus());
    expect(puts).toHaveLength(0);
  });

  test('a refusal naming the send hour lands on that field', async () => {
    answer();
    server.use(http.put('/api/email-comms/settings', () => fieldRefusal({ sendHour: SEND_HOUR_MESSAGE })));
    const { user } = renderWithProviders(<GeneralSettingsPage />);
    const c = await card();
    await user.click(await c.findByRole('button', { name: 'Save Automatic E-mails' }));
    const hour = c.getByRole('combobox', { name: /Send hour/ });
    await waitFor(() => expect(hour).toHaveAttribute('aria-invalid', 'true'));
    expect(hour).toHaveAccessibleDescription(new RegExp(SEND_HOUR_MESSAGE));
  });

  test('a failed load says so instead of showing switches', async () => {
    server.use(
      http.get('/api/users/settings', () => HttpResponse.json(DEFAULT_USER_SETTINGS)),
      http.get('/api/email-comms/settings', () => HttpResponse.json({}, { status: 503 })),
    );
    renderWithProviders(<GeneralSettingsPage />);
    const c = await card();
    expect(await c.findByRole('alert')).toHaveTextContent(/Couldn't load the automatic e-mail settings/);
    expect(c.queryByRole('switch')).toBeNull();
  });

  test('staff with Communications see the switches read-only; staff without it do not see the card', async () => {
    answer();
    const { unmount } = renderWithProviders(<GeneralSettingsPage />, {
      session: { role: 'sub_user', principal: { role: 'sub_user', permissions: ['settings', 'comms'] } },
    });
    const c = await card();
    expect(await c.findByRole('switch', { name: /Booking confirmed/ })).toBeDisabled();
    expect(c.queryByRole('button', { name: 'Save Automatic E-mails' })).toBeNull();
    unmount();
    renderWithProviders(<GeneralSettingsPage />, {
      session: { role: 'sub_user', principal: { role: 'sub_user', permissions: ['settings'] } },
    });
    await screen.findByRole('combobox', { name: 'Country' });
    await waitFor(() => expect(screen.queryByTestId('automatic-emails')).toBeNull());
  });
});
