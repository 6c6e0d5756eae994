import { describe, expect, test } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { captureRequests, renderWithProviders, server } from '@venue/ui/testing';
import { SmsOptOut } from './SmsOptOut.tsx';

const BOOKING_ID = '7b0c1a5e-0c5d-4d7e-9f3a-2a1b3c4d5e6f';
const PHONE = '+61412345678';
const IN = { phone: PHONE, optedOut: false, source: null, word: null, optedOutAt: null, byName: null };
const MARKED = {
  phone: PHONE,
  optedOut: true,
  source: 'staff',
  word: null,
  optedOutAt: '2031-03-10T01:00:00.000Z',
  byName: 'Sam Staff',
};
const REPLIED = { ...MARKED, source: 'reply', word: 'STOP', byName: null };

/** The opt-out as the server keeps it: GET answers the current state, PUT and DELETE change it. */
function serverState(initial: Record<string, unknown>) {
  let state = initial;
  server.use(
    http.get('/api/email-comms/sms/opt-outs', ({ request }) => {
      expect(new URL(request.url).searchParams.get('bookingId')).toBe(BOOKING_ID);
      return HttpResponse.json({ optOut: state });
    }),
  );
  const puts = captureRequests('put', '/api/email-comms/sms/opt-outs', () => {
    state = MARKED;
    return { optOut: state, message: `${PHONE} is opted out of SMS from this venue.` };
  });
  const deletes = captureRequests('delete', '/api/email-comms/sms/opt-outs', () => {
    state = IN;
    return { optOut: state, message: `${PHONE} can get SMS from this venue again.` };
  });
  return { puts, deletes };
}

describe('SMS opt-out beside Send by SMS', () => {
  test('staff opt a number out after confirming: the server records it, the panel says who marked it, and a notification confirms', async () => {
    const { puts } = serverState(IN);
    const { user } = renderWithProviders(<SmsOptOut bookingId={BOOKING_ID} />);
    expect(await screen.findByTestId('sms-opt-out')).toHaveTextContent(
      `${PHONE} can get SMS from the venue.`,
    );
    const button = screen.getByRole('button', { name: 'Opt out of SMS' });
    expect(button).toHaveAccessibleDescription(`${PHONE} can get SMS from the venue.`);

    // by keyboard: focus the button and press Enter
    button.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Opt this number out of SMS?' });
    expect(dialog).toHaveTextContent(`${PHONE} will get no SMS from the venue`);
    expect(puts).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Opt out' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]!.body).toEqual({ phone: PHONE });

    expect(await screen.findByText(`${PHONE} is opted out of SMS from this venue.`)).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByTestId('sms-opt-out')).toHaveTextContent(
        /^Opted out of SMS on .*10.* — marked by Sam Staff$/,
      ),
    );
    expect(screen.getByRole('button', { name: 'Opt back in to SMS' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  test('a number that replied STOP says so, and is opted back in after confirming', async () => {
    const { deletes } = serverState(REPLIED);
    const { user } = renderWithProviders(<SmsOptOut bookingId={BOOKING_ID} />);
    expect(await screen.findByTestId('sms-opt-out')).toHaveTextContent(
      /^Opted out of SMS on .* — replied STOP$/,
    );
    await user.click(screen.getByRole('button', { name: 'Opt back in to SMS' }));
    const dialog = await screen.findByRole('dialog', { name: 'Opt this number back in to SMS?' });
    // Cancel changes nothing
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(deletes).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Opt back in to SMS' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Opt this number back in to SMS?' })).getByRole(
        'button',
        { name: 'Opt back in' },
      ),
    );
    await waitFor(() => expect(deletes).toHaveLength(1));
    expect(deletes[0]!.url.searchParams.get('phone')).toBe(PHONE);
    expect(await screen.findByText(`${PHONE} can get SMS from this venue again.`)).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByTestId('sms-opt-out')).toHaveTextContent(`${PHONE} can get SMS from the venue.`),
    );
  });

  test('a refused change keeps the dialog open with the server’s reason', async () => {
    serverState(IN);
    server.use(
      http.put('/api/email-comms/sms/opt-outs', () =>
        HttpResponse.json(
          { message: 'The caller lacks the permission or role this call needs.' },
          { status: 403 },
        ),
      ),
    );
    const { user } = renderWithProviders(<SmsOptOut bookingId={BOOKING_ID} />);
    await user.click(await screen.findByRole('button', { name: 'Opt out of SMS' }));
    const dialog = await screen.findByRole('dialog', { name: 'Opt this number out of SMS?' });
    await user.click(within(dialog).getByRole('button', { name: 'Opt out' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('lacks the permission');
    expect(screen.getByTestId('sms-opt-out')).toHaveTextContent(`${PHONE} can get SMS from the venue.`);
  });

  test('a state that cannot be read says so; a booking without a phone shows nothing to toggle', async () => {
    server.use(
      http.get('/api/email-comms/sms/opt-outs', () =>
        HttpResponse.json({ message: 'Down' }, { status: 503 }),
      ),
    );
    const first = renderWithProviders(<SmsOptOut bookingId={BOOKING_ID} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('could not be read');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    first.unmount();

    server.use(
      http.get('/api/email-comms/sms/opt-outs', () => HttpResponse.json({ optOut: { ...IN, phone: null } })),
    );
    renderWithProviders(<SmsOptOut bookingId={BOOKING_ID} />);
    await waitFor(() => expect(screen.queryByText(/Checking the SMS opt-out/)).not.toBeInTheDocument());
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByTestId('sms-opt-out')).not.toBeInTheDocument();
  });
});
