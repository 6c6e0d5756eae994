import { useQuery } from '@tanstack/react-query';
import { Anchor, Badge, Checkbox, Group, SimpleGrid, Text } from '@mantine/core';
import type { Resource } from '@venue/contracts/catalogue';
import { ErrorState, LoadingState, useSession } from '@venue/ui';
import { messageOr } from '../shared/errors.ts';

const resourcesKey = ['admin', 'online-bookings', 'resources'] as const;

/**
 * The venue's spaces from the catalogue (as Integrations reads them). A space archived since, or
 * one the catalogue no longer has, stays listed while it is chosen, so what is saved is what is
 * shown and the owner can take it off.
 */
export function ResourcesField({
  value,
  error,
  onChange,
}: {
  value: string[];
  error?: string;
  onChange: (ids: string[]) => void;
}) {
  const { api, navigate } = useSession();
  const query = useQuery({
    queryKey: resourcesKey,
    queryFn: () => api.api<Resource[]>('/api/resources?sort=name&order=asc'),
  });
  if (query.isPending) return <LoadingState label="Loading your spaces..." />;
  if (query.isError)
    return (
      <ErrorState
        title="Could not load your spaces"
        message={messageOr(query.error, 'The server did not answer. Please try again.')}
        onRetry={() => void query.refetch()}
      />
    );
  const listed = query.data.filter((r) => r.status === 'active' || value.includes(r.id));
  const unknown = value.filter((id) => !query.data.some((r) => r.id === id));
  if (listed.length === 0 && unknown.length === 0)
    return (
      <Text size="sm" c="dimmed" data-testid="online-resources-empty">
        No halls or rooms yet.{' '}
        <Anchor
          underline="always"
          href="/ResourcesHalls"
          onClick={(event) => {
            event.preventDefault();
            navigate('/ResourcesHalls');
          }}
        >
          Add one on Halls/Rooms
        </Anchor>{' '}
        to take requests for it.
      </Text>
    );
  return (
    <Checkbox.Group
      label="Spaces customers may request"
      description="Each shows on your page with its free and busy times, capacity and rates."
      value={value}
      error={error}
      onChange={onChange}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} mt="xs" spacing="xs">
        {listed.map((r) => (
          <Checkbox
            key={r.id}
            value={r.id}
            label={
              <Group gap={6} wrap="nowrap" component="span">
                <span>{r.name}</span>
                {r.status === 'archived' ? (
                  <Badge size="xs" variant="outline" color="gray" component="span">
                    Archived: not shown
                  </Badge>
                ) : null}
              </Group>
            }
          />
        ))}
        {unknown.map((id) => (
          <Checkbox key={id} value={id} label="A space no longer in your catalogue" />
        ))}
      </SimpleGrid>
    </Checkbox.Group>
  );
}
