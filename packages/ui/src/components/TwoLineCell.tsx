/**
 * A table cell of two lines, written once (issue 28 item 4): the value, and under it, smaller and
 * dimmed, what qualifies it (a customer's e-mail, an event's date). Imported as
 * `@venue/ui/two-line-cell`: each app bundles it with the pages that use it.
 */
import type { ReactNode } from 'react';
import { Table, Text } from '@mantine/core';

export function TwoLineCell({ children, under }: { children: ReactNode; under: ReactNode }) {
  return (
    <Table.Td>
      <Text size="sm">{children}</Text>
      <Text size="xs" c="dimmed">
        {under}
      </Text>
    </Table.Td>
  );
}
