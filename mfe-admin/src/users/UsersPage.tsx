import { useMemo, useState } from 'react';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  NativeSelect,
  SimpleGrid,
  Switch,
  Table,
  Text,
  Tooltip,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatPhone, type Country } from '@venue/contracts';
import { AccessDenied, EmptyState, LoadingState, PAGE_DENIALS, PageHeader, useSession } from '@venue/ui';
import { FlashMessage, useFlash } from '../shared/flash.tsx';
import { messageOr } from '../shared/errors.ts';
import { pictureForm } from '../shared/picture-rules.ts';
import { ProfileImage } from '../shared/ProfileImage.tsx';
import { EditIcon, TrashIcon } from '../shared/icons.tsx';
import { SearchToolbar } from '../shared/SearchToolbar.tsx';
import { useManagedDialogs } from '../shared/useManagedDialogs.ts';
import { Stat } from '../shared/Stat.tsx';
import { DeleteUserDialog, UserFormDialog, UserStatusDialog } from './UserDialogs.tsx';
import { addressText, roleLabel, userBody, usersKey, type ManagedUser, type UserForm } from './user-api.ts';

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

function matches(u: ManagedUser, q: string, country: Country): boolean {
  const phone = formatPhone(u.contactNumber, country);
  const hay = [u.email, u.role, roleLabel(u.role), u.hallName, u.contactNumber, phone, addressText(u.address)]
    .filter(Boolean)
    .join(' ')
    .toLowerCase();
  return hay.includes(q);
}

