import { describe, expect, test } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { captureRequests, renderWithProviders, server } from '@venue/ui/testing';
import type { Addon } from '../api/types.ts';
import { deleted, failingRead, makeAddon } from '../testing/fixtures.ts';
import { AddonsPage } from './AddonsPage.tsx';

const PROJECTOR = makeAddon();
const CLEANING = makeAddon({
  id: '55555555-5555-4555-8555-000000000002',
  name: 'Extra cleaning',
  priceCents: 123_456,
  description: '',
});

/** The add-ons as the service keeps them: a save or delete changes what the next read answers. */
function serverList(initial: Addon[]) {
  let list = initial;
  let reads = 0;
  server.use(
    http.get('/api/addons', () => {
      reads += 1;
      return HttpResponse.json(list);
    }),
  );
  return {
    set: (next: Addon[]) => {
      list = next;
    },
    reads: () => reads,
  };
}

const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((r) => r.textContent);

describe('Add-ons', () => {
  test('lists each add-on with its price in the venue’s currency', async () => {
    serverList([PROJECTOR, CLEANING]);
    renderWithProviders(<AddonsPage />);
    expect(rowsOf(await screen.findByTestId('addons-table'))).toEqual([
      'Projector$45.00With HDMI cableEditDelete',
      'Extra cleaning$1,234.56EditDelete',
    ]);
  });

  test('prices follow the currency setting', async () => {
    serverList([PROJECTOR]);
    renderWithProviders(<AddonsPage />, { session: { settings: { currency: 'GBP' } } });
    expect(await screen.findByTestId('addons-table')).toHaveTextContent('Projector£45.00');
  });

  test('an empty list says so', async () => {
    serverList([]);
    renderWithProviders(<AddonsPage />);
    expect(await screen.findByTestId('empty-state')).toHaveTextContent('No add-ons yet');
    expect(screen.queryByTestId('addons-table')).toBeNull();
  });

  test('loading, then a failed read with the server’s words and Try Again, which reads again', async () => {
    const read = failingRead('/api/addons', [PROJECTOR]);
    const { user } = renderWithProviders(<AddonsPage />);
    expect(screen.getByTestId('loading-state')).toHaveTextContent('Loading add-ons...');
    const error = await screen.findByTestId('error-state');
    expect(error).toHaveTextContent('Failed to fetch add-ons');
    expect(error).toHaveTextContent('Catalogue is unavailable right now.');
    expect(screen.queryByTestId('addons-table')).toBeNull();

    read.recover();
    await user.click(within(error).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByTestId('addons-table')).toHaveTextContent('Projector$45.00');
    expect(read.reads()).toBe(2);
  });

  test('a new add-on without name or price names both and sends nothing', async () => {
    serverList([]);
    const posts = captureRequests('post', '/api/addons', {});
    const { user } = renderWithProviders(<AddonsPage />);
    await screen.findByTestId('empty-state');
    await user.click(screen.getByRole('button', { name: 'New add-on' }));
    await user.type(await screen.findByRole('textbox', { name: 'Add-on name' }), '   ');
    await user.click(screen.getByRole('button', { name: 'Add' }));

    const errors = await screen.findByTestId('form-errors');
    expect(errors).toHaveTextContent('Please fix the following errors:');
    expect(
      within(errors)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Add-on name is required', 'Price is required']);
    // Each also under its field.
    expect(screen.getByRole('textbox', { name: 'Add-on name' })).toHaveAccessibleDescription(
      'Add-on name is required',
    );
    expect(screen.getByRole('textbox', { name: 'Add-on price' })).toHaveAccessibleDescription(
      'Price is required',
    );
    expect(posts).toHaveLength(0);
  });

  test('a new add-on is sent trimmed with its price in cents, confirmed, and listed', async () => {
    const list = serverList([PROJECTOR]);
    const posts = captureRequests('post', '/api/addons', (req) => {
      const created = makeAddon({ ...(req.body as Partial<Addon>), id: CLEANING.id });
      list.set([PROJECTOR, created]);
      return HttpResponse.json(created, { status: 201 });
    });
    const { user } = renderWithProviders(<AddonsPage />);
    await screen.findByTestId('addons-table');
    await user.click(screen.getByRole('button', { name: 'New add-on' }));
    const name = await screen.findByRole('textbox', { name: 'Add-on name' });
    await user.type(name, '  Extra cleaning ');
    await user.type(screen.getByRole('textbox', { name: 'Add-on price' }), '80.5');
    await user.type(screen.getByRole('textbox', { name: 'Add-on description' }), 'After midnight');
    await user.click(screen.getByRole('button', { name: 'Add' }));

    expect(await screen.findByText('Add-on saved')).toBeInTheDocument();
    expect(posts.map((p) => p.body)).toEqual([
      { name: 'Extra cleaning', priceCents: 8050, description: 'After midnight' },
    ]);
    await waitFor(() =>
      expect(rowsOf(screen.getByTestId('addons-table'))).toEqual([
        'Projector$45.00With HDMI cableEditDelete',
        'Extra cleaning$80.50After midnightEditDelete',
      ]),
    );
    // The panel is ready for the next one.
    expect(name).toHaveValue('');
    expect(screen.queryByTestId('form-errors')).toBeNull();
  });

  test('a refused save keeps what was typed and shows the server’s reason', async () => {
    serverList([]);
    captureRequests('post', '/api/addons', () =>
      HttpResponse.json(
        {
          message: 'Add-on name must be one line',
          errors: [{ path: 'name', message: 'Add-on name must be one line' }],
        },
        { status: 400 },
      ),
    );
    const { user } = renderWithProviders(<AddonsPage />);
    await screen.findByTestId('empty-state');
    await user.click(screen.getByRole('button', { name: 'New add-on' }));
    await user.type(await screen.findByRole('textbox', { name: 'Add-on name' }), 'Chairs');
    await user.type(screen.getByRole('textbox', { name: 'Add-on price' }), '3');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    // Said in the toast, and under the field the server named (listed on top with the others).
    const name = screen.getByRole('textbox', { name: 'Add-on name' });
    await waitFor(() => expect(name).toHaveAccessibleDescription('Add-on name must be one line'));
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByTestId('form-errors')).toHaveTextContent('Add-on name must be one line');
    const toasts = screen.getAllByRole('alert').filter((a) => a.dataset.testid !== 'form-errors');
    expect(toasts.some((t) => t.textContent?.includes('Add-on name must be one line'))).toBe(true);
    expect(name).toHaveValue('Chairs');
  });

  test('editing a row in place PUTs the changed price in cents', async () => {
    const list = serverList([PROJECTOR, CLEANING]);
    const puts = captureRequests('put', `/api/addons/${PROJECTOR.id}`, (req) => {
      const saved = makeAddon({ ...PROJECTOR, ...(req.body as Partial<Addon>) });
      list.set([saved, CLEANING]);
      return saved;
    });
    const { user } = renderWithProviders(<AddonsPage />);
    await user.click(await screen.findByRole('button', { name: 'Edit Projector' }));
    const table = screen.getByTestId('addons-table');
    const price = await within(table).findByRole('textbox', { name: 'Price' });
    expect(within(table).getByRole('textbox', { name: 'Name' })).toHaveValue('Projector');
    expect(price).toHaveValue('45');

    // Emptied, the price is refused in the row itself.
    await user.clear(price);
    await user.click(within(table).getByRole('button', { name: 'Save' }));
    expect(within(table).getByTestId('form-errors')).toHaveTextContent('Price is required');
    expect(puts).toHaveLength(0);

    await user.type(price, '52.25');
    await user.click(within(table).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Add-on saved')).toBeInTheDocument();
    expect(puts.map((p) => p.body)).toEqual([
      { name: 'Projector', priceCents: 5225, description: 'With HDMI cable' },
    ]);
    await waitFor(() =>
      expect(rowsOf(screen.getByTestId('addons-table'))[0]).toBe('Projector$52.25With HDMI cableEditDelete'),
    );
  });

  test('Cancel on a row being edited sends nothing and shows the add-on as it was', async () => {
    serverList([PROJECTOR]);
    const puts = captureRequests('put', `/api/addons/${PROJECTOR.id}`, {});
    const { user } = renderWithProviders(<AddonsPage />);
    await user.click(await screen.findByRole('button', { name: 'Edit Projector' }));
    const table = screen.getByTestId('addons-table');
    await user.type(within(table).getByRole('textbox', { name: 'Name' }), ' XL');
    await user.click(within(table).getByRole('button', { name: 'Cancel' }));
    expect(rowsOf(table)).toEqual(['Projector$45.00With HDMI cableEditDelete']);
    expect(puts).toHaveLength(0);
  });

  test('deleting asks first; Cancel keeps it, Delete removes it and says so', async () => {
    const list = serverList([PROJECTOR, CLEANING]);
    const deletes = captureRequests('delete', `/api/addons/${PROJECTOR.id}`, () => {
      list.set([CLEANING]);
      return deleted();
    });
    const { user } = renderWithProviders(<AddonsPage />);
    await user.click(await screen.findByRole('button', { name: 'Delete Projector' }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete Add-on' });
    expect(dialog).toHaveTextContent('Delete Projector? It will no longer be offered on new bookings.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(deletes).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete Projector' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete Add-on' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Add-on deleted')).toBeInTheDocument();
    expect(deletes).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() =>
      expect(rowsOf(screen.getByTestId('addons-table'))).toEqual(['Extra cleaning$1,234.56EditDelete']),
    );
  });

  test('a refused delete says why and leaves the add-on listed', async () => {
    serverList([PROJECTOR]);
    captureRequests('delete', `/api/addons/${PROJECTOR.id}`, () =>
      HttpResponse.json({ message: 'Add-on not found' }, { status: 404 }),
    );
    const { user } = renderWithProviders(<AddonsPage />);
    await user.click(await screen.findByRole('button', { name: 'Delete Projector' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Add-on' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Add-on not found')).toBeInTheDocument();
    expect(screen.getByTestId('addons-table')).toHaveTextContent('Projector');
  });

  test('staff other than the owner see the list read-only', async () => {
    serverList([PROJECTOR]);
    renderWithProviders(<AddonsPage />, {
      session: { role: 'sub_user', principal: { role: 'sub_user', permissions: ['pricing'] } },
    });
    const table = await screen.findByTestId('addons-table');
    expect(screen.getByTestId('read-only-notice')).toHaveTextContent(
      'Read-only view. Only Hall Owners can manage pricing.',
    );
    expect(rowsOf(table)).toEqual(['Projector$45.00With HDMI cable']);
    expect(screen.queryByRole('button', { name: /Edit|Delete|Add|New add-on/ })).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Add-on name' })).toBeNull();
  });
});
