import { describe, expect, jest, test } from '@jest/globals';
import { screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '@venue/ui/testing';
import { ResourceFilter } from './ResourceFilter.tsx';

const DATA = [
  { value: 'all', label: 'All Resources' },
  { value: 'r1', label: 'Main Hall' },
  { value: 'r2', label: 'Garden Room' },
];

describe('Calendar resource filter (the select loads when wanted)', () => {
  test('shows the chosen resource before the select has loaded, and lists none', () => {
    renderWithProviders(<ResourceFilter data={DATA} value="r2" onChange={() => {}} />);
    const input = screen.getByRole('combobox', { name: 'Resource filter' });
    expect(input).toHaveValue('Garden Room');
    expect(input).toHaveAttribute('readonly');
    expect(screen.queryByRole('option')).toBeNull();
  });

  test('a click opens the list once the select is here, and a choice is passed on', async () => {
    const onChange = jest.fn<(v: string | null) => void>();
    const { user } = renderWithProviders(<ResourceFilter data={DATA} value="all" onChange={onChange} />);
    await user.click(screen.getByRole('combobox', { name: 'Resource filter' }));
    await user.click(await screen.findByRole('option', { name: 'Main Hall' }));
    await waitFor(() => expect(onChange.mock.calls.at(-1)?.[0]).toBe('r1'));
  });
});
