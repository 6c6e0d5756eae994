import { describe, expect, it } from '@jest/globals';
import { act, render, screen } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { DEFAULT_USER_SETTINGS } from '@venue/contracts';
import type { ComponentType } from 'react';
import { createApiClient, useSession, type RemoteProps } from '@venue/ui';
import { lazyPage, sectionRoot, useRouteParams } from '@venue/ui/remote-root';

function shellProps(path: string, search = ''): RemoteProps {
  return {
    path,
    search,
    navigate: () => {},
    queryClient: new QueryClient(),
    session: {
      role: 'hall_owner',
      profile: null,
      principal: { role: 'hall_owner', permissions: [] },
      settings: DEFAULT_USER_SETTINGS,
      hallName: 'Test Hall',
      hallOwnerId: '00000000-0000-4000-8000-000000000001',
      getToken: () => 'test-token',
      api: createApiClient({ getToken: () => 'test-token', baseUrl: window.location.origin }),
      reload: async () => {},
    },
  };
}

/** A lazy page whose chunk arrives when the test says so. */
function controlledPage(text: string) {
  let arrive!: () => void;
  const chunk = new Promise<{ Page: ComponentType }>((resolve) => {
    arrive = () => resolve({ Page: () => <p>{text}</p> });
  });
  return { page: lazyPage(() => chunk, 'Page'), arrive: () => act(async () => arrive()) };
}

function Invoices() {
  const { hallName } = useSession();
  return (
    <p>
      Invoices of {hallName} for {useRouteParams().get('q')}
    </p>
  );
}

describe('sectionRoot', () => {
  it('gives pages the session and the query string, inside the section test id', () => {
    const Root = sectionRoot({ testId: 'remote-money', pages: { '/Invoices': Invoices } });
    render(<Root {...shellProps('/invoices', '?q=INV-7')} />);
    expect(screen.getByTestId('remote-money').textContent).toBe('Invoices of Test Hall for INV-7');
  });

  it('says so for a path the section has no page for', () => {
    const Root = sectionRoot({ testId: 'remote-money', pages: {} });
    render(<Root {...shellProps('/Invoices')} />);
    expect(screen.getByText('This section has no page at /Invoices.')).toBeTruthy();
  });

  it('shows "Loading..." while a page chunk arrives', async () => {
    const deposits = controlledPage('Deposits page');
    const Root = sectionRoot({ testId: 'remote-money', pages: { '/Deposits': deposits.page } });
    await act(async () => {
      render(<Root {...shellProps('/Deposits')} />);
    });
    expect(screen.getByText('Loading...')).toBeTruthy();
    await deposits.arrive();
    expect(screen.getByText('Deposits page')).toBeTruthy();
    expect(screen.queryByText('Loading...')).toBeNull();
  });
});
