import { Button } from '@mantine/core';

interface Refetchable {
  refetch: () => Promise<unknown>;
  isFetching: boolean;
}

/** Refreshes a screen's list and its summary together; busy while the first (the list) loads. */
export function RefreshButton({ queries }: { queries: [Refetchable, ...Refetchable[]] }) {
  return (
    <Button
      variant="default"
      onClick={() => void Promise.all(queries.map((q) => q.refetch()))}
      loading={queries[0].isFetching}
    >
      Refresh
    </Button>
  );
}
