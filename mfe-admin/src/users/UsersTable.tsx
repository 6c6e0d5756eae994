import { ActionIcon, Badge, Button, Group, Table, Tooltip } from '@mantine/core';
import { formatPhone } from '@venue/contracts';
import { useSession } from '@venue/ui';
import { ProfileImage } from '../shared/ProfileImage.tsx';
import { EditIcon, TrashIcon } from '../shared/icons.tsx';
import { addressText, roleLabel, type ManagedUser } from './user-api.ts';

type RowActions = {
  onEdit: (user: ManagedUser) => void;
  onToggle: (user: ManagedUser) => void;
  onDelete: (user: ManagedUser) => void;
};

const COLUMNS = ['Profile', 'Email', 'Role', 'Hall Name', 'Contact Number', 'Address', 'Actions'];

export function UsersTable({ users, ...actions }: { users: ManagedUser[] } & RowActions) {
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table striped highlightOnHover verticalSpacing="sm" data-testid="users-table">
        <Table.Thead>
          <Table.Tr>
            {COLUMNS.map((column) => (
              <Table.Th key={column}>{column}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {users.map((u) => (
            <UserRow key={u.id} user={u} {...actions} />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function UserRow({ user: u, ...actions }: { user: ManagedUser } & RowActions) {
  const { settings } = useSession();
  return (
    <Table.Tr data-testid="user-row">
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
        <UserActions user={u} {...actions} />
      </Table.Td>
    </Table.Tr>
  );
}

/** Edit for everyone; no one deactivates or deletes their own account. */
function UserActions({ user: u, onEdit, onToggle, onDelete }: { user: ManagedUser } & RowActions) {
  const { profile } = useSession();
  const verb = u.status === 'active' ? 'Deactivate' : 'Reactivate';
  return (
    <Group gap={4} wrap="nowrap">
      <Tooltip label="Edit">
        <ActionIcon variant="subtle" aria-label={`Edit ${u.email}`} onClick={() => onEdit(u)}>
          <EditIcon />
        </ActionIcon>
      </Tooltip>
      {u.id !== profile?.id ? (
        <Button
          variant="subtle"
          size="compact-sm"
          color={u.status === 'active' ? 'orange' : 'teal'}
          aria-label={`${verb} ${u.email}`}
          onClick={() => onToggle(u)}
        >
          {verb}
        </Button>
      ) : null}
      {u.id !== profile?.id ? (
        <Tooltip label="Delete">
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`Delete ${u.email}`}
            onClick={() => onDelete(u)}
          >
            <TrashIcon />
          </ActionIcon>
        </Tooltip>
      ) : null}
    </Group>
  );
}
