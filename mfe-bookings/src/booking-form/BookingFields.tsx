/**
 * The booking dialog's sections of fields, bound to its react-hook-form (FormProvider). Each
 * field shows its problem beneath it (Mantine marks it aria-invalid and ties the message to it
 * by aria-describedby).
 */
import { Select, SimpleGrid, TextInput, Textarea, Title } from '@mantine/core';
import { Controller, useFormContext, useFormState, useWatch } from 'react-hook-form';
import { phoneExamples } from '@venue/contracts';
import { useSession } from '@venue/ui';
import { SelectField } from '@venue/ui/select-field';
import { DateField } from '@venue/ui/date-field';
import { EVENT_TYPES, type Resource } from '../api/types.ts';
import { RecurrenceFields } from './RecurrenceFields.tsx';
import type { BookingDraft } from './draft.ts';
import type { BookingChecks } from './useBookingChecks.ts';

const STATUS_OPTIONS = ['pending', 'tentative', 'confirmed', 'completed', 'cancelled'].map((s) => ({
  value: s,
  label: s[0]!.toUpperCase() + s.slice(1),
}));

type TextName = 'customerName' | 'customerEmail' | 'customerPhone' | 'guestCount' | 'additionalDescription';

/** A text box's registration and its problem. */
function useTextField() {
  const { register, control } = useFormContext<BookingDraft>();
  const { errors } = useFormState({ control });
  return (name: TextName | 'startTime' | 'endTime' | 'estimatedPrice') => ({
    ...register(name),
    error: errors[name]?.message,
  });
}

export function CustomerFields() {
  const { settings } = useSession();
  const text = useTextField();
  return (
    <>
      <Title order={3} fz="md">
        Customer Information
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label="Customer name" required {...text('customerName')} />
        <TextInput label="Customer email" type="email" required {...text('customerEmail')} />
        <TextInput
          label="Customer phone"
          type="tel"
          required
          placeholder={phoneExamples(settings.country)[0]}
          {...text('customerPhone')}
        />
      </SimpleGrid>
    </>
  );
}

export function EventFields({
  resources,
  resource,
}: {
  resources: { data?: Resource[]; isLoading: boolean; isError: boolean };
  resource: Resource | undefined;
}) {
  const { control } = useFormContext<BookingDraft>();
  const text = useTextField();
  const selected = useWatch({ control, name: 'selectedHall' });
  const resourceOptions = (resources.data ?? [])
    .filter((r) => r.status !== 'archived' || r.id === selected)
    .map((r) => ({ value: r.id, label: r.name }));
  return (
    <>
      <Title order={3} fz="md">
        Event Details
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <SelectField
          control={control}
          name="eventType"
          label="Event type"
          required
          data={[...EVENT_TYPES]}
          fallback=""
        />
        <Controller
          control={control}
          name="selectedHall"
          render={({ field, fieldState }) => (
            <Select
              label="Resource"
              required
              data={resourceOptions}
              ref={field.ref}
              value={field.value || null}
              onChange={(v) => field.onChange(v ?? '')}
              onBlur={field.onBlur}
              placeholder={resources.isLoading ? 'Loading resources...' : 'Choose a resource'}
              error={
                fieldState.error?.message ?? (resources.isError ? 'Failed to load resources' : undefined)
              }
            />
          )}
        />
        <TextInput
          label="Guest count"
          type="number"
          min={1}
          max={resource?.capacity || undefined}
          step={1}
          {...text('guestCount')}
          description={resource ? `Capacity ${resource.capacity}` : undefined}
        />
      </SimpleGrid>
      <Textarea label="Additional description" autosize minRows={2} {...text('additionalDescription')} />
    </>
  );
}

export function DateTimeFields({
  editing,
  checks,
  excludedDates,
  onExcludedChange,
}: {
  editing: boolean;
  checks: BookingChecks;
  excludedDates: string[];
  onExcludedChange: (dates: string[]) => void;
}) {
  const { control } = useFormContext<BookingDraft>();
  const text = useTextField();
  return (
    <>
      <Title order={3} fz="md">
        Date &amp; Time
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Controller
          control={control}
          name="bookingDate"
          render={({ field, fieldState }) => (
            <DateField
              label="Booking date"
              required
              value={field.value}
              onChange={field.onChange}
              error={fieldState.error?.message}
            />
          )}
        />
        <TextInput label="Start time" type="time" required {...text('startTime')} />
        <TextInput label="End time" type="time" required {...text('endTime')} />
      </SimpleGrid>
      {editing ? null : (
        <Controller
          control={control}
          name="repeat"
          render={({ field, fieldState }) => (
            <RecurrenceFields
              value={field.value}
              onChange={(next) => {
                field.onChange(next);
                onExcludedChange([]);
              }}
              error={fieldState.error?.message}
              check={checks.series}
              excluded={excludedDates}
              onExcludedChange={onExcludedChange}
            />
          )}
        />
      )}
    </>
  );
}

export function PricingFields() {
  const { control } = useFormContext<BookingDraft>();
  const text = useTextField();
  return (
    <>
      <Title order={3} fz="md">
        Pricing &amp; Status
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label="Estimated price override"
          description="Leave blank to use the resource's pricing"
          type="number"
          min={0}
          step={0.01}
          {...text('estimatedPrice')}
        />
        <SelectField
          control={control}
          name="status"
          label="Status"
          data={STATUS_OPTIONS}
          fallback="pending"
          allowDeselect={false}
        />
      </SimpleGrid>
    </>
  );
}
