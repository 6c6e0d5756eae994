import { useEffect, useState } from 'react';
import { Controller, type Control, type UseFormReturn } from 'react-hook-form';
import { Anchor, ColorInput, Group, Stack, Tabs, Text, TextInput, Textarea } from '@mantine/core';
import { resourceInput } from '@venue/contracts';
import { useSession } from '@venue/ui';
import { fieldProps, useContractForm } from '@venue/ui/contract-form';
import { SelectField } from '@venue/ui/select-field';
import { SwitchField } from '@venue/ui/yes-no-field';
import type { Resource, ResourceInput } from '../api/types.ts';
import { useSaveResource } from '../api/hooks.ts';
import { TYPE_OPTIONS } from '../shared/labels.ts';
import { FormDialog } from '../shared/FormDialog.tsx';
import { notifySuccess } from '../shared/notify.ts';
import { emptyResource, listedProblem, toInput } from './resourceForm.ts';
import { HoursTab } from './HoursTab.tsx';
import { EquipmentTab } from './EquipmentTab.tsx';
import { WholeNumberField } from '../shared/fields.tsx';
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

/**
 * New or edit: the full hall/room form, tabbed as in spec 03 §2.5, checked by the contract's
 * resourceInput (what the service parses); a problem on a tab not shown is still listed on top.
 */
export function HallEditDialog({
  opened,
  resource,
  onClose,
}: {
  opened: boolean;
  resource: Resource | null;
  onClose: () => void;
}) {
  const save = useSaveResource();
  const { form, formRef, summary, onSubmit } = useContractForm<ResourceInput, ResourceInput>({
    schema: resourceInput,
    defaultValues: emptyResource(),
    listed: listedProblem,
  });
  const { control, reset } = form;
  const [tab, setTab] = useState<string | null>('details');

  useEffect(() => {
    if (!opened) return;
    reset(resource ? toInput(resource) : emptyResource());
    setTab('details');
  }, [opened, resource, reset]);

  const submit = onSubmit(async (input) => {
    await save.mutateAsync({ id: resource?.id, input });
    notifySuccess(resource ? 'Resource updated successfully!' : 'Resource created successfully!');
    onClose();
  });

  return (
    <FormDialog
      opened={opened}
      title={resource ? `Edit ${resource.name}` : 'New Hall/Room'}
      size="xl"
      errors={summary}
      busy={save.isPending || form.formState.isSubmitting}
      submitLabel={resource ? 'Save Changes' : 'Create Hall/Room'}
      onClose={onClose}
      onSubmit={submit}
      formRef={formRef}
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
          <DetailsTab form={form} code={resource?.code ?? ''} />
        </Tabs.Panel>
        <Tabs.Panel value="photo" pt="md">
          <PhotoTab resource={resource} />
        </Tabs.Panel>
        <Tabs.Panel value="hours" pt="md">
          <HoursTab control={control} />
        </Tabs.Panel>
        <Tabs.Panel value="buffers" pt="md">
          <BuffersTab control={control} />
        </Tabs.Panel>
        <Tabs.Panel value="equipment" pt="md">
          <EquipmentTab control={control} />
        </Tabs.Panel>
        <Tabs.Panel value="pricing" pt="md">
          <PricingTab onClose={onClose} />
        </Tabs.Panel>
        <Tabs.Panel value="publishing" pt="md">
          <PublishingTab control={control} />
        </Tabs.Panel>
      </Tabs>
    </FormDialog>
  );
}

type ResourceForm = UseFormReturn<ResourceInput, unknown, ResourceInput>;
type ResourceControl = Control<ResourceInput, unknown, ResourceInput>;

/** Name, code, type, capacity, the two texts and the calendar colour (its name set with it). */
function DetailsTab({ form, code }: { form: ResourceForm; code: string }) {
  const { control } = form;
  const { errors } = form.formState;
  return (
    <Stack>
      <TextInput label="Name" required {...fieldProps(form, 'name')} />
      <TextInput label="Code" value={code} placeholder="Generated when saved" readOnly disabled />
      <Group grow align="flex-start">
        <SelectField
          control={control}
          name="type"
          label="Type"
          data={TYPE_OPTIONS}
          fallback="hall"
          allowDeselect={false}
        />
        <WholeNumberField control={control} name="capacity" label="Capacity" required min={0} />
      </Group>
      <Textarea label="Description (public)" {...fieldProps(form, 'description')} />
      <Textarea label="Internal notes (admin only)" {...fieldProps(form, 'internalNotes')} />
      <Controller
        control={control}
        name="calendarColour"
        render={({ field, fieldState }) => (
          <ColorInput
            label="Calendar colour"
            format="hex"
            swatches={Object.keys(COLOURS)}
            eyeDropperButtonProps={{ 'aria-label': 'Pick a colour from the screen' }}
            ref={field.ref}
            value={field.value}
            onChange={(v) => {
              field.onChange(v.toUpperCase());
              form.setValue('colourName', COLOURS[v.toUpperCase()] ?? '');
            }}
            onBlur={field.onBlur}
            error={fieldState.error?.message ?? errors.colourName?.message}
          />
        )}
      />
    </Stack>
  );
}

function BuffersTab({ control }: { control: ResourceControl }) {
  return (
    <Stack>
      <WholeNumberField control={control} name="setupBufferMinutes" label="Setup buffer (minutes)" min={0} />
      <WholeNumberField
        control={control}
        name="packdownBufferMinutes"
        label="Pack-down buffer (minutes)"
        min={0}
      />
      <SwitchField control={control} name="applyBuffers" label="Apply buffers to bookings" />
    </Stack>
  );
}

/** Prices are the rate cards': a way there, closing the dialog. */
function PricingTab({ onClose }: { onClose: () => void }) {
  const { navigate } = useSession();
  const onOpen = () => {
    onClose();
    navigate('/PricingRatecards');
  };
  return (
    <>
      <Text size="sm">
        Prices are set per resource on the rate cards: a weekday and a weekend rate, hourly or daily.
      </Text>
      <Anchor component="button" type="button" size="sm" mt="sm" onClick={onOpen}>
        Open Rate Cards
      </Anchor>
    </>
  );
}

function PublishingTab({ control }: { control: ResourceControl }) {
  return (
    <Stack>
      <SelectField
        control={control}
        name="visibility"
        label="Visibility"
        data={[
          { value: 'public', label: 'Public' },
          { value: 'admin', label: 'Admin-only' },
        ]}
        fallback="public"
        allowDeselect={false}
      />
      <SwitchField
        control={control}
        name="icsEnabled"
        label="ICS calendar feed"
        description="A private link calendar apps can subscribe to"
      />
      <SwitchField control={control} name="publicCalendar" label="Show on the public calendar" />
    </Stack>
  );
}

/** A new hall or room has no photo yet: it is added once the resource exists. */
function PhotoTab({ resource }: { resource: Resource | null }) {
  return resource ? (
    <ResourcePhoto resource={resource} />
  ) : (
    <Text size="sm">
      Create the hall or room first; its photo for the public booking page is added here afterwards.
    </Text>
  );
}
