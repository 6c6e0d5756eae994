import { describe, expect, test } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { captureRequests, renderWithProviders, server } from '@venue/ui/testing';
import type { Booking } from '../../api/types.ts';
import { SendRemindersButton } from './SendRemindersDialog.tsx';

const booking = (n: number, over: Partial<Booking> = {}) =>
  ({
    id: `00000000-0000-4000-8000-00000000000${n}`,
    bookingCode: `BK-000${n}`,
    customerName: `Customer ${n}`,
    customerEmail: `c${n}@example.com`,
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
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => (release = r));
    const bodies: unknown[] = [];
    server.use(
      http.post('/api/email-comms/reminders', async ({ request }) => {
        bodies.push(await request.json());
        await gate;
        return HttpResponse.json({
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
        });
      }),
    );
    const { user } = renderWithProviders(<SendRemindersButton selected={new Set()} rows={ROWS} />);
    await user.click(screen.getByRole('button', { name: 'Send reminders' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send Event Reminders' });
    expect(within(dialog).getByTestId('reminders-selected')).toHaveTextContent('3 selected');
    await user.click(within(dialog).getByRole('button', { name: 'Send Reminders' }));
    expect(await within(dialog).findByRole('button', { name: 'Sending…' })).toBeDisabled();
    release();

    expect(await screen.findByText('Sent 2 reminder(s), 1 failed.')).toBeInTheDocument();
    expect(bodies).toEqual([{ bookingIds: ROWS.map((b) => b.id) }]);
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
});
