import { Suspense, lazy } from 'react';
import { Alert, Badge, Button, Group, List, Text } from '@mantine/core';
import { EmptyState, LoadingState, PageHeader, useSession } from '@venue/ui';
import { RefreshButton } from '@venue/ui/refresh-button';
import { FlashMessage } from '../shared/flash.tsx';
import { messageOr } from '../shared/errors.ts';
import { AuditFiltersCard } from './AuditFiltersCard.tsx';
import { AuditStats } from './AuditStats.tsx';
import { AuditTable } from './AuditTable.tsx';
import { CheckSubUsersButton, VerifyChainButton } from './AuditTools.tsx';
import { ROLE_VIEW, labelOf } from './audit-api.ts';
import { useAuditLog } from './useAuditLog.ts';

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
  const { role } = useSession();
  const log = useAuditLog();
  const { flash, logs, entries, shown, people, selected } = log;

  return (
    <>
      <AuditHeader log={log} />
      <FlashMessage flash={flash.flash} testId="audit-flash" />

      <AuditStats stats={log.stats} people={people} />

      <AuditFiltersCard
        filters={log.filters}
        setFilter={log.setFilter}
        actions={log.actions}
        targetTypes={log.targetTypes}
        search={log.search}
        setSearch={log.setSearch}
        clear={log.clear}
      />

      {logs.isPending ? (
        <LoadingState label="Loading audit logs..." />
      ) : logs.isError && !logs.data ? (
        <AuditLoadFailed error={logs.error} />
      ) : shown.length === 0 ? (
        <EmptyState
          title={entries.length ? 'No entries on this page match your search.' : 'No audit entries found.'}
          description={EMPTY_HINTS[role] ?? 'Actions appear here as they happen.'}
        />
      ) : (
        <AuditTable shown={shown} people={people} onView={log.setSelected} />
      )}

      <AuditPager log={log} />

      {selected ? (
        <Suspense fallback={null}>
          <AuditDetailModal
            entry={selected}
            targetLabel={labelOf(selected)}
            people={people}
            onClose={() => log.setSelected(null)}
          />
        </Suspense>
      ) : null}
    </>
  );
}

type AuditLog = ReturnType<typeof useAuditLog>;

/** The title with the viewer's scope, and the tools the viewer's role may use. */
function AuditHeader({ log }: { log: AuditLog }) {
  const { role } = useSession();
  return (
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
          <RefreshButton queries={[log.logs, log.stats]} />
          <Button variant="light" onClick={() => void log.doExport()} loading={log.exporting}>
            Export (CSV)
          </Button>
          {role === 'hall_owner' ? <CheckSubUsersButton /> : null}
          {role === 'hall_owner' || role === 'super_admin' ? <VerifyChainButton /> : null}
        </>
      }
    />
  );
}

function AuditLoadFailed({ error }: { error: unknown }) {
  const { role } = useSession();
  return (
    <Alert color="red" variant="light" title="Failed to load audit logs" role="alert">
      <Text size="sm">{messageOr(error, 'The audit service did not answer.')}</Text>
      <List size="sm" mt="xs">
        <List.Item>Check that you are still signed in; sign in again if your session ended.</List.Item>
        <List.Item>Try Refresh in a moment; the service may be restarting.</List.Item>
        {role === 'hall_owner' ? (
          <List.Item>Use Check Sub-Users to confirm who belongs to your hall.</List.Item>
        ) : null}
      </List>
    </Alert>
  );
}

/** Previous and Next by cursor; the count is an estimate past what has been counted. */
function AuditPager({ log }: { log: AuditLog }) {
  const { page, known, totalPages, nextCursor } = log;
  return (
    <Group justify="center" mt="md" gap="sm">
      <Button variant="default" disabled={page <= 1} onClick={() => log.setTrail((t) => t.slice(0, -1))}>
        Previous
      </Button>
      <Text size="sm" data-testid="audit-page">
        Page {page} of {totalPages}
        {known?.estimate ? '+' : ''}
      </Text>
      <Button
        variant="default"
        disabled={!nextCursor}
        onClick={() => nextCursor && log.setTrail((t) => [...t, nextCursor])}
      >
        Next
      </Button>
    </Group>
  );
}
