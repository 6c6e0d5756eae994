import { describe, expect, test } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import {
  EMAIL_SENT,
  QUICK_EMAIL_REQUIRED,
  RECIPIENT_EMAIL_INVALID,
  type EmailRecord,
} from '@venue/contracts/comms';
import { captureRequests, renderWithProviders, server } from '@venue/ui/testing';
import { MessagesPage } from './MessagesPage.tsx';

const record = (over: Partial<EmailRecord>): EmailRecord => ({
  id: '0b6f6f3e-1a2b-4c3d-8e9f-0a1b2c3d4e5f',
  subject: 'Your booking is confirmed',
  to: 'ada@example.com',
  recipientName: 'Ada Lovelace',
  status: 'sent',
  sentAt: '2031-03-01T01:00:00.000Z',
  createdAt: '2031-03-01T00:59:00.000Z',
  templateName: 'Booking confirmation',
  bookingId: null,
  body: 'Hi Ada,\n\nSee you soon.',
  kind: 'general',
  attempts: 1,
  lastError: null,
  nextAttemptAt: null,
  messageId: '<a@venuedesk>',
  attachments: [],
  channel: 'email',
  segments: null,
  delivery: null,
  deliveryError: null,
  ...over,
});
const SMS = record({
  id: '2b6f6f3e-1a2b-4c3d-8e9f-0a1b2c3d4e5f',
  subject: 'Event reminder (SMS)',
  to: '+61412345678',
  recipientName: 'Cleo',
  status: 'sent',
  channel: 'sms',
  segments: 2,
});
const FAILED = record({
  id: '1b6f6f3e-1a2b-4c3d-8e9f-0a1b2c3d4e5f',
  subject: 'Hold expiring',
  to: 'bob@example.com',
  recipientName: 'Bob',
  status: 'failed',
  sentAt: null,
  lastError: '550 5.1.1 No such user',
});

function answerHistory() {
  return captureRequests('get', '/api/email-comms/history', (req) => {
    const status = req.url.searchParams.get('status');
    const channel = req.url.searchParams.get('channel');
    const items = [record({}), FAILED, SMS].filter(
      (e) => (!status || e.status === status) && (!channel || e.channel === channel),
    );
    return { items, hasMore: false, nextCursor: null, counts: { sent: 1, failed: 1, pending: 0 } };
  });
}

