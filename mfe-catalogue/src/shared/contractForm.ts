/**
 * The catalogue's forms on react-hook-form with the contract's own zod schema (issue 28 item 4,
 * as mfe-admin, the booking form and comms): the schema the service parses checks the form, each
 * problem is said under its field and listed in the dialog's summary, the parsed body is what is
 * sent, and the server's field errors (a 400's `errors`) go on the fields they name.
 */
import { useState, type BaseSyntheticEvent } from 'react';
import {
  useForm,
  type DefaultValues,
  type FieldErrors,
  type FieldValues,
  type Resolver,
} from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { fieldErrorsOf, useFocusFirstError } from '@venue/ui';

/** Schema paths whose problems belong to a differently named field (`priceCents` → `price`). */
export type Renames = Readonly<Record<string, string>>;

function renamed<T>(errors: Record<string, T>, renames: Renames): Record<string, T> {
  return Object.fromEntries(Object.entries(errors).map(([path, e]) => [renames[path] ?? path, e]));
}

/** zodResolver on the contract's schema; the problems of renamed paths land on the form's fields. */
export function contractResolver<TValues extends FieldValues, TBody>(
  schema: z.ZodType,
  renames: Renames = {},
): Resolver<TValues, unknown, TBody> {
  const check = zodResolver(schema as never) as unknown as Resolver<TValues, unknown, TBody>;
  return async (values, context, options) => {
    const result = await check(values, context, options);
    return Object.keys(result.errors).length
      ? { values: {}, errors: renamed(result.errors, renames) as FieldErrors<TValues> }
      : result;
  };
}

/** How the summary words a problem at `path` (a list row's says which row it is). */
export type Listed = (path: string[], message: string) => string;

/** Every message in the form's errors (nested ones too), in the schema's order, each once. */
export function errorMessages(errors: FieldErrors | undefined, listed: Listed = (_, m) => m): string[] {
  const found: string[] = [];
  const walk = (node: unknown, path: string[]) => {
    if (!node || typeof node !== 'object') return;
    const { message, ref: _ref, types: _types, ...rest } = node as Record<string, unknown>;
    if (typeof message === 'string' && message) found.push(listed(path, message));
    for (const [key, child] of Object.entries(rest)) walk(child, [...path, key]);
  };
  walk(errors, []);
  return [...new Set(found)];
}

/** The server's field errors, named as the form names them; an unknown field is left to the toast. */
export function serverFieldErrors(error: unknown, fields: readonly string[], renames: Renames = {}) {
  return Object.entries(renamed(fieldErrorsOf(error), renames)).filter(([field]) => fields.includes(field));
}

interface Options<TValues extends FieldValues> {
  schema: z.ZodType;
  defaultValues: DefaultValues<TValues>;
  renames?: Renames;
  /** A resolver in place of the schema's own (one that adds to it); `schema` still names the paths. */
  resolver?: Resolver<TValues, unknown, unknown>;
  listed?: Listed;
}

/**
 * A contract-checked form: `summary` lists every problem shown under the fields (the spec's
 * "Please fix the following errors:"), `onSubmit(send)` sends the parsed body and, when the
 * server refuses with field errors, puts them on their fields; the first invalid field is
 * focused after each submit that found one. `send` rejects on a refusal the hooks have already
 * told the user about (a toast); the dialog stays open as it was typed.
 */
export function useContractForm<TValues extends FieldValues, TBody>({
  schema,
  defaultValues,
  renames = {},
  resolver,
  listed,
}: Options<TValues>) {
  const form = useForm<TValues, unknown, TBody>({
    resolver:
      (resolver as Resolver<TValues, unknown, TBody> | undefined) ?? contractResolver(schema, renames),
    defaultValues,
    // The first invalid field in the order shown is focused (useFocusFirstError), whoever found it.
    shouldFocusError: false,
  });
  const [refusals, setRefusals] = useState(0);
  const formRef = useFocusFirstError<HTMLFormElement>(form.formState.submitCount + refusals);
  const summary = errorMessages(form.formState.errors, listed);

  const onSubmit = (send: (body: TBody) => Promise<void>) => (event?: BaseSyntheticEvent) =>
    form.handleSubmit(async (body) => {
      try {
        await send(body);
      } catch (error) {
        const fields = Object.keys(form.getValues());
        const named = serverFieldErrors(error, fields, renames);
        for (const [field, message] of named)
          form.setError(field as never, { type: 'server', message }, { shouldFocus: false });
        if (named.length) setRefusals((n) => n + 1);
      }
    })(event);

  return { form, formRef, summary, errors: form.formState.errors, onSubmit };
}
