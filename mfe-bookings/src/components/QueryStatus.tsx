import type { ReactNode } from 'react';
import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { LoadingState } from '@venue/ui';
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
  const fmt = useFormat();
  if (query.isPending) return <LoadingState label={loadingLabel} />;
  if (query.isError && query.data === undefined) {
    return (
      <Paper withBorder p="xl" radius="md" role="alert" data-testid="error-state">
        <Stack gap="sm" align="flex-start">
          <Title order={2} fz="lg">
            Something went wrong
          </Title>
          <Text size="sm">{query.error.message}</Text>
          <Button variant="default" onClick={() => void query.refetch()}>
            Try Again
          </Button>
        </Stack>
      </Paper>
    );
  }
  return (
    <>
      {query.isError ? (
        <Alert color="orange" role="alert" mb="sm" data-testid="stale-data">
          <Group justify="space-between">
            <span>
              Showing data from {fmt.dateTime(query.dataUpdatedAt)} — could not refresh:{' '}
              {query.error?.message}
            </span>
            <Button size="xs" variant="light" onClick={() => void query.refetch()}>
              Try Again
            </Button>
          </Group>
        </Alert>
      ) : null}
      {children(query.data as T)}
    </>
  );
}
