import { Suspense, lazy, useMemo, useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  List,
  NativeSelect,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { EmptyState, LoadingState, PageHeader, formatDateTime, useSession } from '@venue/ui';
import { FlashMessage, useFlash } from '../shared/flash.tsx';
import { messageOr } from '../shared/errors.ts';
import { Stat } from '../shared/Stat.tsx';
import { AuditDateFilter } from './AuditDateFilter.tsx';
import { CheckSubUsersButton, VerifyChainButton } from './AuditTools.tsx';
import { exportAuditCsv } from './audit-export.ts';
import { actorOf, venueText } from './audit-words.ts';
import { useAuditPeople } from './useAuditPeople.ts';
import {
  AUDIT_ROLE_OPTIONS,
  EMPTY_FILTERS,
  ROLE_VIEW,
  fetchAuditPage,
  fetchAuditStats,
  humanise,
  labelOf,
  roleName,
  topN,
  type AuditEntry,
  type AuditFilters,
} from './audit-api.ts';

// The entry's details are fetched when a row is first opened, not with the page.
const AuditDetailModal = lazy(() =>
  import('./AuditDetailModal.tsx').then((m) => ({ default: m.AuditDetailModal })),
);

const EMPTY_HINTS: Record<string, string> = {
  super_admin: "As super admin you see hall owners' activity and everything else on the platform.",
  hall_owner: "You see your own activity and your sub-users'. Use Check Sub-Users to see who they are.",
  sub_user: 'You see your own activity.',
};

export function AuditPage() {
  const { api, role, settings } = useSession();
  const flash = useFlash(4000);
  const [filters, setFilters] = useState<AuditFilters>(EMPTY_FILTERS);
  // Next follows the page's nextCursor; the trail of cursors taken is what Previous goes back on.
  const [trail, setTrail] = useState<string[]>([]);
  const cursor = trail[trail.length - 1] ?? null;
  const page = trail.length + 1;
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<AuditEntry | null>(null);
  const [exporting, setExporting] = useState(false);

  const logs = useQuery({
    queryKey: ['admin', 'audit', 'logs', filters, cursor],
    queryFn: () => fetchAuditPage(api, filters, cursor),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  const stats = useQuery({
    queryKey: ['admin', 'audit', 'stats', filters.startDate, filters.endDate],
    queryFn: () => fetchAuditStats(api, filters),
    staleTime: 0,
  });
  const actions = useQuery({
    queryKey: ['admin', 'audit', 'actions'],
    queryFn: async () => (await api.api<{ actions: string[] }>('/api/audit/actions')).actions ?? [],
    staleTime: Infinity,
  });
  const targetTypes = useQuery({
    queryKey: ['admin', 'audit', 'target-types'],
    queryFn: async () =>
      (await api.api<{ targetTypes: string[] }>('/api/audit/target-types')).targetTypes ?? [],
    staleTime: Infinity,
  });

  const entries = useMemo(() => logs.data?.auditLogs ?? [], [logs.data]);
  const people = useAuditPeople();
  // Search covers only the loaded page (spec 01 §2); the filters above go to the server. Each
  // entry carries its target in words (labelOf), stored when it was written: nothing to look up.
  const shown = useMemo(() => {
    const q = search.trim().toLowerCase();
    if (!q) return entries;
    return entries.filter((e) =>
      [
        e.userEmail,
        actorOf(e, people).name,
        e.action,
        humanise(e.action),
        labelOf(e),
        e.target,
        e.additionalInfo,
      ]
        .filter(Boolean)
        .some((v) => String(v).toLowerCase().includes(q)),
    );
  }, [entries, search, people]);

  const setFilter = (key: keyof AuditFilters, value: string) => {
    setFilters((f) => ({ ...f, [key]: value }));
    setTrail([]);
  };
  const refresh = () => {
    void logs.refetch();
    void stats.refetch();
  };
  const doExport = async () => {
    setExporting(true);
    try {
      await exportAuditCsv(api, filters);
      flash.success('Audit log exported.');
    } catch (error) {
      flash.error(messageOr(error, 'The export failed. Please try again.'));
    } finally {
      setExporting(false);
    }
  };

  const pagination = logs.data?.pagination;
  // The first page brings the count; later pages (by cursor) are not counted again, so the
  // figure is kept for these filters while paging on.
  const [counted, setCounted] = useState<{ filters: AuditFilters; pages: number; estimate: boolean } | null>(
    null,
  );
  if (
    pagination?.totalPages != null &&
    !logs.isPlaceholderData &&
    (counted?.filters !== filters || counted.pages !== pagination.totalPages)
  )
    setCounted({ filters, pages: pagination.totalPages, estimate: pagination.totalIsEstimate === true });
  const known = counted?.filters === filters ? counted : null;
  const totalPages = Math.max(1, known?.pages ?? 1, page);
  const nextCursor = logs.isPlaceholderData ? null : (pagination?.nextCursor ?? null);

  return (
    <>
      <PageHeader
        title="Audit Log"
        subtitle={
          <Group gap="xs" component="span">
            <span>Who changed what, and when.</span>
            {ROLE_VIEW[role] ? (
              <Badge variant="light" data-testid="audit-role-badge">
                {ROLE_VIEW[role]}
              </Badge>
            ) : null}
          </Group>
        }
        actions={
          <>
            <Button variant="default" onClick={refresh} loading={logs.isFetching && !logs.isPending}>
              Refresh
            </Button>
            <Button variant="light" onClick={() => void doExport()} loading={exporting}>
              Export (CSV)
            </Button>
            {role === 'hall_owner' ? <CheckSubUsersButton /> : null}
            {role === 'hall_owner' || role === 'super_admin' ? <VerifyChainButton /> : null}
          </>
        }
      />
      <FlashMessage flash={flash.flash} testId="audit-flash" />

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

      <Card withBorder padding="md" mb="md">
        <SimpleGrid cols={{ base: 1, sm: 3, lg: 5 }} spacing="sm">
          {/* Plain inputs until pointed at or focused: the picker and dayjs load then. */}
          <AuditDateFilter
            label="Start Date"
            value={filters.startDate}
            onChange={(v) => setFilter('startDate', v)}
          />
          <AuditDateFilter
            label="End Date"
            value={filters.endDate}
            onChange={(v) => setFilter('endDate', v)}
          />
          <NativeSelect
            label="Action"
            data={[
              { value: '', label: 'All actions' },
              ...(actions.data ?? []).map((a) => ({ value: a, label: humanise(a) })),
            ]}
            value={filters.action}
            onChange={(e) => setFilter('action', e.currentTarget.value)}
          />
          <NativeSelect
            label="Target Type"
            data={[
              { value: '', label: 'All target types' },
              ...(targetTypes.data ?? []).map((t) => ({ value: t, label: humanise(t) })),
            ]}
            value={filters.targetType}
            onChange={(e) => setFilter('targetType', e.currentTarget.value)}
          />
          <NativeSelect
            label="User Role"
            data={[{ value: '', label: 'All roles' }, ...AUDIT_ROLE_OPTIONS]}
            value={filters.userRole}
            onChange={(e) => setFilter('userRole', e.currentTarget.value)}
          />
        </SimpleGrid>
        {/* The search sits apart from the server-side filters above: it only narrows the loaded page. */}
        <Group justify="space-between" align="flex-end" mt="sm" wrap="wrap">
          <TextInput
            label="Search"
            description="Narrows the entries on this page."
            placeholder="Email, action, target or info"
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            style={{ flex: 1, minWidth: 220, maxWidth: 420 }}
          />
          <Button
            variant="subtle"
            onClick={() => {
              setFilters(EMPTY_FILTERS);
              setSearch('');
              setTrail([]);
            }}
          >
            Clear Filters
          </Button>
        </Group>
      </Card>

      {logs.isPending ? (
        <LoadingState label="Loading audit logs..." />
      ) : logs.isError && !logs.data ? (
        <Alert color="red" variant="light" title="Failed to load audit logs" role="alert">
          <Text size="sm">{messageOr(logs.error, 'The audit service did not answer.')}</Text>
          <List size="sm" mt="xs">
            <List.Item>Check that you are still signed in; sign in again if your session ended.</List.Item>
            <List.Item>Try Refresh in a moment; the service may be restarting.</List.Item>
            {role === 'hall_owner' ? (
              <List.Item>Use Check Sub-Users to confirm who belongs to your hall.</List.Item>
            ) : null}
          </List>
        </Alert>
      ) : shown.length === 0 ? (
        <EmptyState
          title={entries.length ? 'No entries on this page match your search.' : 'No audit entries found.'}
          description={EMPTY_HINTS[role] ?? 'Actions appear here as they happen.'}
        />
      ) : (
        <Table.ScrollContainer minWidth={860}>
          <Table striped highlightOnHover verticalSpacing="xs" data-testid="audit-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Timestamp</Table.Th>
                <Table.Th>User</Table.Th>
                <Table.Th>Action</Table.Th>
                <Table.Th>Target</Table.Th>
                <Table.Th>IP Address</Table.Th>
                <Table.Th>Details</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shown.map((e) => {
                const actor = actorOf(e, people);
                return (
                  <Table.Tr key={e.id} data-testid="audit-row" data-action={e.action}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }} data-testid="audit-time">
                      {formatDateTime(e.timestamp, settings)}
                    </Table.Td>
                    <Table.Td>
                      <Stack gap={0} data-testid="audit-user">
                        <Text size="sm">{actor.name}</Text>
                        {actor.detail ? (
                          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                            {actor.detail}
                          </Text>
                        ) : null}
                        <Text size="xs" c="dimmed">
                          {roleName(e.userRole)}
                        </Text>
                      </Stack>
                    </Table.Td>
                    <Table.Td>
                      <Badge variant="light" size="sm">
                        {humanise(e.action)}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <Stack gap={0}>
                        <Text size="sm" style={{ overflowWrap: 'anywhere' }} data-testid="audit-target">
                          {venueText(labelOf(e), settings) || '—'}
                        </Text>
                        {e.additionalInfo ? (
                          <Text size="xs" style={{ overflowWrap: 'anywhere' }} data-testid="audit-info">
                            {venueText(e.additionalInfo, settings)}
                          </Text>
                        ) : null}
                        <Text size="xs" c="dimmed">
                          {humanise(e.targetType)}
                        </Text>
                      </Stack>
                    </Table.Td>
                    <Table.Td>{e.ipAddress ?? '—'}</Table.Td>
                    <Table.Td>
                      <Button
                        size="xs"
                        variant="subtle"
                        onClick={() => setSelected(e)}
                        aria-label={`View entry ${e.id}`}
                      >
                        View
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}

      <Group justify="center" mt="md" gap="sm">
        <Button variant="default" disabled={page <= 1} onClick={() => setTrail((t) => t.slice(0, -1))}>
          Previous
        </Button>
        <Text size="sm" data-testid="audit-page">
          Page {page} of {totalPages}
          {known?.estimate ? '+' : ''}
        </Text>
        <Button
          variant="default"
          disabled={!nextCursor}
          onClick={() => nextCursor && setTrail((t) => [...t, nextCursor])}
        >
          Next
        </Button>
      </Group>

      {selected ? (
        <Suspense fallback={null}>
          <AuditDetailModal
            entry={selected}
            targetLabel={labelOf(selected)}
            people={people}
            onClose={() => setSelected(null)}
          />
        </Suspense>
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
