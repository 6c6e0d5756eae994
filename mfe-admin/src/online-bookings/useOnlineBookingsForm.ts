import { useEffect, useRef } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { UseFormReturn } from 'react-hook-form';
import { onlineBookingsUpdateSchema, type OnlineBookings, type OnlineBookingsUpdate } from '@venue/contracts';
import { focusFirstInvalid, useSession } from '@venue/ui';
import { putServerErrors, useContractForm } from '@venue/ui/contract-form';
import { useFlash } from '../shared/flash.tsx';
import { messageOr } from '../shared/errors.ts';
import {
  ONLINE_BOOKINGS_PATH,
  bodyOf,
  fieldOf,
  valuesOf,
  type OnlineBookingsValues,
} from './online-bookings-form.ts';

const SAVED = 'Online bookings saved.';
const SAVE_FAILED = 'Failed to save online bookings';
const NOT_SAVED = 'Online bookings not saved: check the fields marked below.';

export const onlineBookingsKey = ['admin', 'online-bookings'] as const;

export type OnlineBookingsForm = UseFormReturn<OnlineBookingsValues, unknown, OnlineBookingsUpdate>;

/** The stored setting, as the server answers it. */
export function useOnlineBookingsSetting() {
  const { api } = useSession();
  return useQuery({
    queryKey: onlineBookingsKey,
    queryFn: () => api.api<OnlineBookings>(ONLINE_BOOKINGS_PATH),
  });
}

/**
 * The online bookings form, started from the stored setting (again after every save): a
 * react-hook-form checked by the contract's update schema on the body the values make
 * (useContractForm), the Save that sends the schema's body and re-reads, and whether anything
 * differs from what is stored.
 */
export function useOnlineBookingsForm(
  saved: OnlineBookings,
  reread: () => Promise<{ data?: OnlineBookings | undefined }>,
) {
  const { api } = useSession();
  const flash = useFlash(4000);
  const { form, formRef } = useContractForm<OnlineBookingsValues, OnlineBookingsUpdate>({
    schema: onlineBookingsUpdateSchema,
    defaultValues: valuesOf(saved),
    toBody: bodyOf,
    fieldOf,
  });
  const { reset } = form;

  // The form starts again from what the server holds when a re-read answers something new (ids
  // given to new questions, the agreement's version).
  const shown = useRef(saved);
  useEffect(() => {
    if (shown.current === saved) return;
    shown.current = saved;
    reset(valuesOf(saved));
  }, [saved, reset]);

  const save = useMutation({
    mutationFn: (body: OnlineBookingsUpdate) =>
      api.api<OnlineBookings>(ONLINE_BOOKINGS_PATH, { method: 'PUT', body }),
    onSuccess: async () => {
      flash.success(SAVED);
      // Re-read: the screen shows what is stored, not what was typed. Started again even when
      // nothing stored changed, so the form is no longer "submitted": a question added next is not
      // refused before its own Save.
      const { data } = await reread();
      if (data) {
        shown.current = data;
        reset(valuesOf(data));
      }
    },
    onError: (error) => {
      flash.error(messageOr(error, SAVE_FAILED));
      // A question's message on its own row (`questions.1.label`), as fieldOf places it.
      if (putServerErrors(form, error, fieldOf) > 0) setTimeout(() => focusFirstInvalid(formRef.current));
    },
  });

  // The first field the schema refused is focused by useContractForm after the submit. Not its
  // onSubmit: that has no word for a Save the screen refused (the bar's "not saved"), and says a
  // refusal in a headline this page does not have (the bar's flash says it).
  const submit = form.handleSubmit(
    (body) => save.mutate(body),
    () => flash.error(NOT_SAVED),
  );
  const dirty = JSON.stringify(bodyOf(form.watch())) !== JSON.stringify(bodyOf(valuesOf(saved)));

  return { form, formRef, flash, save, submit, dirty };
}
