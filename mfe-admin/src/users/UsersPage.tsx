import { useMemo } from 'react';
import { Alert, Button, SimpleGrid, Text } from '@mantine/core';
import { AccessDenied, EmptyState, LoadingState, PAGE_DENIALS, PageHeader, useSession } from '@venue/ui';
import { FlashMessage } from '../shared/flash.tsx';
import { messageOr } from '../shared/errors.ts';
import { Stat } from '../shared/Stat.tsx';
import { DeleteUserDialog, UserFormDialog, UserStatusDialog } from './UserDialogs.tsx';
import { UserFilters, useUserFilters } from './UserFilters.tsx';
import { UsersTable } from './UsersTable.tsx';
import { useUserAccounts } from './useUserAccounts.ts';
import type { ManagedUser } from './user-api.ts';

export function UsersPage() {
  const { role } = useSession();
  if (role !== 'super_admin') {
    return (
      <>
        <PageHeader title="Users" />
        <AccessDenied denial={PAGE_DENIALS['/Users']} />
      </>
    );
  }
  return <UserManager />;
}

function UserManager() {
  const { settings } = useSession();
  const { flash, warning, setWarning, list, dialogs, save, remove, status } = useUserAccounts();
  const all = useMemo(() => list.data ?? [], [list.data]);
  const filters = useUserFilters(all, settings.country);
  const shown = filters.shown;

  return (
    <>
      <PageHeader
        title="Users"
        subtitle="Manage hall owner and super admin accounts."
        actions={<Button onClick={dialogs.openNew}>Add User</Button>}
      />
      <FlashMessage flash={flash.flash} testId="users-flash" />
      {warning ? (
        <Alert
          color="yellow"
          variant="light"
          mb="md"
          role="status"
          withCloseButton
          onClose={() => setWarning(null)}
        >
          {warning}
        </Alert>
      ) : null}
      <UserCounts users={list.data ? all : null} />
      <UserFilters filters={filters} />

      {list.isPending ? (
        <LoadingState label="Loading users..." />
      ) : list.isError && !list.data ? (
        <Text c="red" ta="center" role="alert" py="xl">
          {messageOr(list.error, 'Failed to fetch users')}
        </Text>
      ) : shown.length === 0 ? (
        <EmptyState title="No users found." />
      ) : (
        <UsersTable
          users={shown}
          onEdit={dialogs.openEdit}
          onToggle={status.setToggling}
          onDelete={dialogs.openDelete}
        />
      )}

      <UserFormDialog
        opened={dialogs.formOpen}
        editing={dialogs.editing}
        busy={save.isPending}
        error={dialogs.dialogError}
        onClose={dialogs.closeForm}
        onSubmit={(values, picture) => save.mutate({ values, picture })}
      />
      <UserStatusDialog
        item={status.toggling}
        busy={status.change.isPending}
        error={status.error}
        onClose={status.close}
        onConfirm={() => status.toggling && status.change.mutate(status.toggling)}
      />
      <DeleteUserDialog
        item={dialogs.deleting}
        busy={remove.isPending}
        error={dialogs.dialogError}
        onClose={dialogs.closeDelete}
        onConfirm={() => dialogs.deleting && remove.mutate(dialogs.deleting)}
      />
    </>
  );
}

/** How many of each kind of account; a dash until the list has loaded. */
function UserCounts({ users }: { users: ManagedUser[] | null }) {
  const count = (role: ManagedUser['role']) => (users ? users.filter((u) => u.role === role).length : '—');
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} mb="lg">
      <Stat label="Hall Owners" value={count('hall_owner')} />
      <Stat label="Super Admins" value={count('super_admin')} />
    </SimpleGrid>
  );
}