function UserManager() {
  const { api, profile, settings } = useSession();
  const queryClient = useQueryClient();
  const flash = useFlash();
  const [warning, setWarning] = useState<string | null>(null);
  const list = useQuery({
    queryKey: usersKey,
    // Sub-users belong to their owners' Roles & Permissions page, never to this list.
    queryFn: async () => (await api.api<ManagedUser[]>('/api/users')).filter((u) => u.role !== 'sub_user'),
  });
  const [search, setSearch] = useState('');
  const [roleFilter, setRoleFilter] = useState('all');
  const [activeOnly, setActiveOnly] = useState(false);
  const dialogs = useManagedDialogs<ManagedUser>();
  // The account whose Deactivate / Reactivate is being confirmed.
  const [toggling, setToggling] = useState<ManagedUser | null>(null);
  const [statusError, setStatusError] = useState<string | null>(null);
  const closeStatus = () => {
    setToggling(null);
    setStatusError(null);
  };

  const refresh = () => queryClient.invalidateQueries({ queryKey: usersKey });

  const save = useMutation({
    mutationFn: async ({ values, picture }: { values: UserForm; picture: File | null }) => {
      if (dialogs.editing) {
        await api.api(`/api/users/${encodeURIComponent(dialogs.editing.id)}`, {
          method: 'PUT',
          body: userBody(values, false),
        });
        return { created: false, pictureFailed: false };
      }
      const created = await api.api<ManagedUser>('/api/users', {
        method: 'POST',
        body: userBody(values, true),
      });
      let pictureFailed = false;
      if (picture && created?.id) {
        // The account exists already; a picture that will not upload must not undo that.
        try {
          await api.api(`/api/users/upload-profile-picture?userId=${encodeURIComponent(created.id)}`, {
            method: 'POST',
            body: pictureForm(picture),
          });
        } catch (error) {
          console.warn('The profile picture could not be uploaded for the new user', error);
          pictureFailed = true;
        }
      }
      return { created: true, pictureFailed };
    },
    onSuccess: ({ created, pictureFailed }, { values }) => {
      flash.success(
        created ? `${roleLabel(values.role)} account created successfully!` : 'User updated successfully!',
      );
      setWarning(
        pictureFailed
          ? 'The account was created, but the profile picture could not be uploaded. You can add it later.'
          : null,
      );
      dialogs.closeForm();
      void refresh();
    },
    onError: (error) =>
      dialogs.setDialogError(
        messageOr(error, dialogs.editing ? 'Failed to update user' : 'Failed to create user'),
      ),
  });
  const remove = useMutation({
    mutationFn: (user: ManagedUser) =>
      api.api(`/api/users/${encodeURIComponent(user.id)}`, { method: 'DELETE' }),
    onSuccess: () => {
      flash.success('User deleted successfully!');
      dialogs.closeDelete();
      void refresh();
    },
    onError: (error) => dialogs.setDialogError(messageOr(error, 'Failed to delete user')),
  });

  const setStatus = useMutation({
    mutationFn: (user: ManagedUser) =>
      api.api<ManagedUser>(`/api/users/${encodeURIComponent(user.id)}`, {
        method: 'PUT',
        body: { status: user.status === 'active' ? 'inactive' : 'active' },
      }),
    onSuccess: (updated, user) => {
      flash.success(
        (updated?.status ?? (user.status === 'active' ? 'inactive' : 'active')) === 'inactive'
          ? `${user.email} deactivated.`
          : `${user.email} reactivated.`,
      );
      closeStatus();
      void refresh();
    },
    onError: (error) => setStatusError(messageOr(error, 'Failed to change the account status')),
  });

  const all = useMemo(() => list.data ?? [], [list.data]);
  const roles = useMemo(() => [...new Set(all.map((u) => u.role))].sort(), [all]);
  const shown = useMemo(() => {
    const q = search.trim().toLowerCase();
    return all.filter(
      (u) =>
        (roleFilter === 'all' || u.role === roleFilter) &&
        (!activeOnly || u.status === 'active') &&
        (!q || matches(u, q, settings.country)),
    );
  }, [all, search, roleFilter, activeOnly, settings.country]);

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
      <SimpleGrid cols={{ base: 1, sm: 2 }} mb="lg">
        <Stat
          label="Hall Owners"
          value={list.data ? all.filter((u) => u.role === 'hall_owner').length : '—'}
        />
        <Stat
          label="Super Admins"
          value={list.data ? all.filter((u) => u.role === 'super_admin').length : '—'}
        />
      </SimpleGrid>
      <SearchToolbar
        placeholder="Search email, role, hall, contact or address..."
        search={search}
        onSearch={setSearch}
        minWidth={240}
      >
        <NativeSelect
          label="Role"
          data={[
            { value: 'all', label: 'All Roles' },
            ...roles.map((r) => ({ value: r, label: roleLabel(r) })),
          ]}
          value={roleFilter}
          onChange={(e) => setRoleFilter(e.currentTarget.value)}
        />
        <Switch
          label="Active only"
          checked={activeOnly}
          onChange={(e) => setActiveOnly(e.currentTarget.checked)}
          mb={8}
        />
      </SearchToolbar>

      {list.isPending ? (
        <LoadingState label="Loading users..." />
      ) : list.isError && !list.data ? (
        <Text c="red" ta="center" role="alert" py="xl">
          {messageOr(list.error, 'Failed to fetch users')}
        </Text>
      ) : shown.length === 0 ? (
        <EmptyState title="No users found." />
      ) : (
        <Table.ScrollContainer minWidth={900}>
          <Table striped highlightOnHover verticalSpacing="sm" data-testid="users-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Profile</Table.Th>
                <Table.Th>Email</Table.Th>
                <Table.Th>Role</Table.Th>
                <Table.Th>Hall Name</Table.Th>
                <Table.Th>Contact Number</Table.Th>
                <Table.Th>Address</Table.Th>
                <Table.Th>Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shown.map((u) => (
                <Table.Tr key={u.id} data-testid="user-row">
                  <Table.Td>
                    <ProfileImage
                      src={u.profilePicture}
                      name={u.hallName ?? u.email}
                      alt={`Profile picture of ${u.email}`}
                      size={36}
                      data-has-picture={u.profilePicture ? 'true' : 'false'}
                    />
                  </Table.Td>
                  <Table.Td>
                    {u.email}
                    {u.status !== 'active' ? (
                      <Badge ml="xs" size="xs" color="gray" variant="light">
                        Inactive
                      </Badge>
                    ) : null}
                  </Table.Td>
                  <Table.Td>{roleLabel(u.role)}</Table.Td>
                  <Table.Td>{u.hallName ?? ''}</Table.Td>
                  <Table.Td>{formatPhone(u.contactNumber, settings.country)}</Table.Td>
                  <Table.Td>{addressText(u.address)}</Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <Tooltip label="Edit">
                        <ActionIcon
                          variant="subtle"
                          aria-label={`Edit ${u.email}`}
                          onClick={() => dialogs.openEdit(u)}
                        >
                          <EditIcon />
                        </ActionIcon>
                      </Tooltip>
                      {u.id !== profile?.id ? (
                        <Button
                          variant="subtle"
                          size="compact-sm"
                          color={u.status === 'active' ? 'orange' : 'teal'}
                          aria-label={`${u.status === 'active' ? 'Deactivate' : 'Reactivate'} ${u.email}`}
                          onClick={() => setToggling(u)}
                        >
                          {u.status === 'active' ? 'Deactivate' : 'Reactivate'}
                        </Button>
                      ) : null}
                      {u.id !== profile?.id ? (
                        <Tooltip label="Delete">
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            aria-label={`Delete ${u.email}`}
                            onClick={() => dialogs.openDelete(u)}
                          >
                            <TrashIcon />
                          </ActionIcon>
                        </Tooltip>
                      ) : null}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
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
        item={toggling}
        busy={setStatus.isPending}
        error={statusError}
        onClose={closeStatus}
        onConfirm={() => toggling && setStatus.mutate(toggling)}
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
