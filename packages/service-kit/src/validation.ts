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

/** Validates the JSON body; a missing body is treated as `{}` so field messages still apply. */
export function parseBody<S extends z.ZodType>(ctx: HasBodyAndQuery, schema: S): z.output<S> {
  return parse(schema, ctx.request.body ?? {});
}

/** Validates the query string (values are strings or string arrays; use z.coerce for numbers). */
export function parseQuery<S extends z.ZodType>(ctx: HasBodyAndQuery, schema: S): z.output<S> {
  return parse(schema, { ...ctx.query });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids are checked before they reach a uuid column, so junk answers 404 rather than 500. */
export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}
