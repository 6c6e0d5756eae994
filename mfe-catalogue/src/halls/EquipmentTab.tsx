import { Button, Group, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import { useController, type Control } from 'react-hook-form';
import type { Equipment, ResourceInput } from '../api/types.ts';
import { numberFrom } from '../shared/labels.ts';

type RowErrors = Array<Partial<Record<keyof Equipment, { message?: string }>> | undefined>;

/** The equipment list; a row's problem under its name or quantity. */
export function EquipmentTab({ control }: { control: Control<ResourceInput> }) {
  const { field, fieldState } = useController({ control, name: 'equipment' });
  const items = field.value;
  const errors = fieldState.error as RowErrors | undefined;
  const onChange = (next: Equipment[]) => field.onChange(next);
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
        <Group key={i} align="flex-start">
          <TextInput
            label={`Equipment ${i + 1} name`}
            value={item.name}
            onChange={(e) => set(i, { name: e.currentTarget.value })}
            error={errors?.[i]?.name?.message}
            style={{ flex: 1 }}
          />
          <NumberInput
            label={`Equipment ${i + 1} quantity`}
            min={1}
            allowDecimal={false}
            value={item.quantity}
            onChange={(v) => set(i, { quantity: numberFrom(v) })}
            error={errors?.[i]?.quantity?.message}
            w={120}
          />
          <Button
            variant="subtle"
            color="red"
            mt="calc(var(--mantine-font-size-sm) * var(--mantine-line-height))"
            onClick={() => onChange(items.filter((_, j) => j !== i))}
          >
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
