/**
 * The card of filters above a dashboard or report, written once (issue 28 item 4): a named form,
 * so Enter in a field does not reload the page (each filter applies as it changes; there is
 * nothing to submit), with its fields lined up on their bottom edge and wrapping on a narrow
 * screen. Imported as `@venue/ui/filter-bar`: each app bundles it with the pages that use it.
 */
import type { ReactNode } from 'react';
import { Group, Paper, type MantineSpacing } from '@mantine/core';

export interface FilterBarProps {
  /** The form's accessible name, as in "Report filters". */
  label: string;
  /** The space between the fields. */
  gap?: MantineSpacing;
  children: ReactNode;
}

export function FilterBar({ label, gap = 'md', children }: FilterBarProps) {
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="form"
      aria-label={label}
      onSubmit={(e) => e.preventDefault()}
    >
      <Group align="flex-end" gap={gap} wrap="wrap">
        {children}
      </Group>
    </Paper>
  );
}
