import { useQuery } from '@tanstack/react-query';
import { Anchor, Badge, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { PageHeader, useSession } from '@venue/ui';
import { QueryStatus } from '@venue/ui/query-status';
import type { Resource } from '@venue/contracts/catalogue';
import { ApiKeysCard } from './ApiKeysCard.tsx';
import { WebhooksCard } from './WebhooksCard.tsx';

/** A hall as GET /api/resources answers it; the page reads its feed's state. */
type FeedResource = Resource;

/**
 * What the product connects to: API keys for the venue's other software, signed webhooks that
 * tell the venue's own systems of its events (decision 60), and a private iCalendar feed per
 * hall (managed on the Halls/Rooms page, where the secret URL is issued and revoked).
 */
export function IntegrationsPage() {
  return (
    <>
      <PageHeader title="Integrations" subtitle="API keys, webhooks and calendar feeds." />
      <Stack gap="lg">
        <ApiKeysCard />
        <CalendarFeedsCard />
        <WebhooksCard />
      </Stack>
    </>
  );
}

function CalendarFeedsCard() {
  const { api, can, navigate } = useSession();
  const mayManage = can('resources');
  const query = useQuery({
    queryKey: ['admin', 'integrations', 'calendar-feeds'],
    queryFn: () => api.api<FeedResource[]>('/api/resources?sort=name&order=asc'),
    enabled: mayManage,
  });

  return (
    <Card withBorder padding="lg" data-testid="calendar-feeds">
      <Stack gap="sm">
        <Title order={2} fz="lg">
          Calendar feeds
        </Title>
        <Text>
          Each hall or room can publish a private iCalendar (.ics) feed of its bookings and block-outs, for
          Google Calendar, Outlook or Apple Calendar. The secret link is created, copied and revoked on the{' '}
          {mayManage ? (
            <Anchor
              href="/ResourcesHalls"
              onClick={(event) => {
                event.preventDefault();
                navigate('/ResourcesHalls');
              }}
            >
              Halls/Rooms
            </Anchor>
          ) : (
            'Halls/Rooms'
          )}{' '}
          page.
        </Text>
        {!mayManage ? (
          <Text c="dimmed" size="sm">
            Seeing which halls publish a feed needs the Resources permission.
          </Text>
        ) : (
          // A failed refresh replaces the table, as a first read's failure does.
          <QueryStatus
            query={query}
            loading="Loading calendar feeds..."
            failure="Could not load calendar feeds"
            staleData="replace"
          >
            {(resources) =>
              resources.length === 0 ? (
                <Text c="dimmed" size="sm">
                  No halls or rooms yet. Add one on the Halls/Rooms page to publish its calendar.
                </Text>
              ) : (
                <FeedTable resources={resources} />
              )
            }
          </QueryStatus>
        )}
      </Stack>
    </Card>
  );
}

function FeedTable({ resources }: { resources: FeedResource[] }) {
  return (
    <Table striped aria-label="Calendar feeds by hall">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Hall or room</Table.Th>
          <Table.Th>Code</Table.Th>
          <Table.Th>Feed</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {resources.map((r) => {
          const live = r.icsEnabled && r.icsFeedActive === true;
          return (
            <Table.Tr key={r.id}>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  <Text size="sm">{r.name}</Text>
                  {r.status === 'archived' ? (
                    <Badge size="xs" variant="outline" color="gray">
                      Archived
                    </Badge>
                  ) : null}
                </Group>
              </Table.Td>
              <Table.Td>
                <Text size="sm" ff="monospace">
                  {r.code}
                </Text>
              </Table.Td>
              <Table.Td>
                <Badge color={live ? 'green' : 'gray'} variant="light" style={{ minWidth: 'max-content' }}>
                  {live ? 'Published' : 'Not published'}
                </Badge>
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
