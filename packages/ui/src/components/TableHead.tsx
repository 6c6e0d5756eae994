/**
 * A table's header row, written once for the sections' plain tables (issue 28 item 4): each
 * column's heading, and a last column of row actions named for screen readers only (its buttons
 * say what they do; a visible "Actions" heading would be noise). Imported as
 * `@venue/ui/table-head`: each app bundles it with the pages that use it, so pages without a
 * table (the calendar) load nothing more.
 */
import type { ReactElement } from 'react';
import { Table, VisuallyHidden } from '@mantine/core';

export interface TableHeadProps {
  /**
   * The columns' headings, in order: a heading's text, or a cell of the table's own (a sorting
   * header, a select-all box) given as a `Table.Th` element with its `key`.
   */
  columns: readonly (string | ReactElement)[];
  /** The name of a last column of row actions, read by screen readers only (e.g. "Actions"). */
  actions?: string;
}

export function TableHead({ columns, actions }: TableHeadProps) {
  return (
    <Table.Thead>
      <Table.Tr>
        {columns.map((column) =>
          typeof column === 'string' ? <Table.Th key={column}>{column}</Table.Th> : column,
        )}
        {actions ? (
          <Table.Th>
            <VisuallyHidden>{actions}</VisuallyHidden>
          </Table.Th>
        ) : null}
      </Table.Tr>
    </Table.Thead>
  );
}
