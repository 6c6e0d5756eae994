import { describe, expect, test } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { defaultHours } from '@venue/contracts';
import { captureRequests, renderWithProviders, server } from '@venue/ui/testing';
import type { Resource } from '../api/types.ts';
import { HALL_ID, LAWN_ID, ROOM_ID, deleted, failingRead, makeResource } from '../testing/fixtures.ts';
import { ResourcesPage } from './ResourcesPage.tsx';

const HALL = makeResource();
const ROOM = makeResource({
  id: ROOM_ID,
  code: 'GARDEN-ROOM',
  name: 'Garden Room',
  type: 'room',
  capacity: 40,
  description: '',
  status: 'archived',
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

const cards = () => screen.getAllByTestId('resource-card');
const stat = (label: string) => screen.getByTestId(`stat-${label}`).textContent;

describe('Resources', () => {
  test('cards show type, code, capacity, an archived badge and the description; the counts add up', async () => {
    serverList([HALL, ROOM, LAWN]);
    renderWithProviders(<ResourcesPage />);
    await screen.findAllByTestId('resource-card');
    expect(cards().map((c) => c.textContent)).toEqual([
      'Main HallHallCode MAIN-HALLCapacity 120Sprung floor and a stageEditDelete',
      'Garden RoomRoomCode GARDEN-ROOMCapacity 40ArchivedEditDelete',
      'Back LawnOutdoorCode LAWNCapacity 300EditDelete',
    ]);
    expect([stat('total'), stat('halls'), stat('rooms'), stat('outdoor')]).toEqual(['3', '1', '1', '1']);
  });

  test('search narrows the cards by name, code or type, and says when nothing matches', async () => {
    serverList([HALL, ROOM, LAWN]);
    const { user } = renderWithProviders(<ResourcesPage />);
    await screen.findAllByTestId('resource-card');
    const search = screen.getByRole('textbox', { name: 'Search resources' });
    await user.type(search, 'garden');
    expect(cards().map((c) => within(c).getByRole('heading').textContent)).toEqual(['Garden Room']);
    await user.clear(search);
    await user.type(search, 'main-');
    expect(cards().map((c) => within(c).getByRole('heading').textContent)).toEqual(['Main Hall']);
    await user.clear(search);
    await user.type(search, 'outdoor');
    expect(cards().map((c) => within(c).getByRole('heading').textContent)).toEqual(['Back Lawn']);
    await user.type(search, 'x');
    expect(screen.getByTestId('empty-state')).toHaveTextContent('No resources match your search');
    // The counts are of the venue's resources, not of the search.
    expect(stat('total')).toBe('3');
  });

  test('an empty venue is invited to add its first space', async () => {
    serverList([]);
    renderWithProviders(<ResourcesPage />);
    expect(await screen.findByTestId('empty-state')).toHaveTextContent(
      'No resources yet' + 'Add your first hall, room or outdoor space.',
    );
    expect(stat('total')).toBe('0');
  });

  test('loading, then a failed read with the server’s words and Try Again, which reads again', async () => {
    const read = failingRead('/api/resources', [HALL]);
    const { user } = renderWithProviders(<ResourcesPage />);
    expect(screen.getByTestId('loading-state')).toHaveTextContent('Loading resources...');
    const error = await screen.findByTestId('error-state');
    expect(error).toHaveTextContent('Failed to fetch resources' + 'Catalogue is unavailable right now.');
    expect(screen.queryByTestId('resource-card')).toBeNull();

    read.recover();
    await user.click(within(error).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByTestId('resource-card')).toHaveTextContent('Main Hall');
    expect(read.reads()).toBe(2);
  });

  test('a new resource without a name is refused with the field named, and nothing is sent', async () => {
    serverList([]);
    const posts = captureRequests('post', '/api/resources', {});
    const { user } = renderWithProviders(<ResourcesPage />);
    await screen.findByTestId('empty-state');
    await user.click(screen.getByRole('button', { name: 'Add Resource' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Resource' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Create Resource' }));
    expect(within(dialog).getByTestId('form-errors')).toHaveTextContent(
      'Please fix the following errors:' + 'Resource name is required',
    );
    expect(posts).toHaveLength(0);
    expect(within(dialog).getByRole('textbox', { name: /^Name/ })).toHaveAccessibleDescription(
      'Resource name is required',
    );
  });

  test('a new resource is sent with the form’s fields and the spec’s defaults, confirmed and shown', async () => {
    const list = serverList([]);
    const posts = captureRequests('post', '/api/resources', (req) => {
      const created = makeResource({ ...(req.body as Partial<Resource>), id: ROOM_ID, code: 'GARDEN-ROOM' });
      list.set([created]);
      return HttpResponse.json(created, { status: 201 });
    });
    const { user } = renderWithProviders(<ResourcesPage />);
    await screen.findByTestId('empty-state');
    await user.click(screen.getByRole('button', { name: 'Add Resource' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Resource' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), ' Garden Room ');
    await user.click(within(dialog).getByRole('combobox', { name: /^Type/ }));
    await user.click(await screen.findByRole('option', { name: 'Room' }));
    const capacity = within(dialog).getByRole('textbox', { name: /^Capacity/ });
    await user.clear(capacity);
    await user.type(capacity, '45');
    await user.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'Opens to the garden');
    await user.click(within(dialog).getByRole('button', { name: 'Create Resource' }));

    expect(await screen.findByText('Resource created successfully!')).toBeInTheDocument();
    expect(posts.map((p) => p.body)).toEqual([
      {
        name: 'Garden Room',
        type: 'room',
        capacity: 45,
        description: 'Opens to the garden',
        internalNotes: '',
        visibility: 'public',
        status: 'active',
        calendarColour: '#2563EB',
        colourName: 'Blue',
        hours: defaultHours(),
        setupBufferMinutes: 15,
        packdownBufferMinutes: 15,
        applyBuffers: true,
        equipment: [],
        icsEnabled: false,
        publicCalendar: false,
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByTestId('resource-card')).toHaveTextContent(
      'Garden RoomRoomCode GARDEN-ROOMCapacity 45Opens to the garden',
    );
  });

  test('editing shows the stored values and PUTs the change without the server’s own fields', async () => {
    const list = serverList([HALL]);
    const puts = captureRequests('put', `/api/resources/${HALL_ID}`, (req) => {
      const saved = { ...HALL, ...(req.body as Partial<Resource>) };
      list.set([saved]);
      return saved;
    });
    const { user } = renderWithProviders(<ResourcesPage />);
    await user.click(await screen.findByRole('button', { name: 'Edit Main Hall' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Resource' });
    expect(within(dialog).getByRole('textbox', { name: 'Code' })).toHaveValue('MAIN-HALL');
    const capacity = within(dialog).getByRole('textbox', { name: /^Capacity/ });
    expect(capacity).toHaveValue('120');
    await user.clear(capacity);
    await user.type(capacity, '150');
    await user.click(within(dialog).getByRole('button', { name: 'Update Resource' }));

    expect(await screen.findByText('Resource updated successfully!')).toBeInTheDocument();
    expect(puts).toHaveLength(1);
    const body = puts[0]!.body as Record<string, unknown>;
    expect(body).toMatchObject({
      name: 'Main Hall',
      type: 'hall',
      capacity: 150,
      description: 'Sprung floor and a stage',
      hours: HALL.hours,
    });
    for (const serverOwned of ['id', 'code', 'lastUpdated', 'createdAt', 'icsFeedActive']) {
      expect(body).not.toHaveProperty(serverOwned);
    }
    await waitFor(() => expect(screen.getByTestId('resource-card')).toHaveTextContent('Capacity 150'));
  });

  test('deleting asks first, naming what goes with it, then deletes and says so', async () => {
    const list = serverList([HALL, LAWN]);
    const deletes = captureRequests('delete', `/api/resources/${HALL_ID}`, () => {
      list.set([LAWN]);
      return deleted();
    });
    const { user } = renderWithProviders(<ResourcesPage />);
    await user.click(await screen.findByRole('button', { name: 'Delete Main Hall' }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete Resource' });
    expect(dialog).toHaveTextContent(
      'Delete Main Hall? Its rate card is deleted too and it is removed from block-outs. Archive it instead to keep its history.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(deletes).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete Main Hall' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete Resource' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Resource deleted successfully!')).toBeInTheDocument();
    expect(deletes).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(stat('total')).toBe('1');
  });

  test('staff other than the owner see the cards read-only', async () => {
    serverList([HALL]);
    renderWithProviders(<ResourcesPage />, {
      session: { role: 'sub_user', principal: { role: 'sub_user', permissions: ['resources'] } },
    });
    await screen.findByTestId('resource-card');
    expect(screen.getByTestId('read-only-notice')).toHaveTextContent(
      'Read-only view. Only Hall Owners can manage resources.',
    );
    expect(screen.queryByRole('button', { name: /Edit|Delete|Add Resource/ })).toBeNull();
  });
});
