import { useMemo, useState } from 'react';
import { Button, SimpleGrid } from '@mantine/core';
import {
  AccessDenied,
  EmptyState,
  ErrorState,
  LoadingState,
  PAGE_DENIALS,
  PageHeader,
  useSession,
} from '@venue/ui';
import { FlashMessage } from '../shared/flash.tsx';
import { messageOr } from '../shared/errors.ts';
import { Stat } from '../shared/Stat.tsx';
import { SubUserCard } from './SubUserCard.tsx';
import { DeleteSubUserDialog, SubUserFormDialog, SubUserPasswordDialog } from './SubUserDialogs.tsx';
import { SubUserFilters, useSubUserFilters } from './SubUserFilters.tsx';
import { useSubUsers } from './useSubUsers.ts';
import type { SubUser } from './sub-user-api.ts';

export function RolesPage() {
  const { role, profile, hallOwnerId } = useSession();
  const ownerId = profile?.id ?? hallOwnerId;
  if (role !== 'hall_owner' || !ownerId) {
    return (
      <>
        <PageHeader title="Roles & Permissions" />
        <AccessDenied denial={PAGE_DENIALS['/SettingsRoles']} />
      </>
    );
  }
  return <SubUserManager ownerId={ownerId} />;
}

function SubUserManager({ ownerId }: { ownerId: string }) {
  const { flash, list, dialogs, save, remove, changePassword } = useSubUsers(ownerId);
  const [passwordFor, setPasswordFor] = useState<SubUser | null>(null);
  const all = useMemo(() => list.data ?? [], [list.data]);
  const filters = useSubUserFilters(all);
  const shown = filters.shown;
  const active = all.filter((u) => u.status === 'active').length;

  return (
    <>
      <PageHeader
        title="Roles & Permissions"
        subtitle="Staff accounts that work on your venue's data, limited to the pages you choose."
        actions={<Button onClick={dialogs.openNew}>Add Sub-User</Button>}
      />
      <FlashMessage flash={flash.flash} testId="roles-flash" />
      <SimpleGrid cols={{ base: 1, sm: 3 }} mb="lg">
        <Stat label="Total Sub-Users" value={list.data ? all.length : '—'} />
        <Stat label="Active Users" value={list.data ? active : '—'} />
        <Stat label="Inactive Users" value={list.data ? all.length - active : '—'} />
      </SimpleGrid>
      <SubUserFilters filters={filters} list={list} />

      {list.isPending ? (
        <LoadingState label="Loading sub-users..." />
      ) : list.isError && !list.data ? (
        <ErrorState
          title="Failed to fetch sub-users"
          message={messageOr(list.error, 'Failed to fetch sub-users')}
          onRetry={() => void list.refetch()}
        />
      ) : shown.length === 0 ? (
        <EmptyState title="No sub-users found" description="Try adjusting your search or filters." />
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {shown.map((user) => (
            <SubUserCard
              key={user.id}
              user={user}
              onEdit={() => dialogs.openEdit(user)}
              onPassword={() => setPasswordFor(user)}
              onDelete={() => dialogs.openDelete(user)}
            />
          ))}
        </SimpleGrid>
      )}

      <SubUserFormDialog
        opened={dialogs.formOpen}
        editing={dialogs.editing}
        busy={save.isPending}
        error={dialogs.dialogError}
        onClose={dialogs.closeForm}
        onSubmit={(draft) => save.mutate(draft)}
      />
      <DeleteSubUserDialog
        item={dialogs.deleting}
        busy={remove.isPending}
        error={dialogs.dialogError}
        onClose={dialogs.closeDelete}
        onConfirm={() => dialogs.deleting && remove.mutate(dialogs.deleting)}
      />
      <SubUserPasswordDialog
        user={passwordFor}
        change={changePassword}
        onClose={() => setPasswordFor(null)}
      />
    </>
  );
}
