import { describe, expect, test } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { captureRequests, renderWithProviders, server } from '@venue/ui/testing';
import { SmsPanel } from './SmsPanel.tsx';

const BOOKING = {
  id: '7b0c1a5e-0c5d-4d7e-9f3a-2a1b3c4d5e6f',
  bookingCode: 'HH-2031-0007',
  eventType: 'Wedding',
  bookingDate: '2031-03-14',
  startTime: '10:00',
  endTime: '14:00',
  hallName: 'Main Hall',
  selectedHall: 'Main Hall',
  calculatedPrice: 1100,
  calculatedPriceCents: 110_000,
  guestCount: 80,
  status: 'confirmed',
};
const template = (over: Record<string, unknown>) => ({
  id: '3f1e2d3c-4b5a-4968-8776-655443322110',
  name: 'Event reminder (SMS)',
  type: 'sms',
  subject: 'Event reminder (SMS)',
  body: 'See you at {{hallName}}.',
  variables: ['hallName'],
  isActive: true,
  kind: 'sms_event_reminder',
  bodyPreview: 'See you at {{hallName}}.',
  createdAt: '2031-01-01T00:00:00.000Z',
  updatedAt: '2031-01-01T00:00:00.000Z',
  ...over,
});
const SMS_T = template({});
const EMAIL_T = template({
  id: '4f1e2d3c-4b5a-4968-8776-655443322110',
  name: 'Invoice',
  type: 'email',
  kind: 'invoice',
});

const PREVIEW = {
  messages: 1,
  segments: 2,
  segmentPriceCents: 6,
  totalCents: 12,
  currency: 'AUD',
  summary: '1 message, 2 segments, about $0.12',
  encodings: ['GSM-7'],
  skipped: [],
};

// the number's opt-out below the cost (SmsOptOut.test.tsx tests it)
const notOptedOut = () =>
  server.use(
    http.get('/api/email-comms/sms/opt-outs', () =>
      HttpResponse.json({
        optOut: {
          phone: '+61412345678',
          optedOut: false,
          source: null,
          word: null,
          optedOutAt: null,
          byName: null,
        },
      }),
    ),
  );

describe('Send by SMS', () => {
  test('shows the server’s cost before sending, asks first, then sends the template for the booking', async () => {
    notOptedOut();
    server.use(http.get('/api/email-templates', () => HttpResponse.json({ templates: [EMAIL_T, SMS_T] })));
    const previews = captureRequests('post', '/api/email-comms/sms/preview', PREVIEW);
    const sends = captureRequests('post', '/api/email-comms/sms', {
      message: 'SMS queued: it goes at 08:00 venue time.',
      sms: {},
      scheduledFor: '2031-03-10T21:00:00.000Z',
      notice: 'It is outside 08:00–20:00 at the venue: the SMS waits and goes at Wed 11 Mar 2031, 8:00 am.',
    });
    const { user } = renderWithProviders(<SmsPanel booking={BOOKING} />);
    // the figure is the server's, not counted here
    expect(await screen.findByTestId('sms-cost')).toHaveTextContent('1 message, 2 segments, about $0.12');
    expect(previews.map((p) => p.body)).toEqual([{ templateId: SMS_T.id, bookingIds: [BOOKING.id] }]);
    expect(await screen.findByTestId('sms-opt-out')).toHaveTextContent('+61412345678 can get SMS');
    // only SMS templates are offered
    const select = screen.getByRole('combobox', { name: 'SMS template' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Event reminder (SMS)']);
    expect(sends).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Send SMS' }));
    const confirm = await screen.findByRole('dialog', { name: 'Send this SMS?' });
    expect(confirm).toHaveTextContent('1 message, 2 segments, about $0.12');
    await user.click(within(confirm).getByRole('button', { name: 'Send SMS' }));
    await waitFor(() => expect(sends).toHaveLength(1));
    expect(sends[0]!.body).toEqual({ templateId: SMS_T.id, bookingId: BOOKING.id });
    expect(sends[0]!.headers.get('idempotency-key')).toBeTruthy();
    // at night the person is told it waits
    expect(await screen.findByText(/waits and goes at Wed 11 Mar 2031/)).toBeInTheDocument();
  });

  test('a booking whose customer cannot get an SMS says why and cannot be sent', async () => {
    notOptedOut();
    server.use(
      http.get('/api/email-templates', () => HttpResponse.json({ templates: [SMS_T] })),
      http.post('/api/email-comms/sms/preview', () =>
        HttpResponse.json({
          ...PREVIEW,
          messages: 0,
          segments: 0,
          totalCents: 0,
          summary: '0 messages, 0 segments, about $0.00',
          skipped: [
            {
              bookingId: BOOKING.id,
              reason:
                'This number has opted out of SMS from this venue (it replied STOP, or staff marked it).',
            },
          ],
        }),
      ),
    );
    renderWithProviders(<SmsPanel booking={BOOKING} />);
    expect(await screen.findByTestId('sms-skipped')).toHaveTextContent('opted out of SMS');
    expect(screen.getByRole('button', { name: 'Send SMS' })).toBeDisabled();
  });

  test('a failed count says so instead of a figure', async () => {
    notOptedOut();
    server.use(
      http.get('/api/email-templates', () => HttpResponse.json({ templates: [SMS_T] })),
      http.post('/api/email-comms/sms/preview', () =>
        HttpResponse.json({ message: 'Down' }, { status: 503 }),
      ),
    );
    renderWithProviders(<SmsPanel booking={BOOKING} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('The cost could not be counted');
    expect(screen.getByRole('button', { name: 'Send SMS' })).toBeDisabled();
  });
});
