import { useEffect, type ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { ErrorState, LoadingState } from '@venue/ui';
import { toastError } from './notify.ts';

/**
 * Loading and failure states of one query, worded by the spec ("Failed to load email
 * templates"): the failure shows inline with Try Again and once as an Error toast (spec 02 §8).
 */
export function QueryStatus<T>({
  query,
  loading,
  failure,
  children,
}: {
  query: UseQueryResult<T>;
  loading: string;
  failure: string;
  children: (data: T) => ReactNode;
}) {
  useFailureToast(query, failure);
  if (query.isPending) return <LoadingState label={loading} />;
  if (query.isError && query.data === undefined) {
    return <ErrorState title={failure} message={query.error.message} onRetry={() => void query.refetch()} />;
  }
  return children(query.data as T);
}

/** One Error toast per failed fetch (not per render). */
export function useFailureToast(query: Pick<UseQueryResult, 'isError' | 'errorUpdatedAt'>, failure: string) {
  const { isError, errorUpdatedAt } = query;
  useEffect(() => {
    if (isError) toastError(failure);
  }, [isError, errorUpdatedAt, failure]);
}
