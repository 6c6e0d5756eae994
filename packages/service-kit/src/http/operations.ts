/**
 * Routes served from the contract's route table (issue 28 item 2). An entry of the table already
 * says a call's method, path, who may call it and what it takes; a route written by hand beside
 * it said all of that a second time, free to drift. Here a service writes only the handler of
 * each entry, named by the entry's key, and the kit puts the entry's guard, its parsing and the
 * request's transaction in front of it, the same steps the hand-written routes take.
 *
 *   export const getWidget = operation('get /api/widgets/{id}', async ({ tx, params }) => …);
 *   serveOperations(router, WIDGET_ROUTES, [listWidgets, getWidget, …]);
 */
import type { z } from 'zod';
import { PERMISSION_KEYS, type PermissionKey } from '@venue/contracts';
import type { ApiRoute, HttpMethod, RouteTable } from '@venue/contracts/api';
import type { ApiEntry } from '@venue/contracts/openapi';
import { requireAuth, requireCustomer, requirePermission, withRead, withTx } from '../auth/middleware.ts';
import type { Tx } from '../db/types.ts';
import { parseBody, parseQuery } from '../validation.ts';
import type { AppContext, AppMiddleware, AppRouter } from './context.ts';

/** An entry's method and OpenAPI path as the table writes them: `get /api/invoices/{id}`. */
export type OperationKey = `${HttpMethod} /${string}`;

/** `write`: withTx (the default); `read`: withRead; `none`: the handler opens it (inRequestTx). */
type Transaction = 'write' | 'read' | 'none';
type PathOf<K extends string> = K extends `${HttpMethod} ${infer P}` ? P : never;
type ParamNames<P extends string> = P extends `${string}{${infer N}}${infer R}` ? N | ParamNames<R> : never;
/**
 * The table's entry a key names, with its literal type. An entry made in a loop may carry a union
 * of paths (the Reports calls); one typed only `string` (the settings groups) names no key.
 */
type EntryOf<K extends string> = K extends `${infer M} ${infer P}` ? Matching<ApiEntry, M, P> : never;
type Matching<E, M, P> = E extends { method: M; path: infer EP }
  ? string extends EP
    ? never
    : P extends EP
      ? E
      : never
  : never;
/**
 * What the entry's schema parses to: `undefined` when the entry takes none, `unknown` when the key
 * names no entry the types know (the settings groups, made in a loop: those handlers parse again).
 */
type Parsed<E, Part extends 'query' | 'body'> = [E] extends [never]
  ? unknown
  : E extends { readonly [P in Part]: infer S extends z.ZodType }
    ? z.output<S>
    : undefined;

/** What a handler gets: its request parsed by its entry's schemas, and the open transaction. */
export interface OperationArgs<K extends OperationKey, T extends Transaction = 'write'> {
  ctx: AppContext;
  tx: T extends 'none' ? undefined : Tx;
  /** Every path parameter of the tables is a string, so the key alone types them. */
  params: { readonly [N in ParamNames<PathOf<K>>]: string };
  query: Parsed<EntryOf<K>, 'query'>;
  body: Parsed<EntryOf<K>, 'body'>;
}

export interface OperationOptions<T extends Transaction> {
  /** What the table cannot say, after the guard and before parsing: `requireTenantParam('hallOwnerId')`. */
  before?: readonly AppMiddleware[];
  /**
   * The guard, only where the kit has none for the entry's access (`public`, `owner`,
   * `super-admin`): those refusals differ per area (their messages, a super admin let in or not).
   */
  guard?: readonly AppMiddleware[];
  transaction?: T;
}

export interface Operation {
  readonly key: OperationKey;
  readonly options: OperationOptions<Transaction>;
  readonly handle: (args: OperationArgs<OperationKey, Transaction>) => Promise<unknown>;
}

/**
 * What a handler may answer: what its entry's success schema accepts (`z.input` of the 200's or
 * the 201's), or undefined when it set `ctx.body` itself (a PDF, a CSV); anything for a key the
 * types cannot find.
 */
type Answer<E> = [E] extends [never]
  ? unknown
  : E extends { readonly responses: infer R }
    ? R extends { readonly 200: { readonly schema: infer S extends z.ZodType } }
      ? z.input<S> | void
      : R extends { readonly 201: { readonly schema: infer S extends z.ZodType } }
        ? z.input<S> | void
        : unknown
    : unknown;
type Handle<K extends OperationKey, T extends Transaction> = (
  args: OperationArgs<K, T>,
) => Promise<Answer<EntryOf<K>>>;

