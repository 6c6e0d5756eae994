import { z } from 'zod';
import { isValidDate } from '@venue/contracts';
import { HttpError } from './errors.ts';
import { textFault, textFaultMessage } from './http/hostile-input.ts';

export interface FieldError {
  path: string;
  message: string;
}

interface HasBodyAndQuery {
  request: { body?: unknown };
  query: Record<string, unknown>;
}

function parse<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const errors: FieldError[] = result.error.issues.map((issue) => ({
    path: issue.path.map(String).join('.'),
    message: issue.message,
  }));
  // The first issue's message is the headline, so a schema carrying the spec's wording
  // produces exactly that text for the client.
  throw new HttpError(400, errors[0]?.message ?? 'Invalid request', { errors });
}

/**
 * Validates the JSON body; a missing body is treated as `{}` so field messages still apply.
 * Unknown fields are stripped (zod's default) everywhere: see docs/platform-contract.md.
 */
export function parseBody<S extends z.ZodType>(ctx: HasBodyAndQuery, schema: S): z.output<S> {
  return parse(schema, ctx.request.body ?? {});
}

/**
 * Validates the query string. Values are strings (or string arrays when a key repeats): read
 * numbers with `queryInteger`, `pageParam` and `limitParam`, never `z.coerce`, which turns
 * `''` into 0, `1e9` into a billion and `[]` into 0.
 */
export function parseQuery<S extends z.ZodType>(ctx: HasBodyAndQuery, schema: S): z.output<S> {
  return parse(schema, { ...ctx.query });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids are checked before they reach a uuid column, so junk answers 404 rather than 500. */
export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}

// ---------------------------------------------------------------------------------------------
// Strict field helpers. Each refuses the wrong JSON type instead of converting it: `"12"` is not
// a number, `[]` is not 0, `true` is not 1, an object is not text.

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
    });
}

export const CALENDAR_DATE_MESSAGE = 'Dates must be real days written YYYY-MM-DD.';

/** `YYYY-MM-DD` naming a day that exists: 2026-02-30 and 2026-13-01 are refused, never a 500. */
export function calendarDate(message = CALENDAR_DATE_MESSAGE) {
  return z.string({ error: message }).refine(isValidDate, { error: message });
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
    });
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
    });
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
    });
}
