/**
 * Strict field helpers of request schemas, shared by the services (through the service kit,
 * which re-exports them) and the API contracts in this folder, so a request schema can live in
 * contracts and be both what a service parses with and what the OpenAPI document shows. Each
 * refuses the wrong JSON type instead of converting it: `"12"` is not a number, `[]` is not 0,
 * `true` is not 1, an object is not text. Query helpers carry JSON Schema metadata (`.meta`),
 * since a transform has no shape of its own to document.
 */
import { z } from 'zod';
import { isValidDate } from '../validation/booking-form.ts';

/** No text field of the product needs more; the longest (terms and conditions) stops at 20,000. */
export const MAX_TEXT_LENGTH = 20_000;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export type TextFault = 'nul' | 'surrogate' | 'length';

/** What is wrong with one string, if anything (length only when `max` is given). */
export function textFault(s: string, max?: number): TextFault | null {
  if (max !== undefined && s.length > max) return 'length';
  if (s.includes('\u0000')) return 'nul';
  if (LONE_SURROGATE.test(s)) return 'surrogate';
  return null;
}

/** `field` is quoted as the request names it; `label` (a schema's own wording) is used as is. */
export function textFaultMessage(
  fault: TextFault,
  field: string,
  max = MAX_TEXT_LENGTH,
  label?: string,
): string {
  const name = label ?? (field ? `"${field}"` : 'The value');
  if (fault === 'nul') return `${name} contains a NUL character, which is not allowed.`;
  if (fault === 'surrogate')
    return `${name} contains an invalid character (an unpaired UTF-16 surrogate), which is not allowed.`;
  return `${name} is too long (at most ${max} characters).`;
}

/**
 * Text of at most `max` characters, without NUL or unpaired surrogates (the kit middleware
 * already refuses those in JSON; this covers text that arrives another way, e.g. an ICS file).
 * `required` is the message when the field is absent (default: the "must be text" one).
 */
export function textField(max: number, label = 'Text', required?: string) {
  const notText = `${label} must be text.`;
  return z
    .string({ error: (i) => (i.input === undefined && required ? required : notText) })
    .superRefine((s, ctx) => {
      const fault = textFault(s, max);
      if (fault) ctx.addIssue({ code: 'custom', message: textFaultMessage(fault, '', max, label) });
    })
    .meta({ maxLength: max });
}

/**
 * Characters that end a line: CR and LF, and VT, FF, NEL and the Unicode line and paragraph
 * separators, which some mail readers, PDF writers and spreadsheets also break on.
 */
const LINE_BREAK = /[\n\r\v\f\u0085\u2028\u2029]/;

/** The JSON Schema `pattern` of a one-line field, so the OpenAPI document and its clients know. */
export const ONE_LINE_PATTERN = '^[^\\n\\r\\u000b\\u000c\\u0085\\u2028\\u2029]*$';

export function isOneLine(s: string): boolean {
  return !LINE_BREAK.test(s);
}

export function oneLineMessage(label?: string): string {
  return `${label ?? 'It'} must be a single line (no line breaks).`;
}

/**
 * A field that is one line of text: a person's or a business's name, an e-mail subject, a
 * payment reference, a phone number (issue 24 item 15). A line break there would start a new
 * e-mail header or address line, or break a PDF's or a CSV's layout, so it is refused with a 400
 * naming the field. Wraps the field's own schema, keeping its type, length and messages; a trim
 * in that schema still drops the newline a pasted value ends with, before this check.
 */
export function oneLine<T extends z.ZodType<string, string>>(schema: T, label?: string): T {
  return schema
    .refine((v) => isOneLine(v as string), { message: oneLineMessage(label) })
    .meta({ pattern: ONE_LINE_PATTERN });
}

/** `textField` for one line of text (see `oneLine`). */
export function oneLineField(max: number, label = 'Text', required?: string) {
  return oneLine(textField(max, label, required), label);
}

export const CALENDAR_DATE_MESSAGE = 'Dates must be real days written YYYY-MM-DD.';

/** `YYYY-MM-DD` naming a day that exists: 2026-02-30 and 2026-13-01 are refused, never a 500. */
export function calendarDate(message = CALENDAR_DATE_MESSAGE) {
  return z.string({ error: message }).refine(isValidDate, { error: message }).meta({ format: 'date' });
}

