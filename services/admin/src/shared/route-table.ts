/**
 * The schemas the admin route table builds inline (`auditFilterSchema.pick(…)`, a settings
 * group's `schema.partial()`), which no module exports by name. `serveOperations` wants each
 * handler's schema to be the entry's very object, so it is taken from the table; `like` (the
 * same expression, never parsed with) only types it, as the table keeps no schema types
 * (docs/adding-a-feature.md: `as const satisfies RouteTable` in the contracts would end this).
 */
import type { z } from 'zod';
import { ADMIN_ROUTES } from '@venue/contracts/admin';
import type { OperationKey } from '@venue/service-kit';

function entryOf(key: OperationKey) {
  const entry = ADMIN_ROUTES.find((r) => `${r.method} ${r.path}` === key);
  if (!entry) throw new Error(`${key}: not in ADMIN_ROUTES`);
  return entry;
}

export function tableQuery<S extends z.ZodObject>(key: OperationKey, like: S): S {
  void like;
  const query = entryOf(key).query;
  if (!query) throw new Error(`${key}: the table gives no query schema`);
  return query as S;
}

export function tableBody<S extends z.ZodType>(key: OperationKey, like: S): S {
  void like;
  const body = entryOf(key).body;
  if (!body) throw new Error(`${key}: the table gives no body schema`);
  return body as S;
}
