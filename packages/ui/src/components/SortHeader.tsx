/**
 * A table column's heading that sorts the table, written once (issue 28 item 4): a button with
 * the heading's text, and the column's state on the header cell as aria-sort (WAI-ARIA's place
 * for it: `ascending`, `descending`, or `none` while the table is sorted by another column or by
 * none). The arrow beside the text is for the eye only; the header says the same to a screen
 * reader. What a click does (which direction comes first, whether a third click unsorts) is the
 * table's own: `onSort`. Imported as `@venue/ui/sort-header`, with the tables that use it.
 */
import { Table, UnstyledButton } from '@mantine/core';

export type SortDirection = 'asc' | 'desc';

export interface SortHeaderProps {
  label: string;
  /** The direction the table is sorted in by this column; null when it is not sorted by it. */
  direction: SortDirection | null;
  onSort: () => void;
  align?: 'left' | 'right';
}

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;
const ARROW = { asc: ' ▲', desc: ' ▼' } as const;

export function SortHeader({ label, direction, onSort, align }: SortHeaderProps) {
  return (
    <Table.Th aria-sort={direction ? ARIA_SORT[direction] : 'none'} ta={align}>
      <UnstyledButton onClick={onSort} fw={700} fz="sm">
        {label}
        <span aria-hidden="true">{direction ? ARROW[direction] : ''}</span>
      </UnstyledButton>
    </Table.Th>
  );
}
