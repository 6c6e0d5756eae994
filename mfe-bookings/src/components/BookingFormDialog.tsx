import { useMemo, useState } from 'react';
import {
  Alert,
  Button,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMutation, useQuery } from '@tanstack/react-query';
import { formatPhone, isValidTime, phoneExamples, type Country } from '@venue/contracts';
import { ApiError, idempotencyKeys, serverMessage, useSession, DialogActions } from '@venue/ui';
import { DateField } from '@venue/ui/date-field';
import { ROOTS, unwrapBooking, useRefreshAll, useResources } from '../api/hooks.ts';
import { EVENT_TYPES, type Booking, type CheckResult } from '../api/types.ts';
import { useFormat } from '../lib/format.ts';
import { toastSuccess } from '../lib/notify.ts';
import { validateBooking, validateBookingExtras, type BookingFormValues } from '../lib/validate.ts';
import { AddOnsField, type AddOnChoice, type QuotedAddOn } from './AddOnsField.tsx';
import { ConflictList } from './ConflictList.tsx';
import {
  NO_REPEAT,
  RecurrenceFields,
  chosenDates,
  repeatRule,
  useSeriesCheck,
  type RepeatValues,
  type SeriesCreated,
} from './RecurrenceFields.tsx';

export interface BookingPrefill {
  resourceId?: string;
  bookingDate?: string;
  startTime?: string;
  endTime?: string;
}

interface Props {
  opened: boolean;
  onClose: () => void;
  /** Edit mode when given: the form is prefilled from it and saves with PUT. */
  booking?: Booking | null;
  prefill?: BookingPrefill | null;
  onSaved?: (booking: Booking | null) => void;
}

const STATUS_OPTIONS = ['pending', 'tentative', 'confirmed', 'completed', 'cancelled'].map((s) => ({
  value: s,
  label: s[0]!.toUpperCase() + s.slice(1),
}));

/** Milliseconds the success message stays before the dialog closes (spec 02 §9). */
const SUCCESS_DELAY_MS = 1500;

function initialValues(
  country: Country,
  booking?: Booking | null,
  prefill?: BookingPrefill | null,
): BookingFormValues {
  if (booking) {
    return {
      customerName: booking.customerName,
      customerEmail: booking.customerEmail,
      // as the venue writes it (0412 345 678); the server stores it back in E.164
      customerPhone: formatPhone(booking.customerPhone, country),
      eventType: booking.eventType,
      selectedHall: booking.resourceId,
      bookingDate: booking.bookingDate,
      startTime: booking.startTime,
      endTime: booking.endTime,
      additionalDescription: booking.additionalDescription ?? '',
      estimatedPrice:
        booking.estimatedPriceCents == null ? '' : (booking.estimatedPriceCents / 100).toFixed(2),
      guestCount: booking.guestCount == null ? '' : String(booking.guestCount),
      status: booking.status,
    };
  }
  return {
    customerName: '',
    customerEmail: '',
    customerPhone: '',
    eventType: '',
    selectedHall: prefill?.resourceId ?? '',
    bookingDate: prefill?.bookingDate ?? '',
    startTime: prefill?.startTime ?? '',
    endTime: prefill?.endTime ?? '',
    additionalDescription: '',
    estimatedPrice: '',
    guestCount: '',
    status: 'pending',
  };
}

export function BookingFormDialog({ opened, onClose, booking, prefill, onSaved }: Props) {
  return (
    <Modal opened={opened} onClose={onClose} title={booking ? 'Edit Booking' : 'New Booking'} size="lg">
      {opened ? (
        <BookingForm booking={booking} prefill={prefill} onClose={onClose} onSaved={onSaved} />
      ) : null}
    </Modal>
  );
}

