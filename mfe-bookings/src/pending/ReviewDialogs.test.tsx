import { describe, expect, jest, test } from '@jest/globals';
import { screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { captureRequests, fieldRefusal, problemOf, renderWithProviders, server } from '@venue/ui/testing';
import type { Booking } from '../api/types.ts';
import { ReviewDialog } from './ReviewDialogs.tsx';

const BOOKING = { id: 'b-9', bookingCode: 'BK-0009', customerName: 'Grace Hopper' } as Booking;

/** The dialog has opened as in a browser: its focus trap has put the focus inside it. */
const opened = () =>
  waitFor(() => expect(screen.getByRole('button', { name: 'Close dialog' })).toHaveFocus());

describe('Review dialogs', () => {
  test('declining without a reason says so beside the reason, focuses it, and sends nothing', async () => {
    const declines = captureRequests('post', `/api/bookings/${BOOKING.id}/decline`, {});
    const { user } = renderWithProviders(
      <ReviewDialog
        review={{ kind: 'decline', bookings: [BOOKING] }}
        onClose={jest.fn()}
        onDone={jest.fn()}
      />,
    );
    await opened();
    await user.click(screen.getByRole('button', { name: 'Decline' }));
    const reason = screen.getByRole('combobox', { name: 'Reason' });
    expect(problemOf(reason)).toBe('Please choose a reason');
    await waitFor(() => expect(reason).toHaveFocus());
    expect(declines).toHaveLength(0);
  });

  test('asking for changes without a message says so beside the message, focuses it, and sends nothing', async () => {
    const asks = captureRequests('post', `/api/bookings/${BOOKING.id}/request-changes`, {});
    const { user } = renderWithProviders(
      <ReviewDialog
        review={{ kind: 'changes', bookings: [BOOKING] }}
        onClose={jest.fn()}
        onDone={jest.fn()}
      />,
    );
    await opened();
    await user.click(screen.getByRole('button', { name: 'Send Request' }));
    const message = screen.getByRole('textbox', { name: 'Message' });
    expect(problemOf(message)).toBe('Please enter a message for the customer');
    // Focused once the messages are on screen (useFocusFirstError, after the render showing them).
    await waitFor(() => expect(message).toHaveFocus());
    expect(asks).toHaveLength(0);

    await user.type(message, 'Could you start an hour later?');
    expect(problemOf(message)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Send Request' }));
    expect(await screen.findByText('Changes requested')).toBeVisible();
    expect(asks.map((r) => r.body)).toEqual([{ message: 'Could you start an hour later?' }]);
  });

  test('a bulk accept sends the ids and the chosen hold, as bulkAcceptBody parses it', async () => {
    const other = { ...BOOKING, id: 'b-10', bookingCode: 'BK-0010' } as Booking;
    const accepts = captureRequests('post', '/api/bookings/bulk/accept', {
      succeeded: ['b-9', 'b-10'],
      failed: [],
    });
    const onDone = jest.fn();
    const { user } = renderWithProviders(
      <ReviewDialog
        review={{ kind: 'accept', bookings: [BOOKING, other] }}
        onClose={jest.fn()}
        onDone={onDone}
      />,
    );
    await opened();
    await user.click(screen.getByRole('combobox', { name: 'Hold for' }));
    await user.click(await screen.findByRole('option', { name: '72 hours' }));
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(accepts.map((r) => r.body)).toEqual([{ ids: ['b-9', 'b-10'], holdHours: 72 }]);
  });

  test("the server's refusal of the reason is said under Reason", async () => {
    server.use(
      http.post(`/api/bookings/${BOOKING.id}/decline`, () =>
        fieldRefusal({ reason: 'Choose one of the listed reasons.' }, 'Validation failed', {
          statusText: 'Bad Request',
        }),
      ),
    );
    const { user } = renderWithProviders(
      <ReviewDialog
        review={{ kind: 'decline', bookings: [BOOKING] }}
        onClose={jest.fn()}
        onDone={jest.fn()}
      />,
    );
    await opened();
    await user.click(screen.getByRole('combobox', { name: 'Reason' }));
    await user.click(await screen.findByRole('option', { name: 'Over capacity' }));
    await user.click(screen.getByRole('button', { name: 'Decline' }));
    const reason = screen.getByRole('combobox', { name: 'Reason' });
    await waitFor(() => expect(problemOf(reason)).toBe('Choose one of the listed reasons.'));
    await waitFor(() => expect(reason).toHaveFocus());
  });
});
