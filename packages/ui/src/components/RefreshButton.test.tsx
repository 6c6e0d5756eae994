import { describe, expect, it } from '@jest/globals';
import { screen, waitFor } from '@testing-library/react';
import { useQuery } from '@tanstack/react-query';
import { renderWithProviders } from '@venue/ui/testing';
import { RefreshButton } from '@venue/ui/refresh-button';

/** A list and its summary whose answers the test gives, one at a time, counting the asks. */
function answers() {
  const asked = { list: 0, stats: 0 };
  const waiting: Array<() => void> = [];
  const ask = (name: keyof typeof asked) => () => {
    asked[name] += 1;
    return new Promise<number>((resolve) => waiting.push(() => resolve(asked[name])));
  };
  const answerAll = () => waiting.splice(0).forEach((answer) => answer());
  return { asked, ask, answerAll };
}

function Page({ ask }: { ask: ReturnType<typeof answers>['ask'] }) {
  const list = useQuery({ queryKey: ['list'], queryFn: ask('list') });
  const stats = useQuery({ queryKey: ['stats'], queryFn: ask('stats') });
  return <RefreshButton queries={[list, stats]} />;
}

describe('RefreshButton', () => {
  it('waits without a spinner on the first load, spins on a refetch, and refetches every query', async () => {
    const { asked, ask, answerAll } = answers();
    const { user } = renderWithProviders(<Page ask={ask} />);
    const button = screen.getByRole('button', { name: 'Refresh' });
    // the first load: the page shows its own loading state
    expect(button).toBeDisabled();
    expect(button).not.toHaveAttribute('data-loading');

    answerAll();
    await waitFor(() => expect(button).toBeEnabled());
    await user.click(button);
    expect(asked).toEqual({ list: 2, stats: 2 });
    await waitFor(() => expect(button).toHaveAttribute('data-loading', 'true'));
    expect(button).toBeDisabled();

    answerAll();
    await waitFor(() => expect(button).not.toHaveAttribute('data-loading'));
    expect(button).toBeEnabled();
  });
});
