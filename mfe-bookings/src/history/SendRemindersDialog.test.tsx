import { describe, expect, test } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { captureRequests, fieldRefusal, holdAnswer, renderWithProviders, server } from '@venue/ui/testing';
import type { Booking } from '../api/types.ts';
import { SendRemindersButton } from './SendRemindersDialog.tsx';

const booking = (n: number, over: Partial<Booking> = {}) =>
  ({
    id: `00000000-0000-4000-8000-00000000000${n}`,
    bookingCode: `BK-000${n}`,
    customerName: `Customer ${n}`,
    customerEmail: `c${n}@example.com`,
    customerPhone: `+6141200000${n}`,
    resourceName: 'Main Hall',
    bookingDate: '2031-03-14',
    startTime: '10:00',
    endTime: '14:00',
    status: 'confirmed',
    ...over,
  }) as Booking;
const ROWS = [booking(1), booking(2), booking(3)];

describe('Send reminders (Bookings — Confirmed)', () => {
  test('nothing to remind: the No Bookings toast, no dialog', async () => {
    const { user } = renderWithProviders(<SendRemindersButton selected={new Set()} rows={[]} />);
    await user.click(screen.getByRole('button', { name: 'Send reminders' }));
    expect(
      await screen.findByText('Select bookings or adjust filters to send reminders.'),
    ).toBeInTheDocument();
    expect(screen.getByText('No Bookings')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  test('offers the ticked rows; Clear, then Send, asks for one; Select all ticks them again', async () => {
    const posts = captureRequests('post', '/api/email-comms/reminders', {});
    const { user } = renderWithProviders(
      <SendRemindersButton selected={new Set([ROWS[0]!.id, ROWS[2]!.id])} rows={ROWS} />,
    );
    await user.click(screen.getByRole('button', { name: 'Send reminders' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send Event Reminders' });
    expect(
      within(dialog)
        .getAllByRole('checkbox')
        .map((c) => c.closest('label, div')?.textContent),
    ).toHaveLength(2);
    expect(within(dialog).getByTestId('reminders-selected')).toHaveTextContent('2 selected');
    expect(within(dialog).queryByText(/BK-0002/)).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Clear' }));
    expect(within(dialog).getByTestId('reminders-selected')).toHaveTextContent('0 selected');
    await user.click(within(dialog).getByRole('button', { name: 'Send Reminders' }));
    expect(await screen.findByText('Choose at least one booking to send reminders.')).toBeInTheDocument();
    expect(screen.getByText('No Bookings Selected')).toBeInTheDocument();
    expect(posts).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Select all' }));
    expect(within(dialog).getByTestId('reminders-selected')).toHaveTextContent('2 selected');
  });

  test('sends one request for the ticked bookings, shows Sending…, reports "Sent N reminder(s), M failed." and keeps the failed one with its reason', async () => {
    const { held: gate, release } = holdAnswer();
    const sent = captureRequests('post', '/api/email-comms/reminders', async () => {
      await gate;
      return {
        sent: 2,
        failed: 1,
        message: 'Sent 2 reminder(s), 1 failed.',
        results: [
          { bookingId: ROWS[0]!.id, status: 'queued', message: null, emailId: ROWS[0]!.id },
          { bookingId: ROWS[1]!.id, status: 'queued', message: null, emailId: ROWS[1]!.id },
          {
            bookingId: ROWS[2]!.id,
            status: 'failed',
            message: 'Customer email not available',
            emailId: null,
          },
        ],
      };
    });
    const { user } = renderWithProviders(<SendRemindersButton selected={new Set()} rows={ROWS} />);
    await user.click(screen.getByRole('button', { name: 'Send reminders' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send Event Reminders' });
    expect(within(dialog).getByTestId('reminders-selected')).toHaveTextContent('3 selected');
    await user.click(within(dialog).getByRole('button', { name: 'Send Reminders' }));
    expect(await within(dialog).findByRole('button', { name: 'Sending…' })).toBeDisabled();
    release();

    expect(await screen.findByText('Sent 2 reminder(s), 1 failed.')).toBeInTheDocument();
    expect(sent.map((r) => r.body)).toEqual([{ bookingIds: ROWS.map((b) => b.id), channel: 'email' }]);
    expect(within(dialog).getByText('Customer email not available')).toBeInTheDocument();
    await waitFor(() =>
      expect(within(dialog).getByTestId('reminders-selected')).toHaveTextContent('1 selected'),
    );
  });

  test('none sent: "Failed to Send" / "No reminders were sent."; a refused request: "Error Sending Reminders"', async () => {
    captureRequests('post', '/api/email-comms/reminders', {
      sent: 0,
      failed: 1,
      message: 'No reminders were sent.',
      results: [{ bookingId: ROWS[0]!.id, status: 'failed', message: 'Booking not found', emailId: null }],
    });
    const { user } = renderWithProviders(
      <SendRemindersButton selected={new Set([ROWS[0]!.id])} rows={ROWS} />,
    );
    await user.click(screen.getByRole('button', { name: 'Send reminders' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send Event Reminders' });
    await user.click(within(dialog).getByRole('button', { name: 'Send Reminders' }));
    expect(await screen.findByText('No reminders were sent.')).toBeInTheDocument();
    expect(screen.getByText('Failed to Send')).toBeInTheDocument();

    server.use(
      http.post('/api/email-comms/reminders', () =>
        HttpResponse.json({ message: 'Comms is unavailable right now.' }, { status: 503 }),
      ),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Send Reminders' }));
    expect(await screen.findByText('Error Sending Reminders')).toBeInTheDocument();
    expect(screen.getByText('Comms is unavailable right now.')).toBeInTheDocument();
  });

  test("by SMS: the server's cost and the bookings that get none are shown before sending, then the SMS request goes", async () => {
    const { held: previewGate, release: releasePreview } = holdAnswer();
    const previews = captureRequests('post', '/api/email-comms/sms/preview', async () => {
      await previewGate;
      // Deliberately not what a browser would count: the page must show the server's words.
      return {
        messages: 2,
        segments: 5,
        segmentPriceCents: 7,
        totalCents: 35,
        currency: 'AUD',
        summary: '2 messages, 5 segments, about $0.35',
        encodings: ['GSM-7'],
        skipped: [
          {
            bookingId: ROWS[1]!.id,
            reason: 'This number has opted out of SMS from this venue (it replied STOP, or staff marked it).',
          },
        ],
      };
    });
    const sends = captureRequests('post', '/api/email-comms/reminders', {
      sent: 2,
      failed: 0,
      message: 'Sent 2 reminder(s), 0 failed.',
      results: [],
    });
    const { user } = renderWithProviders(<SendRemindersButton selected={new Set()} rows={ROWS} />);
    await user.click(screen.getByRole('button', { name: 'Send reminders' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send Event Reminders' });
    expect(within(dialog).queryByTestId('sms-cost')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('radio', { name: 'SMS' }));
    // counting: a loading state, and no send until the cost is known
    expect(await within(dialog).findByText('Counting the SMS…')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Send Reminders' })).toBeDisabled();
    releasePreview();
    expect(await within(dialog).findByTestId('sms-cost-summary')).toHaveTextContent(
      '2 messages, 5 segments, about $0.35',
    );
    expect(
      within(within(dialog).getByRole('list', { name: 'Bookings that get no SMS' })).getByText(
        'BK-0002 — Customer 2: This number has opted out of SMS from this venue (it replied STOP, or staff marked it).',
      ),
    ).toBeInTheDocument();
    expect(previews.map((r) => r.body)).toEqual([{ bookingIds: ROWS.map((b) => b.id) }]);
    expect(sends).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Send Reminders' }));
    expect(await screen.findByText('Sent 2 reminder(s), 0 failed.')).toBeInTheDocument();
    expect(sends.map((r) => r.body)).toEqual([{ bookingIds: ROWS.map((b) => b.id), channel: 'sms' }]);
  });

  test('E-mail and SMS: one e-mail request then one SMS request; a preview error says so and blocks the send', async () => {
    server.use(
      http.post('/api/email-comms/sms/preview', () =>
        HttpResponse.json({ message: 'Comms is unavailable right now.' }, { status: 503 }),
      ),
    );
    const sends: unknown[] = [];
    server.use(
      http.post('/api/email-comms/reminders', async ({ request }) => {
        const body = (await request.json()) as { channel: string };
        sends.push(body);
        return HttpResponse.json({
          sent: 1,
          failed: 0,
          message: `Sent 1 reminder(s), 0 failed.`,
          results: [],
        });
      }),
    );
    const { user } = renderWithProviders(
      <SendRemindersButton selected={new Set([ROWS[0]!.id])} rows={ROWS} />,
    );
    await user.click(screen.getByRole('button', { name: 'Send reminders' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send Event Reminders' });
    await user.click(within(dialog).getByRole('radio', { name: 'E-mail and SMS' }));
    expect(
      await within(dialog).findByText('Could not work out the SMS cost: Comms is unavailable right now.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Send Reminders' })).toBeDisabled();
    server.use(
      http.post('/api/email-comms/sms/preview', () =>
        HttpResponse.json({
          messages: 1,
          segments: 1,
          segmentPriceCents: 6,
          totalCents: 6,
          currency: 'AUD',
          summary: '1 message, 1 segment, about $0.06',
          encodings: ['GSM-7'],
          skipped: [],
        }),
      ),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(await within(dialog).findByTestId('sms-cost-summary')).toHaveTextContent(
      '1 message, 1 segment, about $0.06',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Send Reminders' }));
    await waitFor(() => expect(sends).toHaveLength(2));
    expect(sends).toEqual([
      { bookingIds: [ROWS[0]!.id], channel: 'email' },
      { bookingIds: [ROWS[0]!.id], channel: 'sms' },
    ]);
    expect(await screen.findByText('E-mail: Reminders Sent')).toBeInTheDocument();
    expect(screen.getByText('SMS: Reminders Sent')).toBeInTheDocument();
  });

  test("the server's refusal of the bookings is said under the list, with its toast", async () => {
    server.use(
      http.post('/api/email-comms/reminders', () =>
        fieldRefusal({ bookingIds: 'At most 200 bookings at once.' }, 'Validation failed', {
          statusText: 'Bad Request',
        }),
      ),
    );
    const { user } = renderWithProviders(<SendRemindersButton selected={new Set()} rows={ROWS} />);
    await user.click(screen.getByRole('button', { name: 'Send reminders' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send Event Reminders' });
    await user.click(within(dialog).getByRole('button', { name: 'Send Reminders' }));
    expect(await within(dialog).findByText('At most 200 bookings at once.')).toBeVisible();
    expect(within(dialog).getByRole('group', { name: 'Bookings to remind' })).toHaveAccessibleDescription(
      'At most 200 bookings at once.',
    );
    expect(screen.getByText('Error Sending Reminders')).toBeInTheDocument();
  });
});
