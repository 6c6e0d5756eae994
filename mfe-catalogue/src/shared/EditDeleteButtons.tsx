import { Button, Group, Table } from '@mantine/core';
import { DangerButton } from '@venue/ui/danger-button';

/**
 * The Edit and Delete pair of a listed item. In a table it fills the Actions cell; on a card
 * the Edit button is a shade stronger, as the card's main action. `subject` names the item in
 * the buttons' accessible names ("Edit Main Hall"); without it they are just "Edit" and "Delete".
 */
export function EditDeleteButtons({
  place,
  subject,
  onEdit,
  onDelete,
}: {
  place: 'table' | 'card';
  subject?: string;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const group =
    place === 'table' ? ({ gap: 4, wrap: 'nowrap' } as const) : ({ gap: 'xs', mt: 'xs' } as const);
  const buttons = (
    <Group {...group}>
      <Button
        size="xs"
        variant={place === 'table' ? 'subtle' : 'light'}
        onClick={onEdit}
        aria-label={subject ? `Edit ${subject}` : undefined}
      >
        Edit
      </Button>
      <DangerButton onClick={onDelete} aria-label={subject ? `Delete ${subject}` : undefined}>
        Delete
      </DangerButton>
    </Group>
  );
  return place === 'table' ? <Table.Td>{buttons}</Table.Td> : buttons;
}
