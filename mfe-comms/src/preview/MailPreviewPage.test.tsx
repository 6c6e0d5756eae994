import { describe, expect, test } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { renderWithProviders, server } from '@venue/ui/testing';
import { MailPreviewPage } from './MailPreviewPage.tsx';

const EMAIL = {
  id: '0a6f6f3e-1a2b-4c3d-8e9f-0a1b2c3d4e5f',
  messageId: '<a@venuedesk>',
  from: 'Harbourside Hall <bookings@venuedesk.local>',
  to: 'ada@example.com',
  subject: 'Your booking is confirmed',
  receivedAt: '2031-03-01T01:00:00.000Z',
  size: 1200,
  attachmentCount: 0,
  channel: 'email',
};
const SMS = {
  ...EMAIL,
  id: '1a6f6f3e-1a2b-4c3d-8e9f-0a1b2c3d4e5f',
  messageId: '<b@venuedesk>',
  from: '+61400000001',
  to: '+61412345678',
  subject: 'SMS to +61412345678',
  size: 40,
  channel: 'sms',
};

// Issue 26: without SMS_URL an SMS is captured here like an e-mail, and marked as an SMS.
describe('Mail Preview with a captured SMS', () => {
  test('marks the SMS in the list and in the message, which shows its text', async () => {
    server.use(
      http.get('/api/email-comms/mail-preview', () =>
        HttpResponse.json({ capturing: true, items: [SMS, EMAIL] }),
      ),
      http.get('/api/email-comms/mail-preview/:id', () =>
        HttpResponse.json({
          mail: {
            ...SMS,
            replyTo: null,
            html: null,
            text: 'Your keys are at the front desk.',
            attachments: [],
          },
        }),
      ),
    );
    const { user } = renderWithProviders(<MailPreviewPage />);
    const nav = await screen.findByRole('navigation', { name: 'Captured mail' });
    const smsItem = within(nav).getByRole('button', { name: /SMS to \+61412345678/ });
    expect(within(smsItem).getByText('SMS')).toBeInTheDocument();
    const emailItem = within(nav).getByRole('button', { name: /Your booking is confirmed/ });
    expect(within(emailItem).queryByText('SMS')).not.toBeInTheDocument();

    await user.click(smsItem);
    const shown = await screen.findByTestId('captured-mail');
    expect(within(shown).getByTestId('sms-badge')).toHaveTextContent('SMS');
    expect(within(shown).getByTestId('captured-text')).toHaveTextContent('Your keys are at the front desk.');
  });
});
