import type { ReactNode } from 'react';
import { Alert, Button, Group } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { ErrorState, LoadingState } from '@venue/ui';
import { useFormat } from '../lib/format.ts';

interface Props<T> {
  query: UseQueryResult<T>;
  loadingLabel: string;
  children: (data: T) => ReactNode;
}

/**
 * Loading, failure and stale states of one query. Never sample data: a failure shows the
 * error with Try Again, plus the last good data the client still holds, marked as such.
 */
export function QueryStatus<T>({ query, loadingLabel, children }: Props<T>) {
  if (query.isPending) return <LoadingState label={loadingLabel} />;
  if (query.isError && query.data === undefined) {
    return <ErrorState message={query.error.message} onRetry={() => void query.refetch()} />;
  }
  return (
    <>
      <StaleData query={query} />
      {children(query.data as T)}
    </>
  );
}

/**
 * A refresh failed but the client still holds the last good data: say so, when it is from,
 * and offer Try Again. Nothing when the query is fine or has no data to show.
 */
export function StaleData({ query }: { query: UseQueryResult<unknown> }) {
  const fmt = useFormat();
  if (!query.isError || query.data === undefined) return null;
  return (
    <Alert color="orange" role="alert" mb="sm" data-testid="stale-data">
      <Group justify="space-between">
        <span>
          Showing data from {fmt.dateTime(query.dataUpdatedAt)} — could not refresh: {query.error.message}
        </span>
        <Button size="xs" variant="light" onClick={() => void query.refetch()}>
          Try Again
        </Button>
      </Group>
    </Alert>
  );
}
