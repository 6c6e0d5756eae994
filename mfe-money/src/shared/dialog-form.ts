/**
 * The money dialogs' form: `@venue/ui/contract-form`'s resolver (the contract's zod schema the
 * service parses, given the body the values make) on react-hook-form, with what these dialogs
 * show beyond the kit's `useContractForm`: a headline for a refusal (the DialogActions alert)
 * and, for the amount dialogs, checks while typing (`mode: 'onChange'`: an overpayment is said
 * before sending). The server's field errors go on their fields and the first invalid field is
 * focused after each submit or refusal, as the kit does.
 *
 * Only the dialogs import this, and they are loaded when first opened: react-hook-form and zod
 * stay out of the pages' first load (the 350 kB budget).
 */
import { useState, type BaseSyntheticEvent } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Mode } from 'react-hook-form';
import { useFocusFirstError } from '@venue/ui';
import { contractResolver, putServerErrors, type ContractCheck } from '@venue/ui/contract-form';
import { errorText } from './notify.ts';

export interface DialogFormOptions<TValues extends FieldValues> extends ContractCheck<TValues> {
  defaultValues: DefaultValues<TValues>;
  /** When the values are checked before a submit; the submit always checks them. */
  mode?: Mode;
}

export function useDialogForm<TValues extends FieldValues, TBody>({
  defaultValues,
  mode = 'onSubmit',
  ...check
}: DialogFormOptions<TValues>) {
  const form = useForm<TValues, unknown, TBody>({
    // Made again each render, as the kit's: a rule may read what the dialog was opened with.
    resolver: contractResolver<TValues, TBody>(check),
    defaultValues,
    mode,
    // The first invalid field in the order shown is focused (useFocusFirstError), whoever found it.
    shouldFocusError: false,
  });
  const [failure, setFailure] = useState<string | null>(null);
  const [refusals, setRefusals] = useState(0);
  const formRef = useFocusFirstError<HTMLFormElement>(form.formState.submitCount + refusals);

  /**
   * Sends the parsed body; a refusal is the headline (`headline` words it; null: none, the
   * fields say it) and its field errors go on their fields. The values stay as typed.
   */
  const onSubmit =
    (send: (body: TBody) => Promise<void>, headline: (error: unknown) => string | null = errorText) =>
    (event?: BaseSyntheticEvent) =>
      form.handleSubmit(async (body) => {
        setFailure(null);
        try {
          await send(body);
        } catch (error) {
          setFailure(headline(error));
          if (putServerErrors(form, error, check.fieldOf) > 0) setRefusals((n) => n + 1);
        }
      })(event);

  return { form, formRef, errors: form.formState.errors, failure, setFailure, onSubmit };
}
