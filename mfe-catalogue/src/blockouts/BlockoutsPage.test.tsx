import { describe, expect, test } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { captureRequests, renderWithProviders, server } from '@venue/ui/testing';
import type { Blockout, Resource } from '../api/types.ts';
import {
  HALL_ID,
  LAWN_ID,
  ROOM_ID,
  deleted,
  failingRead,
  makeBlockout,
  makeResource,
} from '../testing/fixtures.ts';
import { BlockoutsPage } from './BlockoutsPage.tsx';

const HALL = makeResource();
const ROOM = makeResource({ id: ROOM_ID, code: 'GARDEN-ROOM', name: 'Garden Room', type: 'room' });
const OLD_SHED = makeResource({ id: LAWN_ID, code: 'SHED', name: 'Old Shed', status: 'archived' });

const SANDING = makeBlockout({ notes: 'Floor sanding' });
const CLEAN = makeBlockout({
  id: '77777777-7777-4777-8777-000000000002',
  resourceIds: [HALL_ID, ROOM_ID],
  resources: [
    { id: HALL_ID, name: 'Main Hall' },
    { id: ROOM_ID, name: 'Garden Room' },
  ],
  dateFrom: '2027-01-10',
  dateTo: '2027-01-11',
  timeFrom: '18:30',
  timeTo: '08:00',
  reason: 'Deep Cleaning',
});
const PARTY = makeBlockout({
  id: '77777777-7777-4777-8777-000000000003',
  resourceIds: [ROOM_ID],
  resources: [{ id: ROOM_ID, name: 'Garden Room' }],
  dateFrom: '2027-02-20',
  dateTo: '2027-02-20',
  timeFrom: '12:00',
  timeTo: '23:00',
  reason: 'Private Event',
});

/** Block-outs and resources as the service keeps them; a write changes the next read. */
function serverLists(blockouts: Blockout[], resources: Resource[] = [HALL, ROOM, OLD_SHED]) {
  let list = blockouts;
  server.use(
    http.get('/api/blockouts', () => HttpResponse.json(list)),
    http.get('/api/resources', () => HttpResponse.json(resources)),
  );
  return {
    set: (next: Blockout[]) => {
      list = next;
    },
  };
}

const rows = () =>
  within(screen.getByTestId('blockouts-table'))
    .getAllByRole('row')
    .slice(1)
    .map((r) => r.textContent);

