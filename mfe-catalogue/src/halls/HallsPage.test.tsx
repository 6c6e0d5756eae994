import { describe, expect, test } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { defaultHours } from '@venue/contracts';
import { captureRequests, onlyBody, renderWithProviders, server } from '@venue/ui/testing';
import type { Resource } from '../api/types.ts';
import { HALL_ID, LAWN_ID, ROOM_ID, failingRead, makeResource } from '../testing/fixtures.ts';
import { HallsPage } from './HallsPage.tsx';

const HALL = makeResource();
const ROOM = makeResource({
  id: ROOM_ID,
  code: 'GARDEN-ROOM',
  name: 'Garden Room',
  type: 'room',
  capacity: 40,
  description: '',
  visibility: 'admin',
  status: 'archived',
  setupBufferMinutes: 30,
  packdownBufferMinutes: 0,
  hours: { ...defaultHours(), sun: { open: '10:00', close: '16:00', closed: true } },
});
const LAWN = makeResource({
  id: LAWN_ID,
  code: 'LAWN',
  name: 'Back Lawn',
  type: 'outdoor',
  capacity: 300,
  description: '',
});

/** The resources as the service keeps them: a write changes what the next read answers. */
function serverList(initial: Resource[]) {
  let list = initial;
  server.use(http.get('/api/resources', () => HttpResponse.json(list)));
  return {
    set: (next: Resource[]) => {
      list = next;
    },
  };
}

const rows = () =>
  within(screen.getByTestId('halls-table'))
    .getAllByRole('row')
    .slice(1)
    .map((r) => r.textContent);
const names = () =>
  within(screen.getByTestId('halls-table'))
    .getAllByRole('row')
    .slice(1)
    .map((r) => r.getAttribute('aria-label'));

async function rowAction(user: ReturnType<typeof renderWithProviders>['user'], name: string, item: string) {
  await user.click(screen.getByRole('button', { name: `Actions for ${name}` }));
  await user.click(await screen.findByRole('menuitem', { name: item }));
}

