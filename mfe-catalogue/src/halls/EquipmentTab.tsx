import { Button, Group, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import type { Equipment } from '../api/types.ts';
import { numberFrom } from '../shared/labels.ts';

export function EquipmentTab({
  items,
  onChange,
}: {
  items: Equipment[];
  onChange: (e: Equipment[]) => void;
}) {
  const set = (i: number, patch: Partial<Equipment>) =>
    onChange(items.map((item, j) => (j === i ? { ...item, ...patch } : item)));
  return (
    <Stack>
      {items.length === 0 ? (
        <Text size="sm" c="dimmed">
          No equipment listed.
        </Text>
      ) : null}
      {items.map((item, i) => (
        <Group key={i} align="flex-end">
          <TextInput
            label={`Equipment ${i + 1} name`}
            value={item.name}
            onChange={(e) => set(i, { name: e.currentTarget.value })}
            style={{ flex: 1 }}
          />
          <NumberInput
            label={`Equipment ${i + 1} quantity`}
            min={1}
            allowDecimal={false}
            value={item.quantity}
            onChange={(v) => set(i, { quantity: numberFrom(v) })}
            w={120}
          />
          <Button variant="subtle" color="red" onClick={() => onChange(items.filter((_, j) => j !== i))}>
            Remove
          </Button>
        </Group>
      ))}
      <Button variant="light" w="fit-content" onClick={() => onChange([...items, { name: '', quantity: 1 }])}>
        Add equipment
      </Button>
    </Stack>
  );
}
