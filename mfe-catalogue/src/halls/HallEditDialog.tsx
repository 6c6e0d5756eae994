import { useEffect, useState } from 'react';
import { Anchor, ColorInput, Group, NumberInput, Select, Stack, Tabs, Text, TextInput } from '@mantine/core';
import { useSession } from '@venue/ui';
import type { Resource, ResourceInput, ResourceType, Visibility } from '../api/types.ts';
import { useSaveResource } from '../api/hooks.ts';
import { TYPE_OPTIONS, numberFrom } from '../shared/labels.ts';
import { FormDialog } from '../shared/FormDialog.tsx';
import { notifySuccess } from '../shared/notify.ts';
import { emptyResource, toInput, validateResource } from './resourceForm.ts';
import { HoursTab } from './HoursTab.tsx';
import { EquipmentTab } from './EquipmentTab.tsx';
import { NotesField, SwitchField, TextField } from '../shared/fields.tsx';
import { ResourcePhoto } from '../photos/ResourcePhoto.tsx';

const COLOURS: Record<string, string> = {
  '#2563EB': 'Blue',
  '#16A34A': 'Green',
  '#DC2626': 'Red',
  '#9333EA': 'Purple',
  '#EA580C': 'Orange',
  '#0891B2': 'Teal',
  '#DB2777': 'Pink',
  '#4B5563': 'Grey',
};

/** New or edit: the full hall/room form, tabbed as in spec 03 §2.5. */
export function HallEditDialog({
  opened,
  resource,
  onClose,
}: {
  opened: boolean;
  resource: Resource | null;
  onClose: () => void;
}) {
  const { navigate } = useSession();
  const save = useSaveResource();
  const [form, setForm] = useState<ResourceInput>(emptyResource);
  const [errors, setErrors] = useState<string[]>([]);
  const [tab, setTab] = useState<string | null>('details');

  useEffect(() => {
    if (!opened) return;
    setForm(resource ? toInput(resource) : emptyResource());
    setErrors([]);
    setTab('details');
  }, [opened, resource]);

  const set = (patch: Partial<ResourceInput>) => setForm((f) => ({ ...f, ...patch }));

  async function submit() {
    const problems = validateResource(form);
    setErrors(problems);
    if (problems.length) return;
    await save.mutateAsync({ id: resource?.id, input: { ...form, name: form.name.trim() } });
    notifySuccess(resource ? 'Resource updated successfully!' : 'Resource created successfully!');
    onClose();
  }

  return (
    <FormDialog
      opened={opened}
      title={resource ? `Edit ${resource.name}` : 'New Hall/Room'}
      size="xl"
      errors={errors}
      busy={save.isPending}
      submitLabel={resource ? 'Save Changes' : 'Create Hall/Room'}
      onClose={onClose}
      onSubmit={submit}
    >
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="details">Details</Tabs.Tab>
          <Tabs.Tab value="photo">Photo</Tabs.Tab>
          <Tabs.Tab value="hours">Hours</Tabs.Tab>
          <Tabs.Tab value="buffers">Buffers</Tabs.Tab>
          <Tabs.Tab value="equipment">Equipment</Tabs.Tab>
          <Tabs.Tab value="pricing">Pricing</Tabs.Tab>
          <Tabs.Tab value="publishing">Publishing</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="details" pt="md">
          <Stack>
            <TextField label="Name" required value={form.name} onValue={(name) => set({ name })} />
            <TextInput
              label="Code"
              value={resource?.code ?? ''}
              placeholder="Generated when saved"
              readOnly
              disabled
            />
            <Group grow>
              <Select
                label="Type"
                data={TYPE_OPTIONS}
                value={form.type}
                allowDeselect={false}
                onChange={(v) => set({ type: (v as ResourceType) ?? 'hall' })}
              />
              <NumberInput
                label="Capacity"
                required
                min={0}
                allowDecimal={false}
                value={form.capacity}
                onChange={(v) => set({ capacity: numberFrom(v) })}
              />
            </Group>
            <NotesField
              label="Description (public)"
              value={form.description}
              onValue={(description) => set({ description })}
            />
            <NotesField
              label="Internal notes (admin only)"
              value={form.internalNotes}
              onValue={(internalNotes) => set({ internalNotes })}
            />
            <ColorInput
              label="Calendar colour"
              format="hex"
              swatches={Object.keys(COLOURS)}
              eyeDropperButtonProps={{ 'aria-label': 'Pick a colour from the screen' }}
              value={form.calendarColour}
              onChange={(v) =>
                set({ calendarColour: v.toUpperCase(), colourName: COLOURS[v.toUpperCase()] ?? '' })
              }
            />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="photo" pt="md">
          {resource ? (
            <ResourcePhoto resource={resource} />
          ) : (
            <Text size="sm">
              Create the hall or room first; its photo for the public booking page is added here afterwards.
            </Text>
          )}
        </Tabs.Panel>
        <Tabs.Panel value="hours" pt="md">
          <HoursTab hours={form.hours} onChange={(hours) => set({ hours })} />
        </Tabs.Panel>
        <Tabs.Panel value="buffers" pt="md">
          <Stack>
            <NumberInput
              label="Setup buffer (minutes)"
              min={0}
              allowDecimal={false}
              value={form.setupBufferMinutes}
              onChange={(v) => set({ setupBufferMinutes: numberFrom(v) })}
            />
            <NumberInput
              label="Pack-down buffer (minutes)"
              min={0}
              allowDecimal={false}
              value={form.packdownBufferMinutes}
              onChange={(v) => set({ packdownBufferMinutes: numberFrom(v) })}
            />
            <SwitchField
              label="Apply buffers to bookings"
              checked={form.applyBuffers}
              onValue={(applyBuffers) => set({ applyBuffers })}
            />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="equipment" pt="md">
          <EquipmentTab items={form.equipment} onChange={(equipment) => set({ equipment })} />
        </Tabs.Panel>
        <Tabs.Panel value="pricing" pt="md">
          <Text size="sm">
            Prices are set per resource on the rate cards: a weekday and a weekend rate, hourly or daily.
          </Text>
          <Anchor
            component="button"
            type="button"
            size="sm"
            mt="sm"
            onClick={() => {
              onClose();
              navigate('/PricingRatecards');
            }}
          >
            Open Rate Cards
          </Anchor>
        </Tabs.Panel>
        <Tabs.Panel value="publishing" pt="md">
          <Stack>
            <Select
              label="Visibility"
              data={[
                { value: 'public', label: 'Public' },
                { value: 'admin', label: 'Admin-only' },
              ]}
              value={form.visibility}
              allowDeselect={false}
              onChange={(v) => set({ visibility: (v as Visibility) ?? 'public' })}
            />
            <SwitchField
              label="ICS calendar feed"
              description="A private link calendar apps can subscribe to"
              checked={form.icsEnabled}
              onValue={(icsEnabled) => set({ icsEnabled })}
            />
            <SwitchField
              label="Show on the public calendar"
              checked={form.publicCalendar}
              onValue={(publicCalendar) => set({ publicCalendar })}
            />
          </Stack>
        </Tabs.Panel>
      </Tabs>
    </FormDialog>
  );
}
