import { useMemo, useState } from 'react';
import { Button, NativeSelect, SimpleGrid } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  AccessDenied,
  EmptyState,
  ErrorState,
  LoadingState,
  PAGE_DENIALS,
  PageHeader,
  useSession,
} from '@venue/ui';
import { FlashMessage, useFlash } from '../shared/flash.tsx';
import { messageOr } from '../shared/errors.ts';
import { SearchToolbar } from '../shared/SearchToolbar.tsx';
import { useManagedDialogs } from '../shared/useManagedDialogs.ts';
import { Stat } from '../shared/Stat.tsx';
import { SubUserCard } from './SubUserCard.tsx';
import { DeleteSubUserDialog, SubUserFormDialog, SubUserPasswordDialog } from './SubUserDialogs.tsx';
import { subUsersKey, type SubUser, type SubUserDraft } from './sub-user-api.ts';

type StatusFilter = 'all' | 'active' | 'inactive';

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
  const { api } = useSession();
  const queryClient = useQueryClient();
  const flash = useFlash();
  const key = subUsersKey(ownerId);
  const list = useQuery({
    queryKey: key,
    queryFn: () => api.api<SubUser[]>(`/api/users/sub-users/${encodeURIComponent(ownerId)}`),
  });
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<StatusFilter>('all');
  const dialogs = useManagedDialogs<SubUser>();
  const [passwordFor, setPasswordFor] = useState<SubUser | null>(null);

  const refresh = () => queryClient.invalidateQueries({ queryKey: key });

  const save = useMutation({
    mutationFn: (draft: SubUserDraft) =>
      dialogs.editing
        ? api.api(`/api/users/sub-users/${encodeURIComponent(dialogs.editing.id)}`, {
            method: 'PUT',
            body: { name: draft.name.trim(), permissions: draft.permissions, status: draft.status },
          })
        : api.api('/api/users', {
            method: 'POST',
            body: {
              name: draft.name.trim(),
              email: draft.email.trim(),
              password: draft.password,
              role: 'sub_user',
              parentUserId: ownerId,
              permissions: draft.permissions,
              status: draft.status,
            },
          }),
    onSuccess: () => {
      flash.success(dialogs.editing ? 'Sub-user updated successfully!' : 'Sub-user created successfully!');
      dialogs.closeForm();
      void refresh();
    },
    onError: (error) =>
      dialogs.setDialogError(
        messageOr(error, dialogs.editing ? 'Failed to update sub-user' : 'Failed to create sub-user'),
      ),
  });
  const remove = useMutation({
    mutationFn: (user: SubUser) => api.api(`/api/users/${encodeURIComponent(user.id)}`, { method: 'DELETE' }),
    onSuccess: () => {
      flash.success('Sub-user deleted successfully!');
      dialogs.closeDelete();
      void refresh();
    },
    onError: (error) => dialogs.setDialogError(messageOr(error, 'Failed to delete sub-user')),
  });

  const changePassword = async (user: SubUser, newPassword: string): Promise<string> => {
    try {
      await api.api('/api/users/change-sub-user-password', {
        method: 'PUT',
        body: { subUserId: user.id, newPassword },
      });
    } catch (error) {
      throw new Error(messageOr(error, 'Failed to change password. Please try again.'));
    }
    return `Password changed successfully for ${user.name || user.email}`;
  };

  const all = useMemo(() => list.data ?? [], [list.data]);
  const shown = useMemo(() => {
    const q = search.trim().toLowerCase();
    return all.filter(
      (u) =>
        (status === 'all' || u.status === status) &&
        (!q || (u.name ?? '').toLowerCase().includes(q) || u.email.toLowerCase().includes(q)),
    );
  }, [all, search, status]);
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
      <SearchToolbar
        placeholder="Search name or email..."
        search={search}
        onSearch={setSearch}
        minWidth={220}
      >
        <NativeSelect
          label="Status"
          data={[
            { value: 'all', label: 'All Statuses' },
            { value: 'active', label: 'Active' },
            { value: 'inactive', label: 'Inactive' },
          ]}
          value={status}
          onChange={(e) => setStatus(e.currentTarget.value as StatusFilter)}
        />
        <Button
          variant="default"
          onClick={() => {
            setSearch('');
            setStatus('all');
          }}
        >
          Clear
        </Button>
        <Button variant="light" onClick={() => void list.refetch()} loading={list.isFetching}>
          Refresh
        </Button>
      </SearchToolbar>

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
