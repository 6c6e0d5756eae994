/** Saving the booking dialog's parsed body: one booking (then its confirmation) or a series. */
import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { ApiError, idempotencyKeys, serverMessage, useSession, type ApiClient } from '@venue/ui';
import { unwrapBooking, useRefreshAll } from '../api/hooks.ts';
import type { Booking, CheckResult } from '../api/types.ts';
import type { ConfirmBody } from '../shared/deposit.ts';
import { useFormat, type Formatters } from '../shared/format.ts';
import { errorText, toastSuccess } from '../shared/notify.ts';
import { repeatRule, type RepeatValues, type SeriesCreated } from './RecurrenceFields.tsx';
import type { BookingBody } from './draft.ts';
import type { BookingChecks } from './useBookingChecks.ts';

/** Milliseconds the success message stays before the dialog closes (spec 02 §9). */
const SUCCESS_DELAY_MS = 1500;

export type Clashes = Pick<CheckResult, 'conflicts' | 'blockouts'>;

interface SaveOptions {
  booking: Booking | null | undefined;
  onClose: () => void;
  onSaved?: (booking: Booking | null) => void;
  /** The server refused the booking: the fields it names are shown with their problems. */
  onRefused: (err: unknown) => void;
}

/** The two writes: one booking (created or edited) and a series; a create is sent once per opening. */
function useSaveRequests(booking: Booking | null | undefined) {
  const { api } = useSession();
  // Per opening of the dialog: saving the same booking twice (a double click) creates it once.
  const [keyFor] = useState(idempotencyKeys);
  const save = useMutation({
    mutationFn: (body: BookingBody) =>
      booking
        ? api.request<unknown>('booking update', 'PUT', `/api/bookings/${booking.id}`, body)
        : api.request<unknown>('booking create', 'POST', '/api/bookings/admin', body, {
            idempotencyKey: keyFor(body),
          }),
  });
  const saveSeries = useMutation({
    mutationFn: (body: BookingBody & { repeat: unknown; dates: string[] }) =>
      api.request<SeriesCreated>('create the bookings', 'POST', '/api/bookings/recurring', body, {
        idempotencyKey: keyFor(body),
      }),
  });
  return { save, saveSeries };
}

/** The booking just saved, confirmed with the deposit the dialog chose. */
async function confirmSaved(api: ApiClient, id: string, confirmWith: Omit<ConfirmBody, 'tax_type'>) {
  return unwrapBooking(
    await api.request<unknown>('confirm booking', 'PUT', `/api/bookings/${id}/status`, {
      status: 'confirmed',
      payment_details: confirmWith,
    }),
  );
}

/** What the dialog says once saved: the price, and the deposit when it was confirmed too. */
function savedMessage(fmt: Formatters, editing: boolean, result: Booking | null, confirmed: boolean): string {
  const price = result ? fmt.money(result.calculatedPriceCents) : '';
  const depositCents = result?.money?.depositCents;
  return (
    `${editing ? 'Booking updated' : 'Booking created'} successfully!${price ? ` Calculated price: ${price}` : ''}` +
    (confirmed && depositCents !== undefined
      ? `. Confirmed with a deposit of ${fmt.money(depositCents)}.`
      : '')
  );
}

/** Why a series cannot be sent yet: no rule or dates checked, or none of its dates free. */
function seriesProblem(checked: boolean, freeDates: number): string | null {
  if (!checked)
    return 'Choose how often and until when the booking repeats, then wait for the dates to be checked.';
  if (freeDates === 0) return 'None of the dates is free to book. Choose another time, or cancel.';
  return null;
}

/** The clashes a refusal names (the slot taken meanwhile), if it names any. */
function clashesOf(err: unknown): Clashes | null {
  const found = (err instanceof ApiError ? err.body : null) as Partial<CheckResult> | null;
  return found && (Array.isArray(found.conflicts) || Array.isArray(found.blockouts))
    ? { conflicts: found.conflicts ?? [], blockouts: found.blockouts ?? [] }
    : null;
}

/** What the dialog says of its save (the error, the success, the clashes) and its closing after one. */
function useSaveOutcome({ onClose, onSaved }: Pick<SaveOptions, 'onClose' | 'onSaved'>) {
  const refresh = useRefreshAll();
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [serverConflicts, setServerConflicts] = useState<Clashes | null>(null);
  /** The success said, the lists refreshed, and the dialog closed a moment later. */
  function done(message: string, toast: [string, string | undefined], result: Booking | null) {
    setSaved(true);
    setSuccess(message);
    toastSuccess(...toast);
    void refresh();
    setTimeout(() => {
      onSaved?.(result);
      onClose();
    }, SUCCESS_DELAY_MS);
  }
  const state = { error, setError, success, saved, setSaved, serverConflicts, setServerConflicts };
  return { ...state, refresh, done };
}

/** Every chosen date of the series in one request: all are booked or none (a 409 names the taken). */
function seriesSubmitter(
  send: (body: BookingBody & { repeat: unknown; dates: string[] }) => Promise<SeriesCreated>,
  { setError, done }: Pick<ReturnType<typeof useSaveOutcome>, 'setError' | 'done'>,
) {
  return async function submitSeries(body: BookingBody, repeat: RepeatValues, checks: BookingChecks) {
    const rule = repeatRule(repeat);
    const problem = seriesProblem(Boolean(rule && checks.series.data), checks.seriesDates.length);
    if (problem || !rule) {
      setError(problem);
      return;
    }
    try {
      const made = await send({ ...body, repeat: rule, dates: checks.seriesDates });
      const codes = made.bookings.map((b) => b.bookingCode).join(', ');
      done(
        `${made.bookings.length} bookings created successfully!`,
        ['Bookings Created!', codes],
        made.bookings[0] ?? null,
      );
    } catch (err) {
      setError(
        serverMessage(err instanceof ApiError ? err.body : null) ??
          'Failed to create the bookings. Please try again.',
      );
      // A date taken since the check: show the dates again as they are now.
      if (err instanceof ApiError && err.status === 409) void checks.series.refetch();
    }
  };
}

export function useBookingSave({ booking, onClose, onSaved, onRefused }: SaveOptions) {
  const { api } = useSession();
  const fmt = useFormat();
  const outcome = useSaveOutcome({ onClose, onSaved });
  const { setError, setSaved, setServerConflicts, refresh, done } = outcome;
  const { save, saveSeries } = useSaveRequests(booking);

  const submitSeries = seriesSubmitter(saveSeries.mutateAsync, outcome);

  /** One booking saved, then confirmed with its deposit when the dialog made it confirmed. */
  async function submitOne(body: BookingBody, confirmWith: Omit<ConfirmBody, 'tax_type'> | null) {
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
        result = (await confirmSaved(api, result.id, confirmWith)) ?? result;
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
    done(
      savedMessage(fmt, Boolean(booking), result, Boolean(confirmWith)),
      [booking ? 'Booking Updated!' : 'Booking Created!', result?.bookingCode],
      result,
    );
  }

  /** The server's refusal on the fields it names, and the clashes it found. */
  function showServerProblems(err: unknown) {
    onRefused(err);
    const clashes = clashesOf(err);
    if (clashes) setServerConflicts(clashes);
  }

  const { error, success, saved, serverConflicts } = outcome;
  const sending = save.isPending || saveSeries.isPending;
  return {
    error,
    setError,
    success,
    saved,
    serverConflicts,
    setServerConflicts,
    sending,
    submitOne,
    submitSeries,
  };
}
