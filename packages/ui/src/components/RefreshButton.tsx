/**
 * A page's Refresh, written once (issue 28 item 4). It waits while anything it refreshes is on
 * its way, and spins only while what is already shown is fetched again: on a first load the page
 * shows its own loading state. Imported as `@venue/ui/refresh-button`, bundled with the pages
 * that use it; it adds nothing but Mantine's Button, which every page already has.
 */
import type { ReactNode } from 'react';
import { Button, type ButtonProps } from '@mantine/core';

/** A react-query result (a list, an infinite list), or anything answering the same three. */
export interface Refetchable {
  isFetching: boolean;
  /** Fetching again what is shown (react-query: fetching, not pending). */
  isRefetching: boolean;
  refetch: () => Promise<unknown>;
}

/** Refetches every query at once (a list and its summary); "Refresh" unless `children` says otherwise. */
export function RefreshButton({
  queries,
  children = 'Refresh',
  variant = 'default',
  ...button
}: { queries: readonly Refetchable[]; children?: ReactNode } & Omit<ButtonProps, 'loading' | 'disabled'>) {
  return (
    <Button
      variant={variant}
      {...button}
      onClick={() => void Promise.all(queries.map((q) => q.refetch()))}
      disabled={queries.some((q) => q.isFetching)}
      loading={queries.some((q) => q.isRefetching)}
    >
      {children}
    </Button>
  );
}
