import type { z } from 'zod';
import { HttpError } from './errors.ts';

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

// The strict field helpers live with the request schemas in contracts (api/fields.ts), so a
// schema there is both what a service parses with and what the OpenAPI document shows.
export {
  isUuid,
  textField,
  oneLine,
  oneLineField,
  isOneLine,
  CALENDAR_DATE_MESSAGE,
  calendarDate,
  WALL_TIME_MESSAGE,
  wallTime,
  queryInteger,
  MAX_PAGE,
  pageParam,
  limitParam,
  queryBoolean,
  queryText,
  queryDate,
} from '@venue/contracts/api';