describe('Block-outs', () => {
  test('rows run by start, with dates and wall-clock times as the venue reads them', async () => {
    serverLists([PARTY, SANDING, CLEAN]);
    renderWithProviders(<BlockoutsPage />);
    await screen.findByTestId('blockouts-table');
    expect(rows()).toEqual([
      'Main Hall, Garden Room10/01/2027 6:30 PM11/01/2027 8:00 AMDeep CleaningEditDelete',
      'Main Hall15/01/2027 9:00 AM15/01/2027 12:00 PMMaintenanceFloor sandingEditDelete',
      'Garden Room20/02/2027 12:00 PM20/02/2027 11:00 PMPrivate EventEditDelete',
    ]);
  });

  test('a 24-hour clock and another date format are followed', async () => {
    serverLists([CLEAN]);
    renderWithProviders(<BlockoutsPage />, {
      session: { settings: { timeFormat: '24h', dateFormat: 'MM/DD/YYYY' } },
    });
    await screen.findByTestId('blockouts-table');
    expect(rows()[0]).toContain('01/10/2027 18:3001/11/2027 08:00');
  });

  test('the resource and date filters narrow the rows, and Clear filters brings them back', async () => {
    serverLists([PARTY, SANDING, CLEAN]);
    const { user } = renderWithProviders(<BlockoutsPage />);
    await screen.findByTestId('blockouts-table');
    const reasons = () => rows().map((r) => /(Maintenance|Deep Cleaning|Private Event)/.exec(r ?? '')?.[1]);

    await user.click(screen.getByRole('combobox', { name: 'Resource' }));
    await user.click(await screen.findByRole('option', { name: 'Garden Room' }));
    expect(reasons()).toEqual(['Deep Cleaning', 'Private Event']);

    // A period touching the range counts: the cleaning ends on the 11th.
    await user.type(screen.getByRole('textbox', { name: 'From' }), '11/01/2027');
    expect(reasons()).toEqual(['Deep Cleaning', 'Private Event']);
    await user.type(screen.getByRole('textbox', { name: 'To' }), '31/01/2027');
    expect(reasons()).toEqual(['Deep Cleaning']);
    await user.clear(screen.getByRole('textbox', { name: 'From' }));
    await user.type(screen.getByRole('textbox', { name: 'From' }), '12/01/2027');
    expect(screen.getByTestId('empty-state')).toHaveTextContent('No block-outs match these filters');

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(reasons()).toEqual(['Deep Cleaning', 'Maintenance', 'Private Event']);
  });

  test('no block-outs says so and what they are for', async () => {
    serverLists([]);
    renderWithProviders(<BlockoutsPage />);
    expect(await screen.findByTestId('empty-state')).toHaveTextContent(
      'No block-outs yet' + 'Block out a resource for maintenance, cleaning or a private event.',
    );
  });

  test('loading, then a failed read with the server’s words and Try Again, which reads again', async () => {
    const read = failingRead('/api/blockouts', [SANDING]);
    server.use(http.get('/api/resources', () => HttpResponse.json([HALL])));
    const { user } = renderWithProviders(<BlockoutsPage />);
    expect(screen.getByTestId('loading-state')).toHaveTextContent('Loading block-outs...');
    const error = await screen.findByTestId('error-state');
    expect(error).toHaveTextContent('Failed to fetch block-outs' + 'Catalogue is unavailable right now.');
    read.recover();
    await user.click(within(error).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByTestId('blockouts-table')).toHaveTextContent('Floor sanding');
    expect(read.reads()).toBe(2);
  });

  test('a new block-out names every missing field, then a backwards time, and sends nothing', async () => {
    serverLists([]);
    const posts = captureRequests('post', '/api/blockouts/bulk', {});
    const { user } = renderWithProviders(<BlockoutsPage />);
    await screen.findByTestId('empty-state');
    await user.click(screen.getByRole('button', { name: 'New Block-out' }));
    const dialog = await screen.findByRole('dialog', { name: 'New Block-out' });
    await user.click(within(dialog).getByRole('button', { name: 'Create Block-out' }));
    const items = () =>
      within(within(dialog).getByTestId('form-errors'))
        .getAllByRole('listitem')
        .map((li) => li.textContent);
    expect(items()).toEqual([
      'Please select at least one resource',
      'Start date is required',
      'End date is required',
    ]);

    await user.click(within(dialog).getByRole('combobox', { name: 'Resource' }));
    await user.click(await screen.findByRole('option', { name: 'Main Hall' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Date from' }), '15/01/2027');
    await user.type(within(dialog).getByRole('textbox', { name: 'Date to' }), '15/01/2027');
    const to = within(dialog).getByLabelText('Time to');
    await user.clear(to);
    await user.type(to, '08:00');
    await user.click(within(dialog).getByRole('button', { name: 'Create Block-out' }));
    expect(items()).toEqual(['End time must be after start time']);
    expect(posts).toHaveLength(0);
  });

  test('a new block-out over three days says what it will create, offers only active resources, and is sent', async () => {
    const list = serverLists([]);
    const posts = captureRequests('post', '/api/blockouts/bulk', (req) => {
      const days = ['2027-03-01', '2027-03-02', '2027-03-03'].map((d, i) =>
        makeBlockout({
          id: `77777777-7777-4777-8777-00000000010${i}`,
          dateFrom: d,
          dateTo: d,
          timeFrom: '07:00',
          timeTo: '10:00',
          reason: 'Other',
          notes: (req.body as { notes: string }).notes,
        }),
      );
      list.set(days);
      return HttpResponse.json({ blockouts: days }, { status: 201 });
    });
    const { user } = renderWithProviders(<BlockoutsPage />);
    await screen.findByTestId('empty-state');
    await user.click(screen.getByRole('button', { name: 'New Block-out' }));
    const dialog = await screen.findByRole('dialog', { name: 'New Block-out' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Resource' }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual([
      'Main Hall',
      'Garden Room',
    ]);
    await user.click(screen.getByRole('option', { name: 'Main Hall' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Date from' }), '01/03/2027');
    await user.type(within(dialog).getByRole('textbox', { name: 'Date to' }), '03/03/2027');
    const from = within(dialog).getByLabelText('Time from');
    await user.clear(from);
    await user.type(from, '07:00');
    const to = within(dialog).getByLabelText('Time to');
    await user.clear(to);
    await user.type(to, '10:00');
    expect(within(dialog).getByTestId('blockout-summary')).toHaveTextContent(
      'Creates one block-out per day, 7:00 AM–10:00 AM, on each of the 3 days from 01/03/2027 to 03/03/2027.',
    );
    await user.click(within(dialog).getByRole('combobox', { name: 'Reason' }));
    await user.click(await screen.findByRole('option', { name: 'Other' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Notes' }), 'Roof inspection');
    await user.click(within(dialog).getByRole('button', { name: 'Create Block-out' }));

    expect(await screen.findByText('3 block-outs created')).toBeInTheDocument();
    expect(posts.map((p) => p.body)).toEqual([
      {
        resourceIds: [HALL_ID],
        dateFrom: '2027-03-01',
        dateTo: '2027-03-03',
        timeFrom: '07:00',
        timeTo: '10:00',
        reason: 'Other',
        notes: 'Roof inspection',
        span: 'daily',
        overBookings: false,
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(rows()).toHaveLength(3));
  });

  test('editing PUTs the one block-out without a span', async () => {
    const list = serverLists([SANDING]);
    const puts = captureRequests('put', `/api/blockouts/${SANDING.id}`, (req) => {
      const saved = { ...SANDING, ...(req.body as Partial<Blockout>) };
      list.set([saved]);
      return saved;
    });
    const { user } = renderWithProviders(<BlockoutsPage />);
    await user.click(
      await screen.findByRole('button', { name: 'Edit block-out of Main Hall from 15/01/2027' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Edit Block-out' });
    expect(within(dialog).getByRole('textbox', { name: 'Date from' })).toHaveValue('15/01/2027');
    expect(within(dialog).queryByRole('radiogroup')).toBeNull();
    const notes = within(dialog).getByRole('textbox', { name: 'Notes' });
    await user.clear(notes);
    await user.type(notes, 'Floor sanding, second coat');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Block-out saved')).toBeInTheDocument();
    expect(puts.map((p) => p.body)).toEqual([
      {
        resourceIds: [HALL_ID],
        dateFrom: '2027-01-15',
        dateTo: '2027-01-15',
        timeFrom: '09:00',
        timeTo: '12:00',
        reason: 'Maintenance',
        notes: 'Floor sanding, second coat',
        overBookings: false,
      },
    ]);
    await waitFor(() => expect(rows()[0]).toContain('Floor sanding, second coat'));
  });

  test('deleting asks first, then deletes and says so', async () => {
    const list = serverLists([SANDING, PARTY]);
    const deletes = captureRequests('delete', `/api/blockouts/${SANDING.id}`, () => {
      list.set([PARTY]);
      return deleted();
    });
    const { user } = renderWithProviders(<BlockoutsPage />);
    const button = await screen.findByRole('button', {
      name: 'Delete block-out of Main Hall from 15/01/2027',
    });
    await user.click(button);
    let dialog = await screen.findByRole('dialog', { name: 'Delete Block-out' });
    expect(dialog).toHaveTextContent(
      'Delete this block-out? The resources become bookable again for that period.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(deletes).toHaveLength(0);

    await user.click(button);
    dialog = await screen.findByRole('dialog', { name: 'Delete Block-out' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Block-out deleted')).toBeInTheDocument();
    expect(deletes).toHaveLength(1);
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(rows()[0]).toContain('Private Event');
  });

  test('staff other than the owner see the block-outs read-only', async () => {
    serverLists([SANDING]);
    renderWithProviders(<BlockoutsPage />, {
      session: { role: 'sub_user', principal: { role: 'sub_user', permissions: ['resources'] } },
    });
    await screen.findByTestId('blockouts-table');
    expect(screen.getByTestId('read-only-notice')).toBeInTheDocument();
    expect(rows()).toEqual(['Main Hall15/01/2027 9:00 AM15/01/2027 12:00 PMMaintenanceFloor sanding']);
    expect(screen.queryByRole('button', { name: /Block-out|Edit|Delete/ })).toBeNull();
  });
});
