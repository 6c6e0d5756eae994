import type { ReactNode } from 'react';
import { Button, Group, type MantineColor } from '@mantine/core';
import type { Booking } from '../api/types.ts';
import { stop, type Column } from './BookingsTable.tsx';

interface Props {
  children: ReactNode;
  onClick: () => void;
  /** Names the booking for screen readers, where every row has the same button text. */
  label?: string;
  variant?: 'light' | 'subtle';
  color?: MantineColor;
}

/** A small button inside a clickable row; its click does not open the row as well. */
export function RowAction({ children, onClick, label, variant = 'light', color }: Props) {
  return (
    <Button size="xs" variant={variant} color={color} onClick={stop(onClick)} aria-label={label}>
      {children}
    </Button>
  );
}

/** The last column of a list screen. */
export function actionsColumn(render: (b: Booking) => ReactNode): Column {
  return { key: 'actions', label: 'Actions', render };
}

/**
 * The buttons of one row. They may wrap under each other: on a narrow main column that keeps
 * the Actions column inside the table instead of pushing the table past its box.
 */
export function RowActions({ children }: { children: ReactNode }) {
  return <Group gap={4}>{children}</Group>;
}
