/**
 * Forms on react-hook-form with the contract's own zod schema, written once for every section
 * (issue 28 item 4): the schema the service parses checks the form, given the body the values
 * make; each problem, the screen's or the server's (a 4xx's `errors`), lands on the field it
 * belongs to; the parsed body is what the submit gets.
 *
 * A sub-path (`@venue/ui/contract-form`), not the main entry: every page loads the main entry,
 * and react-hook-form and zod must come only with the dialogs that use them (the page budget).
 * What it needs of the kit comes through the shared `@venue/ui`, so a refusal the session's
 * client threw is recognised (one `ApiError` class on the page).
 */
import { useState, type BaseSyntheticEvent } from 'react';
import {
  get,
  set,
  useForm,
  type DefaultValues,
  type FieldError,
  type FieldErrors,
  type FieldValues,
  type Mode,
  type Path,
  type RegisterOptions,
  type Resolver,
  type ResolverResult,
  type UseFormRegister,
  type UseFormRegisterReturn,
} from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { fieldErrorsOf, useFocusFirstError } from '@venue/ui';
import { errorText } from '../notify.ts';

// The bound fields' props, for a screen's own bound field (a type: nothing of the fields is loaded).
export type { BoundProps } from './bound-props.ts';

/**
 * The form field a problem at a body path is shown on: a function
 * (`payment_details.deposit_value` → `deposit`) or renamed paths (`{ priceCents: 'price' }`, the
 * rest unchanged). Without one, each problem stays where the schema found it (a row's on its row).
 */
export type FieldOf = ((path: string) => string) | Readonly<Record<string, string>>;

/** What the screen asks beyond the contract (a reason chosen), by field; empty when none. */
export type ScreenRules<TValues> = (values: TValues) => Partial<Record<keyof TValues & string, string>>;

export interface ContractCheck<TValues> {
  /** The schema the service parses the body with. */
  schema: z.ZodType;
  /** The body the values make; the values themselves when they are the body. */
  toBody?: (values: TValues) => unknown;
  fieldOf?: FieldOf;
  /** Checked first: a value the body cannot even be made from (a deposit typed wrong). */
  screenRules?: ScreenRules<TValues>;
  /**
   * Checked every time, beside the screen's rules or the schema: a value the body does not carry
   * (attachments over the server's limit); its problems are shown with theirs.
   */
  alongside?: ScreenRules<TValues>;
  /** The submit gets the values as typed, the schema only checks them (a confirmation shows the draft). */
  raw?: boolean;
}

const placer = (fieldOf: FieldOf = {}) =>
  typeof fieldOf === 'function' ? fieldOf : (path: string) => fieldOf[path] ?? path;

/** Every problem of react-hook-form's nested errors with its dotted path, in the schema's order. */
function problems(node: unknown, path: string[] = []): Array<[string, FieldError]> {
  if (!node || typeof node !== 'object') return [];
  const { message, type, ref: _ref, types: _types, ...rest } = node as Record<string, unknown>;
  if (typeof message === 'string' && typeof type === 'string') return [[path.join('.'), node as FieldError]];
  return Object.entries(rest).flatMap(([key, child]) => problems(child, [...path, key]));
}

/** The screen's problems (`type: 'screen'`), by field; those of a field already found are left out. */
function screenErrors<TValues>(rules: ScreenRules<TValues> | undefined, values: TValues, into: FieldErrors) {
  for (const [field, message] of Object.entries(rules?.(values) ?? {}))
    if (message && get(into, field) === undefined) set(into, field, { type: 'screen', message });
  return into;
}

/**
 * zodResolver on the contract's schema, given the body the values make; its problems are put on
 * the form's fields (`fieldOf`), the first per field, with the `alongside` rules' after them.
 */
export function contractResolver<TValues extends FieldValues, TBody>({
  schema,
  toBody,
  fieldOf,
  screenRules,
  alongside,
  raw = false,
}: ContractCheck<TValues>): Resolver<TValues, unknown, TBody> {
  const check = zodResolver(schema as never) as unknown as Resolver<FieldValues, unknown, TBody>;
  const place = placer(fieldOf);
  const answer = (errors: FieldErrors, values: unknown) =>
    (Object.keys(errors).length > 0 ? { values: {}, errors } : { values, errors: {} }) as ResolverResult<
      TValues,
      TBody
    >;
  return async (values, context, options) => {
    const screen = screenErrors(screenRules, values, {});
    if (Object.keys(screen).length > 0) return answer(screenErrors(alongside, values, screen), null);
    const body = (toBody ? toBody(values) : values) as FieldValues;
    const result = await check(body, context, options as never);
    const errors: FieldErrors = {};
    if (!fieldOf) Object.assign(errors, result.errors);
    else
      for (const [path, error] of problems(result.errors)) {
        const field = place(path);
        if (get(errors, field) === undefined) set(errors, field, error);
      }
    return answer(screenErrors(alongside, values, errors), raw ? values : result.values);
  };
}

/** The part of react-hook-form's form a refusal is put on. */
interface ErrorTarget {
  getValues(): FieldValues;
  setError(name: never, error: FieldError, options: { shouldFocus: boolean }): void;
}

const MISSING = Symbol('missing');

/** One step down the values: an own key (`constructor` is no field), a row by its number. */
function child(node: unknown, key: string): unknown {
  if (Array.isArray(node))
    return /^\d+$/.test(key) && Number(key) < node.length ? node[Number(key)] : MISSING;
  return typeof node === 'object' && node !== null && Object.hasOwn(node, key)
    ? (node as Record<string, unknown>)[key]
    : MISSING;
}