describe('Halls/Rooms', () => {
  test('the table shows code, type, capacity, hours, buffers, visibility and status as the page words them', async () => {
    serverList([HALL, ROOM, LAWN]);
    renderWithProviders(<HallsPage />);
    await screen.findByTestId('halls-table');
    expect(rows()).toEqual([
      'Main HallSprung floor and a stageMAIN-HALLHall120Daily15/15 minPublicActive⋮',
      'Garden RoomGARDEN-ROOMRoom40Varies30/0 minAdmin-onlyArchived⋮',
      'Back LawnLAWNOutdoor300Daily15/15 minPublicActive⋮',
    ]);
  });

  test('filters narrow the rows and Clear filters brings them back', async () => {
    serverList([HALL, ROOM, LAWN]);
    const { user } = renderWithProviders(<HallsPage />);
    await screen.findByTestId('halls-table');

    await user.type(screen.getByRole('textbox', { name: 'Search by name or code' }), 'lawn');
    expect(names()).toEqual(['Back Lawn details']);
    await user.clear(screen.getByRole('textbox', { name: 'Search by name or code' }));

    await user.type(screen.getByRole('textbox', { name: 'Minimum capacity' }), '100');
    expect(names()).toEqual(['Main Hall details', 'Back Lawn details']);
    await user.click(screen.getByRole('checkbox', { name: 'Outdoor' }));
    expect(names()).toEqual(['Back Lawn details']);
    await user.click(screen.getByRole('checkbox', { name: 'Archived' }));
    expect(screen.getByTestId('empty-state')).toHaveTextContent('No halls or rooms match these filters');

    await user.click(
      within(screen.getByTestId('empty-state')).getByRole('button', { name: 'Clear filters' }),
    );
    expect(names()).toEqual(['Main Hall details', 'Garden Room details', 'Back Lawn details']);
    expect(screen.getByRole('textbox', { name: 'Minimum capacity' })).toHaveValue('');
  });

  test('a column heading sorts up, then down, then back to the server’s order', async () => {
    serverList([HALL, ROOM, LAWN]);
    const { user } = renderWithProviders(<HallsPage />);
    await screen.findByTestId('halls-table');
    const capacity = screen.getByRole('button', { name: /^Capacity/ });
    await user.click(capacity);
    expect(names()).toEqual(['Garden Room details', 'Main Hall details', 'Back Lawn details']);
    expect(screen.getByRole('columnheader', { name: /Capacity/ })).toHaveAttribute('aria-sort', 'ascending');
    await user.click(capacity);
    expect(names()).toEqual(['Back Lawn details', 'Main Hall details', 'Garden Room details']);
    expect(screen.getByRole('columnheader', { name: /Capacity/ })).toHaveAttribute('aria-sort', 'descending');
    await user.click(capacity);
    expect(names()).toEqual(['Main Hall details', 'Garden Room details', 'Back Lawn details']);
  });

  test('a venue without spaces says so', async () => {
    serverList([]);
    renderWithProviders(<HallsPage />);
    expect(await screen.findByTestId('empty-state')).toHaveTextContent('No halls or rooms yet');
    expect(screen.getByRole('button', { name: 'Clear filters' })).toBeDisabled();
  });

  test('loading, then a failed read with the server’s words and Try Again, which reads again', async () => {
    const read = failingRead('/api/resources', [HALL]);
    const { user } = renderWithProviders(<HallsPage />);
    expect(screen.getByTestId('loading-state')).toHaveTextContent('Loading resources...');
    const error = await screen.findByTestId('error-state');
    expect(error).toHaveTextContent('Failed to fetch resources' + 'Catalogue is unavailable right now.');
    read.recover();
    await user.click(within(error).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByTestId('halls-table')).toHaveTextContent('Main Hall');
    expect(read.reads()).toBe(2);
  });

  test('a row opens its details: hours cut at 60 characters, buffers, equipment and the last update in the venue’s zone', async () => {
    serverList([
      makeResource({
        equipment: [
          { name: 'Chairs', quantity: 100 },
          { name: 'Tables', quantity: 12 },
        ],
        internalNotes: 'Key in the lockbox',
        applyBuffers: false,
      }),
    ]);
    const { user } = renderWithProviders(<HallsPage />);
    await user.click(await screen.findByRole('row', { name: 'Main Hall details' }));
    const panel = await screen.findByTestId('hall-detail-panel');
    const facts = within(within(panel).getAllByRole('table')[0]!)
      .getAllByRole('row')
      .map((r) => r.textContent);
    expect(facts).toEqual([
      'ColourBlue',
      'CodeMAIN-HALL',
      'TypeHall',
      'Capacity120',
      'StatusActive',
      'HoursMon 08:00-18:00, Tue 08:00-18:00, Wed 08:00-18:00, Thu 08...',
      'BuffersSetup 15 min, pack-down 15 min (not applied)',
      'VisibilityPublic',
      'Equipment2 items',
      'Last updated01/11/2026 11:00 AM',
    ]);
    expect(panel).toHaveTextContent('Internal notes: Key in the lockbox');
  });

  test('a new hall/room lists every problem, on every tab, and sends nothing', async () => {
    serverList([]);
    const posts = captureRequests('post', '/api/resources', {});
    const { user } = renderWithProviders(<HallsPage />);
    await screen.findByTestId('empty-state');
    await user.click(screen.getByRole('button', { name: 'New Hall/Room' }));
    const dialog = await screen.findByRole('dialog', { name: 'New Hall/Room' });

    await user.click(within(dialog).getByRole('tab', { name: 'Hours' }));
    const close = within(dialog).getByLabelText('Monday closing time');
    await user.clear(close);
    await user.type(close, '07:00');
    await user.click(within(dialog).getByRole('tab', { name: 'Equipment' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add equipment' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create Hall/Room' }));

    const errors = within(dialog).getByTestId('form-errors');
    expect(
      within(errors)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Resource name is required',
      'Monday closing time must be after opening time',
      'Equipment item 1 needs a name',
    ]);
    expect(posts).toHaveLength(0);
  });

  test('a new hall/room is sent with every tab’s fields, confirmed, and listed', async () => {
    const list = serverList([]);
    const posts = captureRequests('post', '/api/resources', (req) => {
      const created = makeResource({ ...(req.body as Partial<Resource>), id: ROOM_ID, code: 'GARDEN-ROOM' });
      list.set([created]);
      return HttpResponse.json(created, { status: 201 });
    });
    const { user } = renderWithProviders(<HallsPage />);
    await screen.findByTestId('empty-state');
    await user.click(screen.getByRole('button', { name: 'New Hall/Room' }));
    const dialog = await screen.findByRole('dialog', { name: 'New Hall/Room' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), '  Garden Room ');
    await user.click(within(dialog).getByRole('combobox', { name: 'Type' }));
    await user.click(await screen.findByRole('option', { name: 'Room' }));
    const capacity = within(dialog).getByRole('textbox', { name: /^Capacity/ });
    await user.clear(capacity);
    await user.type(capacity, '40');
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Internal notes (admin only)' }),
      'Side door',
    );

    await user.click(within(dialog).getByRole('tab', { name: 'Hours' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Sunday closed' }));
    await user.click(within(dialog).getByRole('tab', { name: 'Buffers' }));
    const setup = within(dialog).getByRole('textbox', { name: 'Setup buffer (minutes)' });
    await user.clear(setup);
    await user.type(setup, '30');
    await user.click(within(dialog).getByRole('tab', { name: 'Equipment' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add equipment' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Equipment 1 name' }), 'Trestle tables');
    const quantity = within(dialog).getByRole('textbox', { name: 'Equipment 1 quantity' });
    await user.clear(quantity);
    await user.type(quantity, '8');
    await user.click(within(dialog).getByRole('tab', { name: 'Publishing' }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Visibility' }));
    await user.click(await screen.findByRole('option', { name: 'Admin-only' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create Hall/Room' }));

    expect(await screen.findByText('Resource created successfully!')).toBeInTheDocument();
    expect(posts.map((p) => p.body)).toEqual([
      {
        name: 'Garden Room',
        type: 'room',
        capacity: 40,
        description: '',
        internalNotes: 'Side door',
        visibility: 'admin',
        status: 'active',
        calendarColour: '#2563EB',
        colourName: 'Blue',
        hours: { ...defaultHours(), sun: { open: '10:00', close: '16:00', closed: true } },
        setupBufferMinutes: 30,
        packdownBufferMinutes: 15,
        applyBuffers: true,
        equipment: [{ name: 'Trestle tables', quantity: 8 }],
        icsEnabled: false,
        publicCalendar: false,
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByRole('row', { name: 'Garden Room details' })).toHaveTextContent(
      'Garden RoomGARDEN-ROOMRoom40Varies30/15 minAdmin-onlyActive',
    );
  });

  test('Edit from a row’s menu shows the stored values and PUTs the change', async () => {
    const list = serverList([HALL]);
    const puts = captureRequests('put', `/api/resources/${HALL_ID}`, (req) => {
      const saved = { ...HALL, ...(req.body as Partial<Resource>) };
      list.set([saved]);
      return saved;
    });
    const { user } = renderWithProviders(<HallsPage />);
    await screen.findByTestId('halls-table');
    await rowAction(user, 'Main Hall', 'Edit');
    const dialog = await screen.findByRole('dialog', { name: 'Edit Main Hall' });
    expect(within(dialog).getByRole('textbox', { name: 'Code' })).toHaveValue('MAIN-HALL');
    const name = within(dialog).getByRole('textbox', { name: /^Name/ });
    await user.clear(name);
    await user.type(name, 'Grand Hall');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Resource updated successfully!')).toBeInTheDocument();
    expect(onlyBody(puts)).toMatchObject({ name: 'Grand Hall', capacity: 120, hours: HALL.hours });
    expect(puts[0]!.body).not.toHaveProperty('code');
    expect(await screen.findByRole('row', { name: 'Grand Hall details' })).toBeInTheDocument();
  });

  test('Archive and Restore from a row’s menu call the server and say so', async () => {
    const list = serverList([HALL, ROOM]);
    const archives = captureRequests('post', `/api/resources/${HALL_ID}/archive`, () => {
      const archived = { ...HALL, status: 'archived' as const };
      list.set([archived, ROOM]);
      return archived;
    });
    const restores = captureRequests('post', `/api/resources/${ROOM_ID}/restore`, () => {
      const restored = { ...ROOM, status: 'active' as const };
      list.set([{ ...HALL, status: 'archived' }, restored]);
      return restored;
    });
    const { user } = renderWithProviders(<HallsPage />);
    await screen.findByTestId('halls-table');
    await rowAction(user, 'Main Hall', 'Archive');
    expect(await screen.findByText('Main Hall archived')).toBeInTheDocument();
    await waitFor(() => expect(rows()[0]).toMatch(/Archived⋮$/));
    expect(archives).toHaveLength(1);

    await rowAction(user, 'Garden Room', 'Restore');
    expect(await screen.findByText('Garden Room restored')).toBeInTheDocument();
    await waitFor(() => expect(rows()[1]).toMatch(/Active⋮$/));
    expect(restores).toHaveLength(1);
  });

  test('Duplicate makes the copy on the server and opens its details', async () => {
    const copy = makeResource({ id: LAWN_ID, code: 'MAIN-HALL-2', name: 'Main Hall (copy)' });
    const list = serverList([HALL]);
    const duplicates = captureRequests('post', `/api/resources/${HALL_ID}/duplicate`, () => {
      list.set([HALL, copy]);
      return HttpResponse.json(copy, { status: 201 });
    });
    const { user } = renderWithProviders(<HallsPage />);
    await screen.findByTestId('halls-table');
    await rowAction(user, 'Main Hall', 'Duplicate');
    expect(await screen.findByText('Main Hall (copy) created')).toBeInTheDocument();
    expect(duplicates).toHaveLength(1);
    expect(await screen.findByRole('dialog', { name: 'Main Hall (copy)' })).toHaveTextContent(
      'CodeMAIN-HALL-2',
    );
  });

  test('selected rows are archived together', async () => {
    const list = serverList([HALL, ROOM, LAWN]);
    const bulk = captureRequests('post', '/api/resources/bulk-archive', () => {
      list.set([{ ...HALL, status: 'archived' }, ROOM, { ...LAWN, status: 'archived' }]);
      return { archived: 2 };
    });
    const { user } = renderWithProviders(<HallsPage />);
    await screen.findByTestId('halls-table');
    expect(screen.queryByTestId('bulk-bar')).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: 'Select Main Hall' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Back Lawn' }));
    expect(screen.getByTestId('bulk-bar')).toHaveTextContent('2 selected');
    await user.click(screen.getByRole('button', { name: 'Archive Selected' }));

    expect(await screen.findByText('Selected resources archived')).toBeInTheDocument();
    expect(bulk.map((b) => b.body)).toEqual([{ ids: [HALL_ID, LAWN_ID] }]);
    await waitFor(() => expect(screen.queryByTestId('bulk-bar')).toBeNull());
    await waitFor(() => expect(rows()[2]).toMatch(/Archived⋮$/));
  });

  test('a refused archive says why and leaves the row as it was', async () => {
    serverList([HALL]);
    captureRequests('post', `/api/resources/${HALL_ID}/archive`, () =>
      HttpResponse.json({ message: 'Resource not found' }, { status: 404 }),
    );
    const { user } = renderWithProviders(<HallsPage />);
    await screen.findByTestId('halls-table');
    await rowAction(user, 'Main Hall', 'Archive');
    expect(await screen.findByText('Resource not found')).toBeInTheDocument();
    expect(rows()[0]).toMatch(/Active⋮$/);
  });

  test('replacing a live calendar feed asks first, then shows the new URL', async () => {
    serverList([makeResource({ icsEnabled: true, icsFeedActive: true })]);
    const issued = captureRequests('post', `/api/resources/${HALL_ID}/ics-token`, () =>
      HttpResponse.json({ icsUrl: '/api/ics/secret-token.ics' }, { status: 201 }),
    );
    const { user } = renderWithProviders(<HallsPage />);
    await user.click(await screen.findByRole('row', { name: 'Main Hall details' }));
    const panel = await screen.findByTestId('hall-detail-panel');
    await user.click(within(panel).getByRole('button', { name: 'Copy ICS URL' }));
    let ask = await screen.findByRole('dialog', { name: 'Replace the calendar feed URL?' });
    expect(ask).toHaveTextContent('calendars subscribed to the old one will stop updating');
    await user.click(within(ask).getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Replace the calendar feed URL?' })).toBeNull(),
    );
    expect(issued).toHaveLength(0);

    await user.click(within(panel).getByRole('button', { name: 'Copy ICS URL' }));
    ask = await screen.findByRole('dialog', { name: 'Replace the calendar feed URL?' });
    await user.click(within(ask).getByRole('button', { name: 'Create new URL' }));
    expect(await within(panel).findByTestId('ics-url')).toHaveTextContent(
      `${window.location.origin}/api/ics/secret-token.ics`,
    );
    expect(issued).toHaveLength(1);
  });

  test('staff other than the owner may look and open details but not change', async () => {
    serverList([HALL]);
    const { user } = renderWithProviders(<HallsPage />, {
      session: { role: 'sub_user', principal: { role: 'sub_user', permissions: ['resources'] } },
    });
    await screen.findByTestId('halls-table');
    expect(screen.getByTestId('read-only-notice')).toHaveTextContent(
      'Read-only view. Only Hall Owners can manage resources.',
    );
    expect(screen.queryByRole('button', { name: /New Hall\/Room|Bulk Block-out/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Actions for Main Hall' }));
    expect((await screen.findAllByRole('menuitem')).map((m) => m.textContent)).toEqual(['View Details']);
  });
});
