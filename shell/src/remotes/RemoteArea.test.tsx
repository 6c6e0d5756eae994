import { afterEach, beforeAll, beforeEach, describe, expect, jest, test } from '@jest/globals';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { renderWithProviders, server } from '@venue/ui/testing';
import type { RemoteArea as RemoteAreaType } from './RemoteArea.tsx';
import type { resetRemoteLoader as resetRemoteLoaderType } from './remote-loader.ts';

// The federation runtime is the browser's business; here it is a stub that records what the
// shell registers and hands back lifecycles that write into the parcel's element.
const registerRemotes = jest.fn();
const loadRemote = jest.fn<(id: string) => Promise<unknown>>();
jest.mock('@module-federation/enhanced/runtime', () => ({
  registerRemotes: (...args: unknown[]) => registerRemotes(...args),
  loadRemote: (id: string) => loadRemote(id),
}));

const V1 = '0.1.0-aaaaaaaaaa';
const V2 = '0.1.0-bbbbbbbbbb';
const release = (version: string, ui: string) => ({
  name: 'catalogue',
  version,
  entry: `/mfe/catalogue/${version}/mf-manifest.json`,
  shared: { '@venue/ui': ui, react: '^19.2.0' },
});
const lifecycles = {
  bootstrap: async () => {},
  mount: async (props: { domElement: HTMLElement }) => {
    props.domElement.textContent = 'Catalogue pages';
  },
  unmount: async () => {},
};

// Loaded after the stub is in place (this project's swc transform does not hoist jest.mock).
let RemoteArea!: typeof RemoteAreaType;
let resetRemoteLoader!: typeof resetRemoteLoaderType;
beforeAll(async () => {
  ({ RemoteArea } = await import('./RemoteArea.tsx'));
  ({ resetRemoteLoader } = await import('./remote-loader.ts'));
});

/** The config the gateway answers, and how often it was asked (once per page load). */
let served: { remotes: Array<Record<string, unknown>> };
let fetches = 0;

beforeEach(() => {
  (globalThis as Record<string, unknown>).__VENUE_SHARED_VERSIONS__ = {
    '@venue/ui': '1.0.0',
    react: '19.2.0',
  };
  fetches = 0;
  registerRemotes.mockReset();
  loadRemote.mockReset();
  loadRemote.mockResolvedValue(lifecycles);
  // The area logs why it failed (for the browser console); the tests read the screen.
  jest.spyOn(console, 'error').mockImplementation(() => {});
  server.use(
    http.get('/mfe/remotes.json', () => {
      fetches += 1;
      return HttpResponse.json(served);
    }),
  );
});
afterEach(() => {
  jest.restoreAllMocks();
  delete (globalThis as Record<string, unknown>).__VENUE_SHARED_VERSIONS__;
});

/** The area as the signed-in shell mounts it, on a fresh page load. */
function renderArea() {
  resetRemoteLoader();
  const result = renderWithProviders(<span />);
  const props = {
    path: '/PricingAddons',
    search: '',
    navigate: result.navigate,
    session: result.session,
    queryClient: result.queryClient,
  };
  result.rerender(<RemoteArea remote="catalogue" props={props} />);
  return result;
}

describe('RemoteArea with the runtime list of releases', () => {
  test('loads the current release from its own version folder', async () => {
    served = { remotes: [release(V1, '^1.0.0')] };
    renderArea();
    expect(await screen.findByText('Catalogue pages')).toBeTruthy();
    expect(registerRemotes).toHaveBeenCalledWith(
      [{ name: 'catalogue', entry: `/mfe/catalogue/${V1}/mf-manifest.json` }],
      { force: false },
    );
    expect(loadRemote).toHaveBeenCalledWith('catalogue/App');
    expect(fetches).toBe(1);
  });

  test('a release built for another UI kit is refused with the reason, without loading any of it', async () => {
    served = { remotes: [release(V2, '^2.0.0')] };
    renderArea();
    expect(await screen.findByRole('heading', { name: 'This section is unavailable' })).toBeTruthy();
    expect(screen.getByTestId('remote-unavailable-reason').textContent).toBe(
      'Built for UI kit 2.x; this VenueDesk runs 1.0.0.',
    );
    expect(screen.getByText('The rest of VenueDesk still works.')).toBeTruthy();
    expect(registerRemotes).not.toHaveBeenCalled();
    expect(loadRemote).not.toHaveBeenCalled();
  });

  test('Retry reads the list again and loads a release that fits', async () => {
    served = { remotes: [release(V2, '^2.0.0')] };
    const { user } = renderArea();
    await screen.findByTestId('remote-unavailable-reason');
    served = { remotes: [release(V1, '^1.0.0')] };
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Catalogue pages')).toBeTruthy();
    expect(fetches).toBe(2);
    expect(screen.queryByTestId('remote-unavailable')).toBeNull();
  });

  test('the runtime’s strict-singleton refusal is told in the same words', async () => {
    served = { remotes: [{ ...release(V1, '^1.0.0'), shared: {} }] };
    loadRemote.mockRejectedValue(
      new Error(
        '[ Federation Runtime ]: Version 1.0.0 from shell of shared singleton module @venue/ui does not satisfy the requirement of catalogue which needs ^2.0.0)',
      ),
    );
    renderArea();
    await waitFor(() =>
      expect(screen.getByTestId('remote-unavailable-reason').textContent).toBe(
        'Built for UI kit 2.x; this VenueDesk runs 1.0.0.',
      ),
    );
  });

  test('a remote missing from the list says it is not deployed', async () => {
    served = { remotes: [] };
    renderArea();
    expect((await screen.findByTestId('remote-unavailable-reason')).textContent).toBe(
      'This section is not deployed on this VenueDesk.',
    );
  });

  test('a list the gateway cannot give says so, and Retry asks again', async () => {
    server.use(http.get('/mfe/remotes.json', () => new HttpResponse(null, { status: 502 }), { once: true }));
    served = { remotes: [release(V1, '^1.0.0')] };
    const { user } = renderArea();
    expect((await screen.findByTestId('remote-unavailable-reason')).textContent).toBe(
      'The list of sections could not be loaded.',
    );
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Catalogue pages')).toBeTruthy();
  });

  test('a network failure of anything else keeps the generic text', async () => {
    served = { remotes: [release(V1, '^1.0.0')] };
    loadRemote.mockRejectedValue(new Error('Failed to fetch'));
    renderArea();
    expect(await screen.findByText(/It could not be loaded/)).toBeTruthy();
    expect(screen.queryByTestId('remote-unavailable-reason')).toBeNull();
  });
});