/**
 * Whether the form has a field at this dotted path of its values: a key of the values, or of a
 * row or group inside them (`questions.1.label`), or a list's `root` (the list as a whole). An
 * item of a list is no field of its own (a multi-select says `events.2`'s message on `events`),
 * nor is a row the list does not have (the server counted rows since moved or removed).
 */
function hasField(values: FieldValues, field: string): boolean {
  const keys = field.split('.');
  const last = keys.pop() ?? '';
  let node: unknown = values;
  for (const key of keys) {
    node = child(node, key);
    if (node === MISSING) return false;
  }
  if (Array.isArray(node)) return keys.length > 0 && last === 'root';
  return child(node, last) !== MISSING;
}

/**
 * Puts a refusal's field errors (a 4xx's `errors`) on the fields they belong to, the first message
 * per field: a path is placed as `contractResolver` places a schema problem (`fieldOf`; without
 * it a row's stays on its row, `rows.1.open`), so the server's message lands where the screen's
 * own would. A path the form has no field for goes on the nearest enclosing one it has (a row
 * since removed on its list), so a form that shows a list's message on the list alone still shows
 * it; one with none is not put. Answers how many fields it put, none when the refusal names no
 * field the form has (the dialog's headline or toast says it).
 */
export function putServerErrors(form: ErrorTarget, error: unknown, fieldOf?: FieldOf): number {
  const place = placer(fieldOf);
  const values = form.getValues();
  // The path itself first, then each enclosing path, down to its first segment.
  const fieldFor = (path: string[]) => {
    if (!path[0]) return '';
    for (let depth = path.length; depth > 0; depth -= 1) {
      const field = place(path.slice(0, depth).join('.'));
      if (hasField(values, field)) return field;
    }
    return '';
  };
  const put = Object.entries(fieldErrorsOf(error, fieldFor));
  // Each name is a field hasField found in the values.
  for (const [field, message] of put)
    form.setError(field as never, { type: 'server', message }, { shouldFocus: false });
  return put.length;
}

/** The part of react-hook-form's form a field is registered with. */
export interface FieldSource<TValues extends FieldValues> {
  register: UseFormRegister<TValues>;
  formState: { errors: FieldErrors<TValues> };
}

/**
 * A typed field's props, written once: what `register` gives it (name, ref, onChange, onBlur) and
 * its problem, found at its own path (`agreement.text` too), as `error`:
 * `<TextInput label="Email" {...fieldProps(form, 'email')} />`.
 */
export function fieldProps<TValues extends FieldValues, TName extends Path<TValues>>(
  form: FieldSource<TValues>,
  name: TName,
  options?: RegisterOptions<TValues, TName>,
): UseFormRegisterReturn<TName> & { error: string | undefined } {
  const problem = get(form.formState.errors, name) as FieldError | undefined;
  return { ...form.register(name, options), error: problem?.message };
}

/** How a summary words a problem at `path` (a list row's says which row it is). */
export type Listed = (path: string[], message: string) => string;

/** Every message in the form's errors (nested ones too), in the schema's order, each once. */
function errorMessages(errors: FieldErrors | undefined, listed: Listed = (_, m) => m): string[] {
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

export interface ContractFormOptions<TValues extends FieldValues> extends ContractCheck<TValues> {
  defaultValues: DefaultValues<TValues>;
  listed?: Listed;
  /**
   * When the values are checked before a submit (react-hook-form's `mode`: `onChange` says an
   * overpayment while it is typed); the submit always checks them. `onSubmit` when not given.
   */
  mode?: Mode;
}

/** How a refusal is worded as the form's headline; null: none, its fields say it. */
export type Headline = (error: unknown) => string | null;

/**
 * A contract-checked form: `summary` lists every problem shown under the fields (a dialog's
 * "Please fix the following errors:"), `onSubmit(send, headline?)` sends the parsed body and,
 * when the server refuses, puts its field errors on their fields and its headline in `failure`
 * (`headline` words it, the error's own message when not given; a dialog shows it or not; cleared
 * at each submit, `setFailure(null)` clears it on reopening); the first invalid field inside
 * `formRef` is focused after each submit or refusal that found one. `send` rejects on a refusal
 * it has already told the user about (a toast); the form stays as it was typed.
 */
export function useContractForm<TValues extends FieldValues, TBody>({
  defaultValues,
  listed,
  mode = 'onSubmit',
  ...check
}: ContractFormOptions<TValues>) {
  const form = useForm<TValues, unknown, TBody>({
    // Made again each render: a dialog may change its schema with its mode, a rule may read what
    // the dialog was opened with.
    resolver: contractResolver<TValues, TBody>(check),
    defaultValues,
    mode,
    // The first invalid field in the order shown is focused (useFocusFirstError), whoever found it.
    shouldFocusError: false,
  });
  const [failure, setFailure] = useState<string | null>(null);
  const [refusals, setRefusals] = useState(0);
  const formRef = useFocusFirstError<HTMLFormElement>(form.formState.submitCount + refusals);
  const summary = errorMessages(form.formState.errors, listed);

  const onSubmit =
    (send: (body: TBody) => Promise<void>, headline: Headline = errorText) =>
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

  return { form, formRef, summary, errors: form.formState.errors, failure, setFailure, onSubmit };
}
