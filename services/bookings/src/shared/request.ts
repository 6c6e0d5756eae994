/** Small readers of the request shared by the route modules. */
import type { AppContext } from '@venue/service-kit';

export const body = (ctx: AppContext) => (ctx.request.body ?? {}) as Record<string, unknown>;
export const tenantOf = (ctx: AppContext) => ctx.state.principal!.tenantId;

export { isUuid } from '@venue/service-kit';

/** `page` from 1 and `limit` 1–100 (default 25), as the list contracts define them. */
export function pageParams(query: AppContext['query']) {
  const page = Math.max(1, Number.parseInt(String(query.page ?? '1'), 10) || 1);
  const limit = Math.min(100, Math.max(1, Number.parseInt(String(query.limit ?? '25'), 10) || 25));
  return { page, limit, offset: (page - 1) * limit };
}

/** Strings of an array field (ids, add-on ids); undefined when the field is not an array. */
export const stringList = (v: unknown): string[] | undefined =>
  Array.isArray(v) ? (v as unknown[]).map(String) : undefined;

/** `v` when it is one of `allowed`, else the default. */
export const oneOf = <T extends string>(v: unknown, allowed: readonly string[], d: T): T =>
  typeof v === 'string' && allowed.includes(v) ? (v as T) : d;
