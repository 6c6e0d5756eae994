import { describe, expect, jest, test } from '@jest/globals';
import { useState } from 'react';
import { screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '@venue/ui/testing';
import { DateFilter } from './DateFilter.tsx';

/** The filter as the Audit page holds it: a controlled yyyy-MM-dd value. */
function Harness({ onChange }: { onChange: (v: string) => void }) {
  const [value, setValue] = useState('');
  return (
    <DateFilter
      label="Start Date"
      clearable
      value={value}
      onChange={(v) => {
        setValue(v);
        onChange(v);
      }}
    />
  );
}

describe('Date filter (the picker loads when wanted)', () => {
  test('a date typed before the picker is here is read in the user format, then the picker shows it', async () => {
    const onChange = jest.fn<(v: string) => void>();
    const { user } = renderWithProviders(<Harness onChange={onChange} />, {
      session: { settings: { dateFormat: 'DD/MM/YYYY' } },
    });
    const field = screen.getByRole('textbox', { name: 'Start Date' });
    expect(field).toHaveAttribute('placeholder', 'DD/MM/YYYY');

    await user.type(field, '05/03/2026');
    // 5 March, not the browser's 3 May; half-typed text changed nothing before it.
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith('2026-03-05'));
    expect(onChange.mock.calls.every(([v]) => v === '2026-03-05')).toBe(true);

    await user.tab();
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Start Date' })).toHaveValue('05/03/2026'),
    );
    // Now the picker: focusing it opens its calendar on the chosen month.
    await user.click(screen.getByRole('textbox', { name: 'Start Date' }));
    await user.click(await screen.findByRole('button', { name: '12 March 2026' }));
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith('2026-03-12'));
  });

  test('pointing at the plain input brings the picker before any click', async () => {
    const { user } = renderWithProviders(<Harness onChange={() => {}} />);
    const plain = screen.getByRole('textbox', { name: 'Start Date' });
    await user.hover(plain);
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Start Date' })).not.toBe(plain));
    await user.click(screen.getByRole('textbox', { name: 'Start Date' }));
    expect(await screen.findAllByRole('button', { name: /^1 [A-Z][a-z]+ \d{4}$/ })).not.toHaveLength(0);
  });
});
