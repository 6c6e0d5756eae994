/**
 * Loading, failure and stale states of one query, written once for every section (issue 28
 * item 4). Imported as `@venue/ui/query-status`: each app bundles it, and the states and the
 * session come through the shared kit (`@venue/ui`), so nothing is loaded twice.
 */
import type { ReactNode } from 'react';
import { Alert, Button, Group } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { ErrorState, LoadingState, formatDateTime, useSession } from '@venue/ui';

export interface QueryStatusProps<T> {
  query: UseQueryResult<T>;
  /** The loading line, as in "Loading bookings...". */
  loading: string;
  /** The failure's title, as in "Failed to load email templates"; "Something went wrong" without it. */
  failure?: string;
  /**
   * A refresh failed while the client still holds the last good data:
   * - `note` (the default): the data stays, under a note saying from when, with Try Again (StaleData);
   * - `quiet`: the data stays with no note (the page reports the failure itself, e.g. a toast);
   * - `replace`: the failure replaces the data, as a first read's failure does.
   */
  staleData?: 'note' | 'quiet' | 'replace';
  children: (data: T) => ReactNode;
}

/**
 * Only what the server answered: a first read that failed shows the error with Try Again in
 * place of the content (nothing made up stands in for it); a failed refresh keeps the last good
 * data unless told otherwise (`staleData`).
 */
export function QueryStatus<T>({
  query,
  loading,
  failure,
  staleData = 'note',
  children,
}: QueryStatusProps<T>) {
  if (query.isPending) return <LoadingState label={loading} />;
  if (query.isError && (query.data === undefined || staleData === 'replace')) {
    return <ErrorState title={failure} message={query.error.message} onRetry={() => void query.refetch()} />;
  }
  return (
    <>
      {staleData === 'note' ? <StaleData query={query} /> : null}
      {children(query.data as T)}
    </>
  );
}

/**
 * A refresh failed but the client still holds the last good data: say so, when it is from,
 * and offer Try Again. Nothing when the query is fine or has no data to show.
 */
export function StaleData({ query }: { query: UseQueryResult<unknown> }) {
  const { settings } = useSession();
  if (!query.isError || query.data === undefined) return null;
  return (
    <Alert color="orange" role="alert" mb="sm" data-testid="stale-data">
      <Group justify="space-between">
        <span>
          Showing data from {formatDateTime(query.dataUpdatedAt, settings)} — could not refresh:{' '}
          {query.error.message}
        </span>
        <Button size="xs" variant="light" onClick={() => void query.refetch()}>
          Try Again
        </Button>
      </Group>
    </Alert>
  );
}
