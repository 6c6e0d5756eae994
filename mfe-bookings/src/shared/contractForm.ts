/**
 * The small dialogs' forms on react-hook-form with the contract's own zod schema (issue 28
 * item 4, as the booking form): the resolver turns the values into the body a call sends and
 * checks it with the schema the service parses (zodResolver), the parsed body is what the submit
 * gets, and each problem, the screen's or the server's, lands on the field it belongs to.
 * Loaded only with the dialogs (each is fetched when first opened), so zod stays out of the pages.
 */
import type { FieldError, FieldErrors, FieldValues, Resolver, ResolverResult } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { fieldErrorsOf } from '@venue/ui';

/** The form's field a problem at a body path belongs to (`payment_details.deposit_value` → `deposit`). */
export type FieldOf<TValues> = (path: string) => keyof TValues & string;

/** Every problem of react-hook-form's nested errors with its dotted path, in the schema's order. */
function flatErrors(node: unknown, path: string[] = []): Array<[string, FieldError]> {
  if (!node || typeof node !== 'object') return [];
  const { message, type, ref: _ref, types: _types, ...rest } = node as Record<string, unknown>;
  if (typeof message === 'string' && typeof type === 'string') return [[path.join('.'), node as FieldError]];
  return Object.entries(rest).flatMap(([key, child]) => flatErrors(child, [...path, key]));
}

/** What the screen asks beyond the contract (a reason chosen), by field; empty when none. */
export type ScreenRules<TValues> = (values: TValues) => Partial<Record<keyof TValues & string, string>>;

interface BodyCheck<TValues, TBody> {
  /** The schema the service parses the call's body with. */
  schema: z.ZodType<TBody>;
  /** The body the values make. */
  toBody: (values: TValues) => unknown;
  fieldOf: FieldOf<TValues>;
  /** Checked first: a value the body cannot even be made from (a deposit typed wrong). */
  screenRules?: ScreenRules<TValues>;
}

/**
 * zodResolver on the contract's body schema, given the body the values make; the schema's
 * problems are put on the form's fields (`fieldOf`), the first per field.
 */
export function bodyResolver<TValues extends FieldValues, TBody>({
  schema,
  toBody,
  fieldOf,
  screenRules,
}: BodyCheck<TValues, TBody>): Resolver<TValues, unknown, TBody> {
  const check = zodResolver(schema as never) as unknown as Resolver<FieldValues, unknown, TBody>;
  return async (values, context, options) => {
    const screen = Object.entries(screenRules?.(values) ?? {}).filter(([, message]) => message);
    if (screen.length > 0) {
      const errors = Object.fromEntries(
        screen.map(([field, message]) => [field, { type: 'screen', message }]),
      );
      return { values: {}, errors: errors as FieldErrors<TValues> };
    }
    const result = await check(toBody(values) as FieldValues, context, options as never);
    if (Object.keys(result.errors).length === 0) return result as ResolverResult<TValues, TBody>;
    const errors: Record<string, FieldError> = {};
    for (const [path, error] of flatErrors(result.errors)) errors[fieldOf(path)] ??= error;
    return { values: {}, errors: errors as FieldErrors<TValues> };
  };
}

/** The part of react-hook-form's form a refusal is put on. */
interface ErrorTarget<TValues> {
  getValues(): TValues;
  setError(name: never, error: FieldError, options: { shouldFocus: boolean }): void;
}

/**
 * Puts a refusal's field errors (a 4xx's `errors`) on the fields they belong to; answers how
 * many it put, none when the refusal names no field the form has (the dialog's headline says it).
 */
export function putServerErrors<TValues extends FieldValues>(
  form: ErrorTarget<TValues>,
  error: unknown,
  fieldOf: FieldOf<TValues>,
): number {
  const known = new Set(Object.keys(form.getValues()));
  let put = 0;
  for (const [path, message] of Object.entries(fieldErrorsOf(error))) {
    const field = fieldOf(path);
    if (!known.has(field)) continue;
    form.setError(field as never, { type: 'server', message }, { shouldFocus: false });
    put += 1;
  }
  return put;
}
