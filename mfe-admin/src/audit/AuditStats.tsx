import { Card, List, SimpleGrid, Text, Title } from '@mantine/core';
import { Stat } from '../shared/Stat.tsx';
import { actorOf } from './audit-words.ts';
import { humanise, topN } from './audit-api.ts';
import type { useAuditLog } from './useAuditLog.ts';

type Log = ReturnType<typeof useAuditLog>;

/** The four counts over the chosen dates, and the Quick Insights once there is anything logged. */
export function AuditStats({ stats, people }: Pick<Log, 'stats' | 'people'>) {
  return (
    <>
      <SimpleGrid cols={{ base: 2, md: 4 }} mb="md">
        <Stat label="Total Logs" value={stats.data?.totalLogs ?? '—'} testId="stat-total" />
        <Stat
          label="Active Users"
          value={stats.data ? Object.keys(stats.data.usersCount ?? {}).length : '—'}
        />
        <Stat
          label="Action Types"
          value={stats.data ? Object.keys(stats.data.actionsCount ?? {}).length : '—'}
        />
        <Stat
          label="Target Types"
          value={stats.data ? Object.keys(stats.data.targetTypesCount ?? {}).length : '—'}
        />
      </SimpleGrid>
      {stats.data && stats.data.totalLogs > 0 ? (
        <Card withBorder padding="md" mb="md">
          <Title order={2} fz="md" mb="sm">
            Quick Insights
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <Insight
              title="Top actions"
              items={topN(stats.data.actionsCount).map(([k, n]) => [humanise(k), n])}
            />
            <Insight
              title="Top target types"
              items={topN(stats.data.targetTypesCount).map(([k, n]) => [humanise(k), n])}
            />
            <Insight
              title="Most active users"
              items={topN(stats.data.usersCount).map(([k, n]) => [
                actorOf({ userId: null, userEmail: k }, people).name,
                n,
              ])}
            />
          </SimpleGrid>
        </Card>
      ) : null}
    </>
  );
}

function Insight({ title, items }: { title: string; items: Array<[string, number]> }) {
  return (
    <div>
      <Text size="sm" fw={600} mb={4}>
        {title}
      </Text>
      {items.length === 0 ? (
        <Text size="sm" c="dimmed">
          None yet
        </Text>
      ) : (
        <List size="sm" spacing={2}>
          {items.map(([k, n]) => (
            <List.Item key={k}>
              {k}{' '}
              <Text span c="dimmed">
                ({n})
              </Text>
            </List.Item>
          ))}
        </List>
      )}
    </div>
  );
}