/**
 * One call's handler, named by its entry's key; its query and body are typed from that entry
 * (`@venue/contracts/openapi`'s `ApiEntry`), which the kit parses them with. What it returns,
 * unless undefined, is the JSON answer; a handler answering something else (a PDF) sets
 * `ctx.body` itself, and one answering 201 sets `ctx.status`.
 */
export function operation<K extends OperationKey>(key: K, handle: Handle<K, 'write'>): Operation;
export function operation<K extends OperationKey, T extends Transaction = 'write'>(
  key: K,
  options: OperationOptions<T>,
  handle: Handle<K, T>,
): Operation;
export function operation(
  key: OperationKey,
  optionsOrHandle: OperationOptions<Transaction> | Operation['handle'],
  handle?: Operation['handle'],
): Operation {
  if (typeof optionsOrHandle === 'function') return { key, options: {}, handle: optionsOrHandle };
  if (!handle) throw new Error(`${key}: no handler`);
  return { key, options: optionsOrHandle, handle };
}

const keyOf = (entry: ApiRoute) => `${entry.method} ${entry.path}`;

/** The guard the hand-written routes put before a call of this access, where it is the same everywhere. */
function kitGuard(access: string): readonly AppMiddleware[] | undefined {
  if ((PERMISSION_KEYS as readonly string[]).includes(access))
    return [requireAuth, requirePermission(access as PermissionKey)];
  if (access === 'signed-in') return [requireAuth];
  if (access === 'customer') return [requireCustomer];
  return undefined;
}

/** What keeps the entry and its handler from being served together; none when they agree. */
function mismatches(entry: ApiRoute, op: Operation): string[] {
  const key = keyOf(entry);
  const out: string[] = [];
  const guard = kitGuard(entry.access);
  if (guard && op.options.guard)
    out.push(`${key}: access '${entry.access}' is guarded by the kit; use before`);
  if (!guard && !op.options.guard) out.push(`${key}: access '${entry.access}' needs the service's guard`);
  return out;
}

function serve(router: AppRouter, entry: ApiRoute, op: Operation): void {
  const transaction = op.options.transaction ?? 'write';
  const step = transaction === 'write' ? withTx : transaction === 'read' ? withRead : undefined;
  const handler: AppMiddleware = async (ctx) => {
    // Parsed before the transaction opens, so a 400 never holds a connection. Path parameters are
    // strings like the query's: the same parse gives the same 400 naming the field.
    const params = entry.params ? parseQuery({ request: {}, query: ctx.params }, entry.params) : ctx.params;
    const query = entry.query ? parseQuery(ctx, entry.query) : undefined;
    const body = entry.body ? parseBody(ctx, entry.body) : undefined;
    const run = async () => {
      const tx = step ? ctx.state.tx : undefined;
      // Widened back: the handler's type is its entry's, and these are that entry's schemas.
      const answer = await op.handle({ ctx, tx, params, query, body } as Parameters<Operation['handle']>[0]);
      if (answer !== undefined) ctx.body = answer;
    };
    await (step ? step(ctx, run) : run());
  };
  const guard = kitGuard(entry.access) ?? op.options.guard ?? [];
  const path = entry.path.replace(/\{(\w+)\}/g, ':$1');
  router[entry.method](path, ...guard, ...(op.options.before ?? []), handler);
}

/**
 * Registers one handler per entry of `table`, in the table's order (which is why `summary` is
 * matched before `{id}`). Throws, so the service does not start, on an entry without a handler,
 * a handler without an entry, or a handler that disagrees with its entry.
 */
export function serveOperations(
  router: AppRouter,
  table: RouteTable,
  operations: readonly Operation[],
): void {
  const byKey = new Map<string, Operation>();
  const problems: string[] = [];
  for (const op of operations) {
    if (byKey.has(op.key)) problems.push(`${op.key}: two handlers`);
    byKey.set(op.key, op);
  }
  const keys = new Set(table.map(keyOf));
  for (const key of byKey.keys())
    if (!keys.has(key)) problems.push(`${key}: a handler, not in the route table`);
  const pairs: [ApiRoute, Operation][] = [];
  for (const entry of table) {
    const op = byKey.get(keyOf(entry));
    if (!op) {
      problems.push(`${keyOf(entry)}: in the route table, no handler`);
      continue;
    }
    problems.push(...mismatches(entry, op));
    pairs.push([entry, op]);
  }
  if (problems.length > 0) throw new Error(`Routes do not match the route table:\n${problems.join('\n')}`);
  for (const [entry, op] of pairs) serve(router, entry, op);
}
