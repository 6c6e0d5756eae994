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
import {
  depositFromInput,
  depositValue,
  formatPhone,
  isValidTime,
  MAX_SERIES_OCCURRENCES,
  percentToBasisPoints,
  phoneExamples,
  taxTypeOf,
  type Country,
} from '@venue/contracts';
import {
  ApiError,
  DialogActions,
  fieldErrorsOf,
  idempotencyKeys,
  serverMessage,
  useFocusFirstError,
  useSession,
} from '@venue/ui';
import { DateField } from '@venue/ui/date-field';
import { unwrapBooking, useRefreshAll, useResources, useVenueDeposit } from '../api/hooks.ts';
import { EVENT_TYPES, type Booking, type CheckResult } from '../api/types.ts';
import { useFormat } from '../lib/format.ts';
import { NO_DEPOSIT_START, previewConfirm, type ConfirmBody, type DepositStart } from '../lib/deposit.ts';
import { errorText, toastSuccess } from '../lib/notify.ts';
import { bookingFieldErrors, type BookingFormValues, type FieldErrors } from '../lib/validate.ts';
import { DepositFields, depositNote } from './DepositFields.tsx';
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
  // Every field's problem at once, beside its field (issue 24 item 13); the first is focused.
  const [errors, setErrors] = useState<FieldErrors & { depositValue?: string; repeat?: string }>({});
  const [attempt, setAttempt] = useState(0);
  const formRef = useFocusFirstError<HTMLFormElement>(attempt);
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
    // A field being corrected no longer says what was wrong with it.
    setErrors((e) => (e[key] ? { ...e, [key]: undefined } : e));
  };
  /** Value, change handler and problem of a text field bound to one form value. */
  const bind = (key: keyof BookingFormValues) => ({
    value: values[key],
    onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      set(key)(e.currentTarget.value),
    error: errors[key],
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
  // Once saved, the form's checks are not asked again (their keys are outside ROOTS, so the
  // refresh after the save leaves them alone, and `saved` stops them): asked again they would
  // find the saved booking or series clashing with itself and turn the success into a conflict
  // (issue 24 item 9, the pattern of the confirm dialog's preview).
  const [saved, setSaved] = useState(false);
  const excludeId = booking?.id ?? null;
  const check = useQuery({
    queryKey: ['booking-check', debounced, excludeId, addOns],
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
    enabled: ready && !saved,
  });
  const repeating = !booking && repeat.enabled;
  const series = useSeriesCheck(slot, booking ? NO_REPEAT : repeat, !saved);
  const seriesDates = chosenDates(series.data, excludedDates);

  const resource = resources.data?.find((r) => r.id === values.selectedHall);
  // Confirming here (a new booking made confirmed, or an edit that confirms it) takes a deposit,
  // which starts from the venue's setting (Settings → Payments) as the confirm dialog's does.
  // A series is made without one (each date can be given its own when confirmed).
  const confirming = values.status === 'confirmed' && booking?.status !== 'confirmed' && !repeating;
  const venueDeposit = useVenueDeposit(confirming);
  const depositStart = venueDeposit.data ?? NO_DEPOSIT_START;
  const [chosenDeposit, setChosenDeposit] = useState<DepositStart | null>(null);
  const deposit = chosenDeposit ?? depositStart;
  const depositChoice = depositFromInput(deposit.depositType, deposit.depositValue);
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
      setSaved(true);
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
    const found: typeof errors = bookingFieldErrors(values, settings.country, {
      today: keepsSlot ? null : undefined,
      storedPhone: shownPhone,
      capacity: resource?.capacity ?? 0,
    });
    if (confirming && !depositChoice.ok) found.depositValue = depositChoice.message;
    if (repeating && !repeatRule(repeat))
      found.repeat =
        repeat.end === 'count'
          ? `Choose from 2 to ${MAX_SERIES_OCCURRENCES} times.`
          : 'Choose the last date the booking may repeat on.';
    const count = Object.keys(found).length;
    if (count) {
      setErrors(found);
      setError(`Please correct the ${count === 1 ? 'field' : `${count} fields`} marked below.`);
      setAttempt((n) => n + 1);
      return;
    }
    setErrors({});
    if (!repeating && check.data && (check.data.conflicts.length > 0 || check.data.blockouts.length > 0)) {
      setError('Time slot conflicts with existing booking(s). Please choose a different time.');
      return;
    }
    // A deposit cannot be sent with the form (the service confirms a new booking without one):
    // the booking is saved unconfirmed, then confirmed with the deposit as the dialog does.
    const confirmWith: Omit<ConfirmBody, 'tax_type'> | null =
      confirming && depositChoice.ok && depositChoice.deposit.type !== 'None'
        ? { deposit_type: deposit.depositType, deposit_value: depositValue(depositChoice.deposit) }
        : null;
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
      status: confirmWith ? (booking?.status ?? 'pending') : values.status,
      ...(!booking || addOnsChanged ? { addOns } : {}),
    };
    if (repeating) {
      await submitSeries(body);
      return;
    }
    let result: Booking | null;
    try {
      result = unwrapBooking(await save.mutateAsync(body));
    } catch (err) {
      const answer = err instanceof ApiError ? err.body : null;
      setError(
        serverMessage(answer) ??
          (booking
            ? 'Failed to update booking. Please try again.'
            : 'Failed to create booking. Please try again.'),
      );
      showServerProblems(err);
      return;
    }
    if (confirmWith && result) {
      try {
        result =
          unwrapBooking(
            await api.request<unknown>('confirm booking', 'PUT', `/api/bookings/${result.id}/status`, {
              status: 'confirmed',
              payment_details: confirmWith,
            }),
          ) ?? result;
      } catch (err) {
        // Saved but not confirmed: said as it is, and the form is not sent again (a second
        // create would be a second booking); the booking is confirmed from its list.
        setSaved(true);
        void refresh();
        setError(
          `${result.bookingCode} was ${booking ? 'saved' : 'created'} as ${result.status} but could not be confirmed: ${errorText(err)}. Confirm it from Booking Requests.`,
        );
        return;
      }
    }
    setSaved(true);
    const price = result ? fmt.money(result.calculatedPriceCents) : '';
    const depositCents = result?.money?.depositCents;
    setSuccess(
      `${booking ? 'Booking updated' : 'Booking created'} successfully!${price ? ` Calculated price: ${price}` : ''}` +
        (confirmWith && depositCents !== undefined
          ? `. Confirmed with a deposit of ${fmt.money(depositCents)}.`
          : ''),
    );
    toastSuccess(booking ? 'Booking Updated!' : 'Booking Created!', result?.bookingCode);
    void refresh();
    setTimeout(() => {
      onSaved?.(result);
      onClose();
    }, SUCCESS_DELAY_MS);
  }

  /** The server's refusal on the fields it names, and the clashes it found. */
  function showServerProblems(err: unknown) {
    const onFields: typeof errors = {};
    for (const [path, message] of Object.entries(fieldErrorsOf(err))) {
      const field = path === 'resourceId' ? 'selectedHall' : path;
      if (field in values) onFields[field as keyof BookingFormValues] = message;
    }
    if (Object.keys(onFields).length) {
      setErrors(onFields);
      setAttempt((n) => n + 1);
    }
    const found = (err instanceof ApiError ? err.body : null) as Partial<CheckResult> | null;
    if (found && (Array.isArray(found.conflicts) || Array.isArray(found.blockouts))) {
      setServerConflicts({ conflicts: found.conflicts ?? [], blockouts: found.blockouts ?? [] });
    }
  }

  // Repeating, each date's clashes are listed with it (RecurrenceFields) instead.
  const slotCheck = ready && !repeating ? check.data : undefined;
  const conflicts = serverConflicts?.conflicts ?? slotCheck?.conflicts ?? [];
  const blockouts = serverConflicts?.blockouts ?? slotCheck?.blockouts ?? [];
  const quote = ready ? check.data?.quote : null;
  // What the deposit comes to, by the venue's tax terms, for the price typed or quoted.
  const override =
    values.estimatedPrice.trim() === '' ? null : Math.round(Number(values.estimatedPrice) * 100);
  const priceCents = override !== null && Number.isFinite(override) ? override : quote?.calculatedPriceCents;
  const depositPreview =
    confirming && priceCents !== undefined && priceCents >= 0
      ? previewConfirm(
          {
            priceCents,
            terms: { taxType: taxTypeOf(settings.taxType), rateBp: percentToBasisPoints(settings.taxRate) },
          },
          { taxType: taxTypeOf(settings.taxType), ...deposit },
        )
      : null;

  return (
    <form ref={formRef} onSubmit={submit} noValidate aria-label={booking ? 'Edit booking' : 'New booking'}>
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
            error={errors.eventType}
          />
          <Select
            label="Resource"
            required
            data={resourceOptions}
            value={values.selectedHall || null}
            onChange={set('selectedHall')}
            placeholder={resources.isLoading ? 'Loading resources...' : 'Choose a resource'}
            error={errors.selectedHall ?? (resources.isError ? 'Failed to load resources' : undefined)}
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
          <DateField
            label="Booking date"
            required
            value={values.bookingDate}
            onChange={set('bookingDate')}
            error={errors.bookingDate}
          />
          <TextInput label="Start time" type="time" required {...bind('startTime')} />
          <TextInput label="End time" type="time" required {...bind('endTime')} />
        </SimpleGrid>
        {booking ? null : (
          <RecurrenceFields
            value={repeat}
            onChange={(next) => {
              setRepeat(next);
              setExcludedDates([]);
              setErrors((e) => (e.repeat ? { ...e, repeat: undefined } : e));
            }}
            error={errors.repeat}
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
        {confirming ? (
          <div data-testid="confirm-deposit">
            {venueDeposit.isPending ? (
              <Text size="sm" c="dimmed">
                Reading the venue’s deposit setting...
              </Text>
            ) : (
              <Stack gap="xs">
                <DepositFields
                  value={deposit}
                  onChange={(next) => {
                    setChosenDeposit(next);
                    setErrors((e) => (e.depositValue ? { ...e, depositValue: undefined } : e));
                  }}
                  note={depositNote(deposit, depositStart, venueDeposit.isError)}
                  error={errors.depositValue ?? (depositChoice.ok ? undefined : depositChoice.message)}
                />
                {depositPreview?.ok ? (
                  <Text size="sm">
                    Confirmed with a deposit of{' '}
                    <strong>{fmt.money(depositPreview.figures.depositCents)}</strong>, balance due{' '}
                    {fmt.money(depositPreview.figures.finalDueCents)} of{' '}
                    {fmt.money(depositPreview.figures.totalCents)} (incl. GST).
                  </Text>
                ) : null}
              </Stack>
            )}
          </div>
        ) : null}
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
          <Button type="submit" loading={save.isPending || saveSeries.isPending} disabled={saved}>
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