export const WALL_TIME_MESSAGE = 'Times must be HH:mm (00:00 to 23:59).';
const WALL_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** A time on the venue's clock, `HH:mm` from 00:00 to 23:59. */
export function wallTime(message = WALL_TIME_MESSAGE) {
  return z.string({ error: message }).regex(WALL_TIME, { error: message });
}

const DIGITS = /^\d{1,15}$/;

/**
 * A whole number from the query string (digits only: no sign, exponent, decimals or spaces),
 * from `min` to `max`. Absent or empty → `fallback` (undefined unless given). A repeated key
 * (an array) or `limit[]=` is refused like any other non-number.
 */
export function queryInteger(name: string, min: number, max: number): z.ZodType<number | undefined>;
export function queryInteger(name: string, min: number, max: number, fallback: number): z.ZodType<number>;
export function queryInteger(
  name: string,
  min: number,
  max: number,
  fallback?: number,
): z.ZodType<number | undefined> {
  const message = `${name} must be a whole number from ${min} to ${max}.`;
  return z
    .unknown()
    .optional()
    .transform((v, ctx): number | undefined => {
      if (v === undefined || v === '') return fallback;
      if (typeof v === 'string' && DIGITS.test(v)) {
        const n = Number(v);
        if (n >= min && n <= max) return n;
      }
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    })
    .meta({
      type: 'integer',
      minimum: min,
      maximum: max,
      ...(fallback === undefined ? {} : { default: fallback }),
    });
}

/** Pages beyond any real list; further ones are refused rather than run as huge offsets. */
export const MAX_PAGE = 100_000;

/** `page` from 1 (default 1) to MAX_PAGE; anything else is a 400 naming `page`. */
export const pageParam = () => queryInteger('page', 1, MAX_PAGE, 1);

/** `limit` from 1 to `max` (default `fallback`); outside that range a 400 naming `limit`, never capped. */
export const limitParam = (max: number, fallback = Math.min(25, max)) =>
  queryInteger('limit', 1, max, fallback);

/** `true`/`false` (also `1`/`0`) in a query string; absent or empty → undefined. */
export function queryBoolean(name: string) {
  const message = `${name} must be true or false.`;
  return z
    .unknown()
    .optional()
    .transform((v, ctx): boolean | undefined => {
      if (v === undefined || v === '') return undefined;
      if (v === 'true' || v === '1') return true;
      if (v === 'false' || v === '0') return false;
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    })
    .meta({ type: 'string', enum: ['true', 'false', '1', '0'] });
}

/** One text value of a query string (a repeated key is refused); absent or empty → undefined. */
export function queryText(name: string, max = 200) {
  return z
    .unknown()
    .optional()
    .transform((v, ctx): string | undefined => {
      if (v === undefined || v === '') return undefined;
      if (typeof v !== 'string') {
        ctx.addIssue({ code: 'custom', message: `${name} must be given once, as text.` });
        return z.NEVER;
      }
      const fault = textFault(v, max);
      if (fault) {
        ctx.addIssue({ code: 'custom', message: textFaultMessage(fault, name, max) });
        return z.NEVER;
      }
      return v;
    })
    .meta({ type: 'string', maxLength: max });
}

/** A calendar date in a query string; absent or empty → undefined. */
export function queryDate(name: string) {
  const message = `${name} must be a real day written YYYY-MM-DD.`;
  return z
    .unknown()
    .optional()
    .transform((v, ctx): string | undefined => {
      if (v === undefined || v === '') return undefined;
      if (typeof v === 'string' && isValidDate(v)) return v;
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    })
    .meta({ type: 'string', format: 'date' });
}

/** One of `values` in a query string, or absent/empty; anything else (a typo, a repeated key) is a 400 naming it. */
export function queryChoice<const T extends readonly string[]>(name: string, values: T) {
  return z
    .unknown()
    .optional()
    .transform((v, ctx): T[number] | undefined => {
      if (v === undefined || v === '') return undefined;
      if (typeof v === 'string' && values.includes(v)) return v;
      ctx.addIssue({ code: 'custom', message: `${name} must be one of ${values.join(', ')}.` });
      return z.NEVER;
    })
    .meta({ type: 'string', enum: [...values] });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids are checked before they reach a uuid column, so junk answers 404 or 400 rather than 500. */
export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}

/** `cursor` (opaque, as `nextCursor` gave it) and `withTotal` (count the matches) of a keyset-paged list. */
export const pagingQueryFields = {
  cursor: queryText('cursor', 4000),
  withTotal: queryBoolean('withTotal'),
};
