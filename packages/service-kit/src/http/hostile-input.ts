/**
 * The first wall against hostile input, before any route runs: every string of the JSON or
 * form body, of the query string and of the path parameters is refused with a 400 naming its
 * field when it holds a NUL character (PostgreSQL refuses `\u0000` in text and jsonb, which
 * would surface as a 500), an unpaired UTF-16 surrogate (not encodable as UTF-8, refused by
 * the database and by every mail or PDF library downstream), or more characters than a
 * generous global ceiling. Field schemas set their own, tighter limits; this one only makes
 * sure no handler ever meets a megabyte of text it did not ask for.
 */
import type { Context, Next } from 'koa';
import { HttpError } from '../errors.ts';
import type { FieldError } from '../validation.ts';

import { MAX_TEXT_LENGTH, textFault, textFaultMessage, type TextFault } from '@venue/contracts/api';

// The text rules are the request schemas' own (contracts api/fields.ts); re-exported for the kit.
export { MAX_TEXT_LENGTH, textFault, textFaultMessage, type TextFault };

/** Field names are short words; a long one is an attack on the walker, not a field. */
const MAX_KEY_LENGTH = 200;
/** Real bodies nest three or four levels; deeper ones are refused before anything walks them. */
export const MAX_DEPTH = 32;
/** Enough to show the caller what is wrong without echoing an attack back in full. */
const MAX_REPORTED = 20;

/** Dotted like the schemas' issue paths (`items.2.name`), so one client rule reads both. */
const join = (parent: string, key: string | number) => (parent === '' ? String(key) : `${parent}.${key}`);
/** A hostile key must not travel back verbatim in the answer. */
const printable = (key: string) =>
  // eslint-disable-next-line no-control-regex -- the point is to replace control characters
  key.replace(/[\u0000-\u001f\uD800-\uDFFF]/g, '?').slice(0, MAX_KEY_LENGTH);

/**
 * Every problem in `value` (body or query), depth-first, at most MAX_REPORTED of them. Walks
 * with an explicit stack so a deeply nested body cannot overflow the call stack.
 */
export function findTextFaults(
  value: unknown,
  root = '',
  ceilings: Readonly<Record<string, number>> = {},
): FieldError[] {
  const faults: FieldError[] = [];
  const stack: Array<{ value: unknown; path: string; depth: number }> = [{ value, path: root, depth: 0 }];
  while (stack.length > 0 && faults.length < MAX_REPORTED) {
    const { value: v, path, depth } = stack.pop()!;
    if (typeof v === 'string') {
      const max = ceilings[path] ?? MAX_TEXT_LENGTH;
      const fault = textFault(v, max);
      if (fault) faults.push({ path, message: textFaultMessage(fault, path, max) });
      continue;
    }
    if (v === null || typeof v !== 'object') continue;
    if (depth >= MAX_DEPTH) {
      faults.push({ path, message: `The request is nested too deeply (at most ${MAX_DEPTH} levels).` });
      continue;
    }
    const entries: Array<[string | number, unknown]> = Array.isArray(v)
      ? v.map((item, i) => [i, item])
      : Object.entries(v as Record<string, unknown>);
    // Pushed in reverse so the first field is reported first.
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, item] = entries[i]!;
      if (typeof key === 'string') {
        const fault = textFault(key, MAX_KEY_LENGTH);
        if (fault) {
          const at = join(path, printable(key));
          faults.push({
            path: at,
            message:
              fault === 'length'
                ? `A field name is too long (at most ${MAX_KEY_LENGTH} characters).`
                : 'A field name contains a character that is not allowed.',
          });
          continue;
        }
      }
      stack.push({ value: item, path: join(path, key), depth: depth + 1 });
    }
  }
  return faults;
}

function refuse(errors: FieldError[]): never {
  throw new HttpError(400, errors[0]!.message, { errors });
}

/** Query keys are plain names; `limit[]` or `user[role]` are attempts at arrays and objects. */
const BRACKETED = /[[\]]/;

/**
 * Kit middleware, after the body parser: refuses a body or query string holding NUL,
 * unpaired surrogates, over-long text or absurd nesting, naming the field. `longText` lets a
 * request path give named body fields a higher ceiling (an uploaded calendar file, say).
 */
export function hostileInput(longText: Readonly<Record<string, Readonly<Record<string, number>>>> = {}) {
  return async (ctx: Context, next: Next) => {
    const query = findTextFaults(ctx.query);
    for (const key of Object.keys(ctx.query)) {
      if (query.length < MAX_REPORTED && BRACKETED.test(key))
        query.push({
          path: printable(key),
          message: `"${printable(key)}" is not a query parameter: parameters are plain names, given once.`,
        });
    }
    if (query.length > 0) refuse(query);
    const body = (ctx.request as { body?: unknown }).body;
    if (body !== undefined) {
      const faults = findTextFaults(body, '', longText[ctx.path]);
      if (faults.length > 0) refuse(faults);
    }
    await next();
  };
}

/**
 * A router param handler for `name`: path parameters are decoded by the router (`%00` becomes
 * NUL), so they get the same check, under their own name, before the route's guards run.
 */
export function checkPathParam(name: string) {
  return async (value: string | undefined, _ctx: unknown, next: Next) => {
    if (typeof value === 'string') {
      const fault = textFault(value, MAX_TEXT_LENGTH);
      if (fault) refuse([{ path: name, message: textFaultMessage(fault, name) }]);
    }
    await next();
  };
}
