import { describe, expect, it, jest } from '@jest/globals';
import { screen } from '@testing-library/react';
import { Table } from '@mantine/core';
import { SortHeader, type SortDirection } from '@venue/ui/sort-header';
import { renderWithProviders } from '@venue/ui/testing';

const inTable = (direction: SortDirection | null, onSort: () => void = () => undefined) => (
  <Table>
    <Table.Thead>
      <Table.Tr>
        <SortHeader label="Total" direction={direction} onSort={onSort} />
      </Table.Tr>
    </Table.Thead>
  </Table>
);

describe('SortHeader', () => {
  it('says the sort on the header cell; the arrow is for the eye only', () => {
    const { rerender } = renderWithProviders(inTable(null));
    const header = () => screen.getByRole('columnheader', { name: 'Total' });
    expect(header()).toHaveAttribute('aria-sort', 'none');
    rerender(inTable('asc'));
    expect(header()).toHaveAttribute('aria-sort', 'ascending');
    expect(header()).toHaveTextContent('Total ▲');
    rerender(inTable('desc'));
    expect(header()).toHaveAttribute('aria-sort', 'descending');
    expect(screen.getByRole('button', { name: 'Total' })).toBeVisible();
  });

  it('leaves what a click does to the table', async () => {
    const onSort = jest.fn<() => void>();
    const { user } = renderWithProviders(inTable('asc', onSort));
    await user.click(screen.getByRole('button', { name: 'Total' }));
    expect(onSort).toHaveBeenCalledTimes(1);
  });
});