describe('Message History', () => {
  test('is called Message History and shows each message’s channel; the channel filter asks the server', async () => {
    const asked = answerHistory();
    const { user } = renderWithProviders(<MessagesPage />);
    expect(await screen.findByRole('heading', { name: 'Message History' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Message History' })).toBeInTheDocument();
    expect(screen.queryByText('Email History')).not.toBeInTheDocument();
    const table = await screen.findByTestId('email-history');
    const rows = within(table).getAllByRole('row');
    expect(within(table).getByRole('columnheader', { name: 'Channel' })).toBeInTheDocument();
    expect(rows).toHaveLength(4);
    const smsRow = rows.find((r) => r.textContent?.includes('+61412345678'))!;
    expect(within(smsRow).getByText('SMS')).toBeInTheDocument();
    expect(smsRow).toHaveTextContent('2 segments');
    expect(within(smsRow).getByText('Sent')).toBeInTheDocument();
    const failedRow = rows.find((r) => r.textContent?.includes('bob@example.com'))!;
    expect(within(failedRow).getByText('E-mail')).toBeInTheDocument();
    expect(failedRow).toHaveTextContent('550 5.1.1 No such user');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Channel' }), 'sms');
    await waitFor(() =>
      expect(within(screen.getByTestId('email-history')).getAllByRole('row')).toHaveLength(2),
    );
    expect(asked.at(-1)!.url.searchParams.get('channel')).toBe('sms');

    server.use(
      http.get('/api/email-comms/history/:id', () =>
        HttpResponse.json({
          email: { ...SMS, body: 'See you at Main Hall.', html: '', replyTo: null, fromName: '+61400000001' },
        }),
      ),
    );
    await user.click(screen.getByRole('button', { name: 'View Event reminder (SMS) to +61412345678' }));
    const dialog = await screen.findByRole('dialog', { name: 'SMS details' });
    expect(within(dialog).getByTestId('email-body-text')).toHaveTextContent('See you at Main Hall.');
    expect(dialog).toHaveTextContent('Segments2');
    expect(within(dialog).queryByTitle(/Body of/)).toBeNull();
  });

  test('an SMS shows its delivery receipt: Delivered, or Not delivered with the provider code', async () => {
    const delivered = { ...SMS, delivery: 'delivered' as const };
    const undelivered = {
      ...SMS,
      id: '3b6f6f3e-1a2b-4c3d-8e9f-0a1b2c3d4e5f',
      to: '+61412000999',
      recipientName: 'Dan',
      delivery: 'undelivered' as const,
      deliveryError: '30003',
    };
    const accepted = {
      ...SMS,
      id: '4b6f6f3e-1a2b-4c3d-8e9f-0a1b2c3d4e5f',
      to: '+61412000888',
      recipientName: 'Eve',
    };
    captureRequests('get', '/api/email-comms/history', () => ({
      items: [delivered, undelivered, accepted],
      hasMore: false,
      nextCursor: null,
      counts: { sent: 3, failed: 0, pending: 0 },
    }));
    const { user } = renderWithProviders(<MessagesPage />);
    const table = await screen.findByTestId('email-history');
    const rows = within(table).getAllByRole('row');
    const row = (phone: string) => rows.find((r) => r.textContent?.includes(phone))!;
    expect(within(row('+61412345678')).getByText('Delivered')).toBeInTheDocument();
    expect(within(row('+61412000999')).getByText('Not delivered · 30003')).toBeInTheDocument();
    expect(within(row('+61412000888')).queryByText(/delivered/i)).toBeNull();

    server.use(
      http.get('/api/email-comms/history/:id', () =>
        HttpResponse.json({
          email: { ...undelivered, body: 'Hi', html: '', replyTo: null, fromName: '+61400000001' },
        }),
      ),
    );
    await user.click(screen.getByRole('button', { name: 'View Event reminder (SMS) to +61412000999' }));
    const dialog = await screen.findByRole('dialog', { name: 'SMS details' });
    expect(dialog).toHaveTextContent('DeliveryNot delivered (provider error 30003).');
  });

  test('lists the messages, filters by status on the server and shows one with its body as sent', async () => {
    const asked = answerHistory();
    server.use(
      http.get('/api/email-comms/history/:id', () =>
        HttpResponse.json({
          email: {
            ...FAILED,
            html: '<p>Your hold ends soon.</p>',
            replyTo: 'owner@example.com',
            fromName: 'Harbourside Hall',
          },
        }),
      ),
    );
    const { user } = renderWithProviders(<MessagesPage />);
    const table = await screen.findByTestId('email-history');
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    expect(screen.getByRole('option', { name: 'Failed (1)' })).toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'failed');
    await waitFor(() =>
      expect(within(screen.getByTestId('email-history')).getAllByRole('row')).toHaveLength(2),
    );
    expect(asked.at(-1)!.url.searchParams.get('status')).toBe('failed');

    await user.click(screen.getByRole('button', { name: 'View Hold expiring to bob@example.com' }));
    const dialog = await screen.findByRole('dialog', { name: 'Email details' });
    expect(dialog).toHaveTextContent('550 5.1.1 No such user');
    expect(within(dialog).getByTitle('Body of Hold expiring')).toHaveAttribute('sandbox', '');
  });

  test('a failed load says "Failed to load message history" with Try Again', async () => {
    server.use(
      http.get('/api/email-comms/history', () => HttpResponse.json({ message: 'Down' }, { status: 503 })),
    );
    renderWithProviders(<MessagesPage />);
    const error = await screen.findByTestId('error-state');
    expect(error).toHaveTextContent('Failed to load message history');
    expect(within(error).getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });

  test('Send Quick Email needs all three fields, confirms, sends as custom with the name before the @ and clears', async () => {
    answerHistory();
    const sends = captureRequests('post', '/api/email-comms/send', {
      message: EMAIL_SENT,
      email: {},
      warning: null,
    });
    const { user } = renderWithProviders(<MessagesPage />);
    await user.click(screen.getByRole('tab', { name: 'Send Quick Email' }));
    await user.type(screen.getByRole('textbox', { name: 'Recipient' }), 'grace@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Quick Email' }));
    expect(await screen.findByTestId('quick-problems')).toHaveTextContent(
      `Validation Error${QUICK_EMAIL_REQUIRED}`,
    );
    expect(sends).toHaveLength(0);

    await user.type(screen.getByRole('textbox', { name: 'Subject' }), 'Keys');
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'The keys are at the front desk.');
    await user.click(screen.getByRole('button', { name: 'Send Quick Email' }));
    const confirm = await screen.findByRole('dialog', { name: 'Send this e-mail?' });
    await user.click(within(confirm).getByRole('button', { name: 'Send' }));

    expect(await screen.findByText(EMAIL_SENT)).toBeInTheDocument();
    expect(sends.map((s) => s.body)).toEqual([
      {
        recipientEmail: 'grace@example.com',
        recipientName: 'grace',
        customSubject: 'Keys',
        customBody: 'The keys are at the front desk.',
        isCustom: true,
        purpose: 'quick',
      },
    ]);
    // Back on the history tab; the quick form starts empty next time.
    expect(await screen.findByTestId('email-history')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Send Quick Email' }));
    expect(screen.getByRole('textbox', { name: 'Recipient' })).toHaveValue('');
  });

  test('Send Quick Email says each problem under its field, the recipient by the contract’s rule', async () => {
    answerHistory();
    const sends = captureRequests('post', '/api/email-comms/send', {});
    const { user } = renderWithProviders(<MessagesPage />);
    await user.click(screen.getByRole('tab', { name: 'Send Quick Email' }));
    const recipient = screen.getByRole('textbox', { name: 'Recipient' });
    await user.type(recipient, 'grace@');
    await user.click(screen.getByRole('button', { name: 'Send Quick Email' }));
    const subject = screen.getByRole('textbox', { name: 'Subject' });
    await waitFor(() => expect(subject).toHaveAccessibleDescription('Please fill in the subject'));
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveAccessibleDescription(
      'Please fill in the message',
    );

    await user.type(subject, 'Keys');
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'At the desk.');
    await user.click(screen.getByRole('button', { name: 'Send Quick Email' }));
    await waitFor(() => expect(recipient).toHaveAccessibleDescription(RECIPIENT_EMAIL_INVALID));
    expect(screen.queryByRole('dialog', { name: 'Send this e-mail?' })).toBeNull();
    expect(sends).toHaveLength(0);
  });
});
