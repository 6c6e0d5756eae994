import { describe, expect, test } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import type { BlockoutClash } from '@venue/contracts/bookings';
import { captureRequests, fieldRefusal, renderWithProviders, type CapturedRequest } from '@venue/ui/testing';
import type { Blockout, Resource } from '../api/types.ts';
import { BlockoutsPage } from './BlockoutsPage.tsx';

const HALL = '11111111-1111-4111-8111-111111111111';
const ROOM = '22222222-2222-4222-8222-222222222222';
const BLOCKOUT_ID = '33333333-3333-4333-8333-333333333333';

const resource = (id: string, name: string) =>
  ({ id, name, code: name.toUpperCase().replace(/ /g, '-'), status: 'active', type: 'hall' }) as Resource;

const EXISTING: Blockout = {
  id: BLOCKOUT_ID,
  resourceIds: [HALL],
  resources: [{ id: HALL, name: 'Main Hall' }],
  dateFrom: '2027-01-15',
  dateTo: '2027-01-15',
  timeFrom: '09:00',
  timeTo: '12:00',
  reason: 'Maintenance',
  notes: 'Floor sanding',
  timeZone: 'Australia/Sydney',
  startsAt: '2027-01-14T22:00:00.000Z',
  endsAt: '2027-01-15T01:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
} as Blockout;

const clash = (over: Partial<BlockoutClash>): BlockoutClash => ({
  blockoutId: BLOCKOUT_ID,
  resourceId: HALL,
  resourceName: 'Main Hall',
  bookingId: '44444444-4444-4444-8444-444444444444',
  bookingCode: 'HH-2027-0001',
  customer: 'Zoë Smith',
  eventType: 'Wedding',
  status: 'confirmed',
  bookingDate: '2027-01-15',
  startTime: '10:00',
  endTime: '14:00',
  explanation: 'Overlaps Zoë Smith Wedding (10:00 AM–2:00 PM)',
  ...over,
});

/** Bookings' refusal as the catalogue passes it on (decision 55). */
const overBookings = (clashes: BlockoutClash[]) =>
  HttpResponse.json(
    {
      message: `This block-out overlaps ${clashes.length} bookings: … Move or cancel them first, or block out over them.`,
      code: 'blockout_over_bookings',
      clashes,
    },
    { status: 409 },
  );

function answerLists() {
  captureRequests('get', '/api/resources', [resource(HALL, 'Main Hall'), resource(ROOM, 'Garden Room')]);
  captureRequests('get', '/api/blockouts', [EXISTING]);
}

/** What a save sent: the form's fields, and whether it asked to block out over bookings. */
const sent = (r: CapturedRequest) => r.body as Record<string, unknown>;

async function fillNewBlockout(user: ReturnType<typeof renderWithProviders>['user']) {
  await user.click(screen.getByRole('button', { name: 'Bulk Block-out' }));
  const dialog = await screen.findByRole('dialog', { name: 'Bulk Block-out' });
  await user.click(within(dialog).getByRole('combobox', { name: 'Resources' }));
  await user.click(await screen.findByRole('option', { name: 'Main Hall' }));
  await user.click(await screen.findByRole('option', { name: 'Garden Room' }));
  await user.type(within(dialog).getByRole('textbox', { name: 'Date from' }), '15/01/2027');
  await user.type(within(dialog).getByRole('textbox', { name: 'Date to' }), '16/01/2027');
  await user.click(within(dialog).getByLabelText('Continuous from start to end'));
  await user.click(within(dialog).getByLabelText('Time from'));
  return dialog;
}

