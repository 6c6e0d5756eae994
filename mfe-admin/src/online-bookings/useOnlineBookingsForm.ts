import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { OnlineBookings } from '@venue/contracts';
import { focusFirstInvalid, useSession } from '@venue/ui';
import { useFlash } from '../shared/flash.tsx';
import { messageOr } from '../shared/errors.ts';
import {
  ONLINE_BOOKINGS_PATH,
  bodyOf,
  checkDraft,
  draftOf,
  serverFieldErrors,
  type FieldErrors,
  type OnlineBookingsDraft,
} from './online-bookings-form.ts';

const SAVED = 'Online bookings saved.';
const SAVE_FAILED = 'Failed to save online bookings';
const NOT_SAVED = 'Online bookings not saved: check the fields marked below.';

export const onlineBookingsKey = ['admin', 'online-bookings'] as const;

/** Sets one field of the draft and clears its error (`field` when the error's name differs). */
export type SetField = <K extends keyof OnlineBookingsDraft>(
  key: K,
  value: OnlineBookingsDraft[K],
  field?: string,
) => void;

/**
 * The online bookings form's state: the stored setting, the draft started from it (again after
 * every save), the fields' errors, and the Save that checks, sends and re-reads.
 */
export function useOnlineBookingsForm() {
  const { api } = useSession();
  const flash = useFlash(4000);
  const query = useQuery({
    queryKey: onlineBookingsKey,
    queryFn: () => api.api<OnlineBookings>(ONLINE_BOOKINGS_PATH),
  });
  const [draft, setDraft] = useState<OnlineBookingsDraft | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const formRef = useRef<HTMLFormElement>(null);

  // The form starts from what the server holds, and starts again from it after every save.
  useEffect(() => {
    if (query.data) {
      setDraft(draftOf(query.data));
      setErrors({});
    }
  }, [query.data]);

  const save = useMutation({
    mutationFn: (body: ReturnType<typeof bodyOf>) =>
      api.api<OnlineBookings>(ONLINE_BOOKINGS_PATH, { method: 'PUT', body }),
    onSuccess: async () => {
      flash.success(SAVED);
      // Re-read: the screen shows what is stored (ids given to new questions, the agreement's
      // version and time), not what was typed.
      await query.refetch();
    },
    onError: (error) => {
      const fields = serverFieldErrors(error);
      setErrors(fields);
      flash.error(messageOr(error, SAVE_FAILED));
      if (Object.keys(fields).length) setTimeout(() => focusFirstInvalid(formRef.current));
    },
  });

  const set: SetField = (key, value, field = key) => {
    setDraft((d) => (d ? { ...d, [key]: value } : d));
    setErrors((e) => {
      if (!(field in e)) return e;
      const next = { ...e };
      delete next[field];
      return next;
    });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!draft) return;
    const found = checkDraft(draft);
    setErrors(found);
    if (Object.keys(found).length) {
      flash.error(NOT_SAVED);
      setTimeout(() => focusFirstInvalid(formRef.current));
      return;
    }
    save.mutate(bodyOf(draft));
  };

  return { query, draft, setDraft, errors, setErrors, formRef, flash, save, set, submit };
}