function BookingForm({ booking, prefill, onClose, onSaved }: Omit<Props, 'opened'>) {
  const { api, settings } = useSession();
  const fmt = useFormat();
  const refresh = useRefreshAll();
  const resources = useResources();
  const [values, setValues] = useState<BookingFormValues>(() =>
    initialValues(settings.country, booking, prefill),
  );
  // A phone the booking has that cannot be read now (stored before decision 28) is shown as it
  // is; sent back untouched it is neither checked here nor on the server.
  const shownPhone = booking ? formatPhone(booking.customerPhone, settings.country) : undefined;
  const [error, setError] = useState<string | null>(null);
  const [serverConflicts, setServerConflicts] = useState<Pick<CheckResult, 'conflicts' | 'blockouts'> | null>(
    null,
  );
  const [success, setSuccess] = useState<string | null>(null);
  // Per opening of the dialog: saving the same booking twice (a double click) creates it once.
  const [keyFor] = useState(idempotencyKeys);
  // Add-ons (AddOnsField) and, for a new booking, the repeat (RecurrenceFields). An edit sends
  // add-ons only when they were changed: sending them reprices the booking.
  const [addOns, setAddOns] = useState<AddOnChoice[]>(
    () => booking?.addOns?.map((a) => ({ id: a.id, quantity: a.quantity })) ?? [],
  );
  const [addOnsChanged, setAddOnsChanged] = useState(false);
  const [repeat, setRepeat] = useState<RepeatValues>(NO_REPEAT);
  const [excludedDates, setExcludedDates] = useState<string[]>([]);
  const set = (key: keyof BookingFormValues) => (value: string | null) => {
    setValues((v) => ({ ...v, [key]: value ?? '' }));
    setServerConflicts(null);
  };
  /** Value and change handler of a text field bound to one form value. */
  const bind = (key: keyof BookingFormValues) => ({
    value: values[key],
    onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      set(key)(e.currentTarget.value),
  });

  const slot = useMemo(
    () => ({
      resourceId: values.selectedHall,
      bookingDate: values.bookingDate,
      startTime: values.startTime,
      endTime: values.endTime,
    }),
    [values.selectedHall, values.bookingDate, values.startTime, values.endTime],
  );
  const [debounced] = useDebouncedValue(slot, 300);
  const ready =
    Boolean(debounced.resourceId && debounced.bookingDate) &&
    isValidTime(debounced.startTime) &&
    isValidTime(debounced.endTime) &&
    debounced.endTime > debounced.startTime;
  // The booking being edited, or the one this form just created: saving refreshes every
  // bookings query, and the check must not list the saved booking as clashing with itself.
  const [savedId, setSavedId] = useState<string | null>(null);
  const excludeId = booking?.id ?? savedId;
  const check = useQuery({
    queryKey: [ROOTS.bookings, 'check', debounced, excludeId, addOns],
    queryFn: () =>
      api.request<CheckResult & { quote: { addOns?: QuotedAddOn[] } | null }>(
        'check booking',
        'POST',
        '/api/bookings/check',
        {
          ...debounced,
          ...(addOns.length ? { addOns } : {}),
          ...(excludeId ? { excludeId } : {}),
        },
      ),
    enabled: ready,
  });
  const repeating = !booking && repeat.enabled;
  const series = useSeriesCheck(slot, booking ? NO_REPEAT : repeat);
  const seriesDates = chosenDates(series.data, excludedDates);

  const resource = resources.data?.find((r) => r.id === values.selectedHall);
  const resourceOptions = (resources.data ?? [])
    .filter((r) => r.status !== 'archived' || r.id === values.selectedHall)
    .map((r) => ({ value: r.id, label: r.name }));

  const save = useMutation({
    mutationFn: (body: Record<string, unknown>) =>
      booking
        ? api.request<unknown>('booking update', 'PUT', `/api/bookings/${booking.id}`, body)
        : api.request<unknown>('booking create', 'POST', '/api/bookings/admin', body, {
            idempotencyKey: keyFor(body),
          }),
  });

  const saveSeries = useMutation({
    mutationFn: (body: Record<string, unknown>) =>
      api.request<SeriesCreated>('create the bookings', 'POST', '/api/bookings/recurring', body, {
        idempotencyKey: keyFor(body),
      }),
  });

  /** Every chosen date of the series in one request: all are booked or none (a 409 names the taken). */
  async function submitSeries(body: Record<string, unknown>) {
    const rule = repeatRule(repeat);
    if (!rule || !series.data) {
      setError('Choose how often and until when the booking repeats, then wait for the dates to be checked.');
      return;
    }
    if (seriesDates.length === 0) {
      setError('None of the dates is free to book. Choose another time, or cancel.');
      return;
    }
    try {
      const made = await saveSeries.mutateAsync({ ...body, repeat: rule, dates: seriesDates });
      setSuccess(`${made.bookings.length} bookings created successfully!`);
      toastSuccess('Bookings Created!', made.bookings.map((b) => b.bookingCode).join(', '));
      void refresh();
      setTimeout(() => {
        onSaved?.(made.bookings[0] ?? null);
        onClose();
      }, SUCCESS_DELAY_MS);
    } catch (err) {
      setError(
        serverMessage(err instanceof ApiError ? err.body : null) ??
          'Failed to create the bookings. Please try again.',
      );
      // A date taken since the check: show the dates again as they are now.
      if (err instanceof ApiError && err.status === 409) void series.refetch();
    }
  }

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setError(null);
    setServerConflicts(null);
    // An edit that keeps the date and times may save an old booking (the server's rule too).
    const keepsSlot =
      booking != null &&
      values.bookingDate === booking.bookingDate &&
      values.startTime === booking.startTime &&
      values.endTime === booking.endTime;
    const problem =
      validateBooking(values, settings.country, keepsSlot ? null : undefined, shownPhone) ??
      validateBookingExtras(values, resource?.capacity ?? 0);
    if (problem) {
      setError(problem);
      return;
    }
    if (!repeating && check.data && (check.data.conflicts.length > 0 || check.data.blockouts.length > 0)) {
      setError('Time slot conflicts with existing booking(s). Please choose a different time.');
      return;
    }
    const body = {
      customerName: values.customerName.trim(),
      customerEmail: values.customerEmail.trim(),
      customerPhone:
        booking && values.customerPhone.trim() === shownPhone
          ? booking.customerPhone
          : values.customerPhone.trim(),
      eventType: values.eventType,
      selectedHall: values.selectedHall,
      resourceId: values.selectedHall,
      bookingDate: values.bookingDate,
      startTime: values.startTime,
      endTime: values.endTime,
      additionalDescription: values.additionalDescription,
      estimatedPrice: values.estimatedPrice.trim() === '' ? null : Number(values.estimatedPrice),
      guestCount: values.guestCount.trim() === '' ? null : Number(values.guestCount),
      status: values.status,
      ...(!booking || addOnsChanged ? { addOns } : {}),
    };
    if (repeating) {
      await submitSeries(body);
      return;
    }
    try {
      const saved = unwrapBooking(await save.mutateAsync(body));
      if (saved?.id) setSavedId(saved.id);
      const price = saved ? fmt.money(saved.calculatedPriceCents) : '';
      setSuccess(
        `${booking ? 'Booking updated' : 'Booking created'} successfully!${price ? ` Calculated price: ${price}` : ''}`,
      );
      toastSuccess(booking ? 'Booking Updated!' : 'Booking Created!', saved?.bookingCode);
      void refresh();
      setTimeout(() => {
        onSaved?.(saved);
        onClose();
      }, SUCCESS_DELAY_MS);
    } catch (err) {
      const body = err instanceof ApiError ? err.body : null;
      setError(
        serverMessage(body) ??
          (booking
            ? 'Failed to update booking. Please try again.'
            : 'Failed to create booking. Please try again.'),
      );
      const found = body as Partial<CheckResult> | null;
      if (found && (Array.isArray(found.conflicts) || Array.isArray(found.blockouts))) {
        setServerConflicts({ conflicts: found.conflicts ?? [], blockouts: found.blockouts ?? [] });
      }
    }
  }

  // Repeating, each date's clashes are listed with it (RecurrenceFields) instead.
  const slotCheck = ready && !repeating ? check.data : undefined;
  const conflicts = serverConflicts?.conflicts ?? slotCheck?.conflicts ?? [];
  const blockouts = serverConflicts?.blockouts ?? slotCheck?.blockouts ?? [];
  const quote = ready ? check.data?.quote : null;

  return (
    <form onSubmit={submit} noValidate aria-label={booking ? 'Edit booking' : 'New booking'}>
      <Stack gap="md">
        <Title order={3} fz="md">
          Customer Information
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Customer name" required {...bind('customerName')} />
          <TextInput label="Customer email" type="email" required {...bind('customerEmail')} />
          <TextInput
            label="Customer phone"
            type="tel"
            required
            placeholder={phoneExamples(settings.country)[0]}
            {...bind('customerPhone')}
          />
        </SimpleGrid>

        <Title order={3} fz="md">
          Event Details
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label="Event type"
            required
            data={[...EVENT_TYPES]}
            value={values.eventType || null}
            onChange={set('eventType')}
          />
          <Select
            label="Resource"
            required
            data={resourceOptions}
            value={values.selectedHall || null}
            onChange={set('selectedHall')}
            placeholder={resources.isLoading ? 'Loading resources...' : 'Choose a resource'}
            error={resources.isError ? 'Failed to load resources' : undefined}
          />
          <TextInput
            label="Guest count"
            type="number"
            min={1}
            max={resource?.capacity || undefined}
            step={1}
            {...bind('guestCount')}
            description={resource ? `Capacity ${resource.capacity}` : undefined}
          />
        </SimpleGrid>
        <Textarea label="Additional description" autosize minRows={2} {...bind('additionalDescription')} />

        <Title order={3} fz="md">
          Date &amp; Time
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <DateField label="Booking date" required value={values.bookingDate} onChange={set('bookingDate')} />
          <TextInput label="Start time" type="time" required {...bind('startTime')} />
          <TextInput label="End time" type="time" required {...bind('endTime')} />
        </SimpleGrid>
        {booking ? null : (
          <RecurrenceFields
            value={repeat}
            onChange={(next) => {
              setRepeat(next);
              setExcludedDates([]);
            }}
            check={series}
            excluded={excludedDates}
            onExcludedChange={setExcludedDates}
          />
        )}

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
            {...bind('estimatedPrice')}
          />
          <Select
            label="Status"
            data={STATUS_OPTIONS}
            value={values.status}
            onChange={(v) => set('status')(v ?? 'pending')}
            allowDeselect={false}
          />
        </SimpleGrid>
        <AddOnsField
          value={addOns}
          onChange={(next) => {
            setAddOns(next);
            setAddOnsChanged(true);
          }}
          quoted={quote?.addOns}
        />

        <div aria-live="polite" data-testid="price-estimate">
          {check.isFetching && ready ? (
            <Text size="sm" c="dimmed">
              Checking availability...
            </Text>
          ) : null}
          {check.isError && ready ? (
            <Text size="sm" c="red.9">
              Could not check availability: {check.error.message}
            </Text>
          ) : null}
          {ready && check.data?.quoteUnavailable ? (
            <Text size="sm">
              Price estimate unavailable right now; the server prices the booking when it is saved.
            </Text>
          ) : null}
          {quote ? (
            <Text size="sm">
              Price estimate: <strong>{fmt.money(quote.calculatedPriceCents)}</strong> ({quote.durationHours}{' '}
              h{quote.isWeekend ? ', weekend rate' : ''}
              {quote.holiday ? `, ${quote.holiday.name} surcharge` : ''}
              {quote.addOns?.length ? ', add-ons included' : ''})
              {repeating ? ' for the first date; each date is priced for its own day' : ''}
              {values.estimatedPrice.trim() !== ''
                ? ` — override ${fmt.money(Math.round(Number(values.estimatedPrice) * 100) || 0)} will be used`
                : ''}
            </Text>
          ) : null}
        </div>
        <ConflictList conflicts={conflicts} blockouts={blockouts} />

        {success ? (
          <Alert color="green" role="status">
            {success}
          </Alert>
        ) : null}
        <DialogActions error={error} errorTitle="Cannot save booking" onCancel={onClose}>
          <Button type="submit" loading={save.isPending || saveSeries.isPending} disabled={Boolean(success)}>
            {booking
              ? 'Update Booking'
              : repeating
                ? `Create ${seriesDates.length} Booking${seriesDates.length === 1 ? '' : 's'}`
                : 'Create Booking'}
          </Button>
        </DialogActions>
      </Stack>
    </form>
  );
}