describe('Block-out dialog: bookings in the way (decision 55)', () => {
  test('a create over bookings lists them; "Block out over these bookings" sends it again with overBookings', async () => {
    answerLists();
    let calls = 0;
    const posts = captureRequests('post', '/api/blockouts/bulk', (req) =>
      ++calls === 1
        ? overBookings([
            clash({}),
            // the same booking on the second resource's row would be listed twice; shown once each
            clash({
              resourceId: ROOM,
              resourceName: 'Garden Room',
              bookingId: '55555555-5555-4555-8555-555555555555',
              bookingCode: 'HH-2027-0002',
              customer: 'Nguyễn Văn An',
              eventType: 'Birthday',
              status: 'tentative',
              bookingDate: '2027-01-16',
              startTime: '18:30',
              endTime: '23:00',
            }),
          ])
        : HttpResponse.json(
            { blockouts: [{ ...EXISTING, ...(req.body as object), id: 'new' }] },
            { status: 201 },
          ),
    );
    const { user } = renderWithProviders(<BlockoutsPage />);
    await screen.findByTestId('blockouts-table');
    const dialog = await fillNewBlockout(user);

    await user.click(within(dialog).getByRole('button', { name: 'Create Block-out' }));

    const panel = await within(dialog).findByTestId('blockout-clashes');
    expect(panel).toHaveTextContent('2 bookings hold part of this time');
    expect(panel).toHaveTextContent(
      'Nothing was saved. Move or cancel these bookings first, or block out over them',
    );
    const rows = within(within(panel).getByRole('table')).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      'HH-2027-0001Zoë Smith (Wedding)Main Hall15/01/2027 10:00 AM–2:00 PMconfirmed',
      'HH-2027-0002Nguyễn Văn An (Birthday)Garden Room16/01/2027 6:30 PM–11:00 PMtentative',
    ]);
    // the refusal is in the dialog, not repeated as a toast; the dialog stays open
    expect(screen.queryByText(/This block-out overlaps/)).not.toBeInTheDocument();
    expect(posts).toHaveLength(1);
    expect(sent(posts[0]!)).toMatchObject({
      resourceIds: [HALL, ROOM],
      dateFrom: '2027-01-15',
      dateTo: '2027-01-16',
      span: 'continuous',
      overBookings: false,
    });

    await user.click(within(dialog).getByRole('button', { name: 'Block out over these bookings' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(posts).toHaveLength(2);
    expect(sent(posts[1]!)).toEqual({ ...sent(posts[0]!), overBookings: true });
    expect(await screen.findByText('Block-out created')).toBeInTheDocument();
  });

  test('Cancel on the bookings keeps the form as typed, and a changed form is checked again', async () => {
    answerLists();
    const posts = captureRequests('post', '/api/blockouts/bulk', () => overBookings([clash({})]));
    const { user } = renderWithProviders(<BlockoutsPage />);
    await screen.findByTestId('blockouts-table');
    const dialog = await fillNewBlockout(user);
    await user.click(within(dialog).getByRole('button', { name: 'Create Block-out' }));
    expect(await within(dialog).findByTestId('blockout-clashes')).toHaveTextContent(
      'A booking holds part of this time',
    );
    expect(within(dialog).getByTestId('blockout-clashes')).toHaveTextContent(
      'Move or cancel this booking first, or block out over it',
    );

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    expect(within(dialog).queryByTestId('blockout-clashes')).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Bulk Block-out' })).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Date from' })).toHaveValue('15/01/2027');
    expect(within(dialog).getByRole('textbox', { name: 'Date to' })).toHaveValue('16/01/2027');
    expect(within(dialog).getByRole('button', { name: 'Create Block-out' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Block out over these bookings' })).toBeNull();

    // Saving again asks again (never over bookings unasked)
    await user.click(within(dialog).getByRole('button', { name: 'Create Block-out' }));
    await within(dialog).findByTestId('blockout-clashes');
    expect(posts.map((p) => sent(p).overBookings)).toEqual([false, false]);
  });

  test('an edit over a booking is sent again with overBookings on the same block-out', async () => {
    answerLists();
    let calls = 0;
    const puts = captureRequests('put', `/api/blockouts/${BLOCKOUT_ID}`, (req) =>
      ++calls === 1 ? overBookings([clash({})]) : { ...EXISTING, ...(req.body as object) },
    );
    const { user } = renderWithProviders(<BlockoutsPage />);
    const table = await screen.findByTestId('blockouts-table');
    await user.click(within(table).getByRole('button', { name: /Edit/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Block-out' });
    const to = within(dialog).getByLabelText('Time to');
    await user.clear(to);
    await user.type(to, '15:00');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    const panel = await within(dialog).findByTestId('blockout-clashes');
    expect(panel).toHaveTextContent('HH-2027-0001');

    await user.click(within(dialog).getByRole('button', { name: 'Block out over these bookings' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(puts.map((p) => [sent(p).timeTo, sent(p).overBookings])).toEqual([
      ['15:00', false],
      ['15:00', true],
    ]);
    expect(await screen.findByText('Block-out saved')).toBeInTheDocument();
  });

  test('503: the dialog says nothing was saved and to try again, keeps the form, and a retry saves', async () => {
    answerLists();
    let calls = 0;
    const posts = captureRequests('post', '/api/blockouts/bulk', (req) =>
      ++calls === 1
        ? HttpResponse.json(
            {
              message:
                'Bookings could not confirm this block-out, so nothing was saved. Please try again in a moment.',
            },
            { status: 503 },
          )
        : HttpResponse.json({ blockouts: [{ ...EXISTING, ...(req.body as object) }] }, { status: 201 }),
    );
    const { user } = renderWithProviders(<BlockoutsPage />);
    await screen.findByTestId('blockouts-table');
    const dialog = await fillNewBlockout(user);
    await user.click(within(dialog).getByRole('button', { name: 'Create Block-out' }));

    const notice = await within(dialog).findByTestId('blockout-not-confirmed');
    expect(notice).toHaveTextContent(
      'Not saved' +
        'Bookings could not confirm this block-out, so nothing was saved. Please try again in a moment.',
    );
    expect(notice).toHaveAttribute('role', 'alert');
    expect(within(dialog).getByRole('textbox', { name: 'Date from' })).toHaveValue('15/01/2027');

    await user.click(within(dialog).getByRole('button', { name: 'Create Block-out' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(posts.map((p) => sent(p).overBookings)).toEqual([false, false]);
  });

  test('a 503 without the catalogue’s words still says what happened', async () => {
    answerLists();
    captureRequests('post', '/api/blockouts/bulk', () => new HttpResponse(null, { status: 503 }));
    const { user } = renderWithProviders(<BlockoutsPage />);
    await screen.findByTestId('blockouts-table');
    const dialog = await fillNewBlockout(user);
    await user.click(within(dialog).getByRole('button', { name: 'Create Block-out' }));
    expect(await within(dialog).findByTestId('blockout-not-confirmed')).toHaveTextContent(
      'nothing was saved. Please try again in a moment.',
    );
  });

  test('an end before the start is said under Date to; the server’s field error under its field', async () => {
    answerLists();
    const posts = captureRequests('post', '/api/blockouts/bulk', () =>
      fieldRefusal({ timeFrom: 'Start time must be HH:mm' }),
    );
    const { user } = renderWithProviders(<BlockoutsPage />);
    await screen.findByTestId('blockouts-table');
    const dialog = await fillNewBlockout(user);
    const dateTo = within(dialog).getByRole('textbox', { name: 'Date to' });
    await user.clear(dateTo);
    await user.type(dateTo, '14/01/2027');
    await user.click(within(dialog).getByRole('button', { name: 'Create Block-out' }));
    await waitFor(() => expect(dateTo).toHaveAccessibleDescription('End date must be after start date'));
    expect(posts).toHaveLength(0);

    await user.clear(dateTo);
    await user.type(dateTo, '16/01/2027');
    await user.click(within(dialog).getByRole('button', { name: 'Create Block-out' }));
    const timeFrom = within(dialog).getByLabelText('Time from');
    await waitFor(() => expect(timeFrom).toHaveAccessibleDescription('Start time must be HH:mm'));
    expect(posts).toHaveLength(1);
    expect(screen.getByRole('dialog', { name: 'Bulk Block-out' })).toBeInTheDocument();
  });
});
