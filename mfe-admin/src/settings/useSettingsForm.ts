import { useEffect } from 'react';
import { useForm, type FieldValues } from 'react-hook-form';
import { contractResolver } from '@venue/ui/contract-form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, useSession } from '@venue/ui';
import { useFlash } from '../shared/flash.tsx';
import { messageOr } from '../shared/errors.ts';
import { useSaveGroup } from './save-groups.tsx';
import type { SettingsFormProps } from './SettingsForm.tsx';

export function settingsQueryKey(path: string) {
  return ['admin', 'tenant-settings', path];
}

/**
 * One settings group's state: the stored values read, the form started from them, and the save
 * (by the card's button or the page's one Save) that puts the server's refusals on their fields.
 */
export function useSettingsForm<T extends FieldValues>(props: SettingsFormProps<T>) {
  const { api } = useSession();
  const queryClient = useQueryClient();
  const flash = useFlash();
  const key = settingsQueryKey(props.path);
  const query = useQuery({
    queryKey: key,
    queryFn: async () => {
      const raw = await api.api<Record<string, unknown>>(props.path);
      const body = props.answerKey && raw && typeof raw === 'object' ? raw[props.answerKey] : raw;
      return { ...props.defaults, ...(body && typeof body === 'object' ? body : {}) } as T;
    },
  });
  const form = useForm<T>({
    resolver: contractResolver<T, T>({ schema: props.schema }),
    defaultValues: props.defaults as never,
    // The fields are Controller-drawn Mantine inputs: the first invalid one is focused by what
    // it says of itself (aria-invalid), here or by the page's Save.
    shouldFocusError: false,
  });
  const { reset } = form;
  useEffect(() => {
    if (query.data) reset(query.data);
  }, [query.data, reset]);

  const save = useMutation({
    mutationFn: (values: T) =>
      api.api(props.path, { method: 'PUT', body: props.toBody ? props.toBody(values) : values }),
    onSuccess: (_answer, values) => {
      // What was saved is what the form now starts from: no edits are left unsaved.
      form.reset(values);
      if (!managed) flash.success(props.successText);
      void queryClient.invalidateQueries({ queryKey: key });
      void props.onSaved?.();
    },
    onError: (error) => {
      // Field-level answers from the server land on their fields as well as in the banner: only
      // on the card's drawn fields (the values hold every stored key), the last message per field
      // as before, hence not putServerErrors (the first per field, on any value).
      if (error instanceof ApiError && error.body && typeof error.body === 'object') {
        const errors = (error.body as { errors?: Array<{ path?: unknown; message?: string }> }).errors;
        for (const e of errors ?? []) {
          const field = Array.isArray(e.path) ? String(e.path[0]) : String(e.path ?? '');
          if (props.fields.some((f) => f.name === field) && e.message) {
            form.setError(field as never, { message: e.message });
          }
        }
      }
      flash.error(messageOr(error, props.failureText));
    },
  });

  /** Checks and saves the edits; false when a field is refused or the save failed. */
  const saveEdits = () =>
    new Promise<boolean>((resolve) => {
      void form.handleSubmit(
        (values) =>
          save.mutateAsync(values).then(
            () => resolve(true),
            () => resolve(false),
          ),
        () => resolve(false),
      )();
    });
  const managed = useSaveGroup(props.path, props.title, props.canEdit && form.formState.isDirty, saveEdits);
  return { query, form, flash, save, saveEdits, managed };
}
