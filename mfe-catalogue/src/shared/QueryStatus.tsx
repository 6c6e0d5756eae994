import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { ErrorState, LoadingState } from '@venue/ui';

/** A list page's loading and failure states, worded after what it lists; then its own content. */
export function QueryStatus<T>({
  query,
  noun,
  children,
}: {
  query: UseQueryResult<T>;
  /** Plural, as in "Loading add-ons...". */
  noun: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <LoadingState label={`Loading ${noun}...`} />;
  if (query.isError) {
    return (
      <ErrorState
        title={`Failed to fetch ${noun}`}
        message={query.error.message}
        onRetry={() => void query.refetch()}
      />
    );
  }
  return children(query.data);
}
