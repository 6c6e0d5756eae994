/** The booking dialog's react-hook-form: its values, the context its rules read, and its submit. */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { useFocusFirstError, useSession } from '@venue/ui';
import { putServerErrors } from '@venue/ui/contract-form';
import { useResources } from '../api/hooks.ts';
import { useVenueDeposit } from '../api/venue-deposit.ts';
import type { Booking } from '../api/types.ts';
import { NO_DEPOSIT_START } from '../shared/deposit.ts';
import {
  DRAFT_FIELDS,
  confirmationOf,
  draftResolver,
  initialDraft,
  isConfirming,
  isRepeating,
  type BookingBody,
  type BookingDraft,
  type BookingPrefill,
  type DraftContext,
} from './draft.ts';
import { useBookingChecks } from './useBookingChecks.ts';
import { useBookingSave } from './useBookingSave.ts';

const WATCHED = [
  'selectedHall',
  'bookingDate',
  'startTime',
  'endTime',
  'status',
  'estimatedPrice',
  'addOns',
  'repeat',
] as const;

/**
 * The form and what its rules need beside its values (the hall's capacity, the venue's deposit,
 * whether add-ons were changed), handed to the resolver as of the last render.
 */
function useBookingDraft(booking: Booking | null | undefined, prefill: BookingPrefill | null | undefined) {
  const { settings } = useSession();
  const resources = useResources();
  const [addOnsChanged, setAddOnsChanged] = useState(false);
  const context = useRef<DraftContext | null>(null);
  const editing = Boolean(booking);
  // The rules read the context as of the last render at each check (draftResolver).
  const resolver = useMemo(() => draftResolver(editing, () => context.current!), [editing]);
  const form = useForm<BookingDraft, unknown, BookingBody>({
    defaultValues: initialDraft(settings.country, booking, prefill),
    resolver,
    // The first invalid field in the order shown is focused (useFocusFirstError), whoever found it.
    shouldFocusError: false,
  });
  const [selectedHall, bookingDate, startTime, endTime, status, estimatedPrice, addOns, repeat] = useWatch({
    control: form.control,
    name: WATCHED,
  });
  const repeating = isRepeating({ status, repeat }, booking);
  const confirming = isConfirming({ status, repeat }, booking);
  const venueDeposit = useVenueDeposit(confirming);
  const resource = resources.data?.find((r) => r.id === selectedHall);
  const ctx: DraftContext = {
    country: settings.country,
    timezone: settings.timezone,
    booking: booking ?? null,
    capacity: resource?.capacity ?? 0,
    venueDeposit: venueDeposit.data ?? NO_DEPOSIT_START,
    addOnsChanged,
  };
  useEffect(() => {
    context.current = ctx;
  });
  const watched = { selectedHall, bookingDate, startTime, endTime, estimatedPrice, addOns, repeat };
  return { form, ctx, watched, repeating, confirming, venueDeposit, resources, resource, setAddOnsChanged };
}

interface FormOptions {
  booking?: Booking | null;
  prefill?: BookingPrefill | null;
  onClose: () => void;
  onSaved?: (booking: Booking | null) => void;
}

export function useBookingForm({ booking, prefill, onClose, onSaved }: FormOptions) {
  const draft = useBookingDraft(booking, prefill);
  const { form, ctx, watched, repeating } = draft;
  const [excludedDates, setExcludedDates] = useState<string[]>([]);
  // Every field's problem at once, beside its field (issue 24 item 13); the first is focused.
  // A submit's count grows in the render that shows its errors (onInvalid runs before it);
  // `attempt` grows when the server's refusal is put on the fields.
  const [attempt, setAttempt] = useState(0);
  const formRef = useFocusFirstError<HTMLFormElement>(attempt + form.formState.submitCount);
  const saving = useBookingSave({
    booking,
    onClose,
    onSaved,
    // The refusal's field errors beside the fields they name (the hall's on Resource).
    onRefused: (err) => {
      if (putServerErrors(form, err, DRAFT_FIELDS) > 0) setAttempt((n) => n + 1);
    },
  });
  const { setError, setServerConflicts } = saving;
  const checks = useBookingChecks(watched, booking, saving.saved, excludedDates);
  // A changed field may no longer clash as the server said.
  useEffect(() => {
    const { unsubscribe } = form.watch(() => setServerConflicts(null));
    return unsubscribe;
  }, [form, setServerConflicts]);

  const onValid = async (body: BookingBody) => {
    setError(null);
    setServerConflicts(null);
    const found = checks.check.data;
    if (!repeating && found && (found.conflicts.length > 0 || found.blockouts.length > 0)) {
      setError('Time slot conflicts with existing booking(s). Please choose a different time.');
      return;
    }
    if (repeating) await saving.submitSeries(body, watched.repeat, checks);
    else await saving.submitOne(body, confirmationOf(form.getValues(), ctx));
  };
  const onInvalid = (errors: FieldErrors<BookingDraft>) => {
    const count = Object.keys(errors).length;
    setServerConflicts(null);
    setError(`Please correct the ${count === 1 ? 'field' : `${count} fields`} marked below.`);
  };
  const onSubmit = form.handleSubmit(onValid, onInvalid);
  return { ...draft, saving, checks, formRef, onSubmit, excludedDates, setExcludedDates };
}
