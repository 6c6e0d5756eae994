import { Checkbox, Group, Table, TextInput } from '@mantine/core';
import { useController, type Control } from 'react-hook-form';
import { ScrollTable } from '../shared/ScrollTable.tsx';
import { WEEKDAYS, WEEKDAY_NAMES, type DayHours, type ResourceInput, type Weekday } from '../api/types.ts';
import { TableHead } from '@venue/ui/table-head';

/** The opening hours, one row a day; a day's problem ("closing time must be after…") under its field. */
export function HoursTab({ control }: { control: Control<ResourceInput> }) {
  const { field, fieldState } = useController({ control, name: 'hours' });
  const hours = field.value;
  const errors = fieldState.error as
    Partial<Record<Weekday, Partial<Record<keyof DayHours, { message?: string }>>>> | undefined;
  const set = (day: Weekday, patch: Partial<DayHours>) =>
    field.onChange({ ...hours, [day]: { ...hours[day], ...patch } });
  return (
    <ScrollTable minWidth={440} label="Opening hours">
      <Table>
        <TableHead columns={['Day', 'Opens', 'Closes', 'Closed']} />
        <Table.Tbody>
          {WEEKDAYS.map((day) => {
            const h = hours[day];
            const name = WEEKDAY_NAMES[day];
            return (
              <Table.Tr key={day}>
                <Table.Td>{name}</Table.Td>
                <Table.Td>
                  <TextInput
                    type="time"
                    aria-label={`${name} opening time`}
                    value={h.open}
                    disabled={h.closed}
                    onChange={(e) => set(day, { open: e.currentTarget.value })}
                    error={errors?.[day]?.open?.message}
                  />
                </Table.Td>
                <Table.Td>
                  <TextInput
                    type="time"
                    aria-label={`${name} closing time`}
                    value={h.close}
                    disabled={h.closed}
                    onChange={(e) => set(day, { close: e.currentTarget.value })}
                    error={errors?.[day]?.close?.message}
                  />
                </Table.Td>
                <Table.Td>
                  <Group>
                    <Checkbox
                      aria-label={`${name} closed`}
                      checked={h.closed}
                      onChange={(e) => set(day, { closed: e.currentTarget.checked })}
                    />
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}
