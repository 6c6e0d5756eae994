import { describe, expect, test } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { captureRequests, renderWithProviders, server } from '@venue/ui/testing';
import { useSession } from '@venue/ui';
import { SessionProvider } from '../session/SessionProvider.tsx';
import { Sidebar, WAITING_QUERY_KEY } from './Sidebar.tsx';

/** The side menu as the signed-in layout shows it (the session from the test's providers). */
function Menu() {
  return <Sidebar session={useSession()} showBrand />;
}

function renderMenu(role = 'hall_owner', permissions: string[] = []) {
  server.use(http.post('/api/auth/refresh', () => HttpResponse.json({ authenticated: false })));
  return renderWithProviders(
    <SessionProvider>
      <Menu />
    </SessionProvider>,
    { route: '/Dashboard', session: { role, principal: { role, permissions } } },
  );
}

async function openBookings(user: ReturnType<typeof renderMenu>['user']) {
  const nav = screen.getByRole('navigation', { name: 'Main menu' });
  await user.click(within(nav).getByRole('button', { name: 'Bookings' }));
  return nav;
}

describe('Side menu: requests waiting (issue 25)', () => {
  test('shows how many requests wait beside Booking Requests, named for screen readers', async () => {
    const asked = captureRequests('get', '/api/bookings/requests/waiting', { count: 3, website: 2 });
    const { user } = renderMenu();
    const nav = await openBookings(user);
    const link = await within(nav).findByRole('link', { name: /^Booking Requests\s+3 requests waiting$/ });
    expect(link).toHaveAttribute('href', '/BookingsHolds');
    expect(within(link).getByTestId('waiting-count')).toHaveTextContent('3');
    expect(asked).toHaveLength(1);
  });

  test('one request reads in the singular', async () => {
    captureRequests('get', '/api/bookings/requests/waiting', { count: 1, website: 1 });
    const { user } = renderMenu();
    const nav = await openBookings(user);
    expect(
      await within(nav).findByRole('link', { name: /^Booking Requests\s+1 request waiting$/ }),
    ).toBeInTheDocument();
  });

  test('no count when nothing waits', async () => {
    const asked = captureRequests('get', '/api/bookings/requests/waiting', { count: 0, website: 0 });
    const { user } = renderMenu();
    const nav = await openBookings(user);
    await waitFor(() => expect(asked).toHaveLength(1));
    // found, not got: the group's links appear once it has opened (one run in four was early)
    expect(await within(nav).findByRole('link', { name: 'Booking Requests' })).toBeInTheDocument();
    expect(within(nav).queryByTestId('waiting-count')).not.toBeInTheDocument();
  });

  test('a write in the bookings remote (which refreshes its `bookings` queries) updates the count', async () => {
    let waiting = 2;
    captureRequests('get', '/api/bookings/requests/waiting', () => ({ count: waiting, website: 0 }));
    const { user, queryClient } = renderMenu();
    const nav = await openBookings(user);
    await within(nav).findByRole('link', { name: /^Booking Requests\s+2 requests waiting$/ });
    waiting = 1;
    // What mfe-bookings' refresh after an accept or decline does on the shared query client.
    await queryClient.invalidateQueries({ queryKey: [WAITING_QUERY_KEY[0]] });
    expect(
      await within(nav).findByRole('link', { name: /^Booking Requests\s+1 request waiting$/ }),
    ).toBeInTheDocument();
  });

  test('a failed count leaves the menu as it is', async () => {
    server.use(
      http.get('/api/bookings/requests/waiting', () =>
        HttpResponse.json({ message: 'down' }, { status: 503 }),
      ),
    );
    const { user } = renderMenu();
    const nav = await openBookings(user);
    expect(await within(nav).findByRole('link', { name: 'Booking Requests' })).toBeInTheDocument();
  });

  test('a staff member without bookings neither sees the item nor asks for the count', async () => {
    const asked = captureRequests('get', '/api/bookings/requests/waiting', { count: 4, website: 0 });
    renderMenu('sub_user', ['dashboard']);
    const nav = screen.getByRole('navigation', { name: 'Main menu' });
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toBeInTheDocument();
    expect(within(nav).queryByRole('button', { name: 'Bookings' })).not.toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 50));
    expect(asked).toHaveLength(0);
  });
});
