/**
 * Checks a real answer against the route table (the contract tests of each service): the zod
 * schema must accept it, and every field it carries must be documented (an object schema
 * without `additionalProperties` in its JSON Schema refuses keys it does not name), so the
 * OpenAPI document cannot silently lag behind what a service sends.
 */
import { z } from 'zod';
import type { ApiRoute, HttpMethod, RouteTable } from './route-table.ts';

type Json = Record<string, unknown>;

/** The route whose OpenAPI path matches a concrete one (`/api/bookings/{id}` ↔ `/api/bookings/4f…`). */
export function findRoute(table: RouteTable, method: string, concretePath: string): ApiRoute | undefined {
  const path = concretePath.split('?')[0]!;
  const candidates = table.filter((r) => r.method === (method.toLowerCase() as HttpMethod));
  // Literal paths first, so /api/bookings/stats is not taken for /api/bookings/{id}.
  const exact = candidates.find((r) => r.path === path);
  if (exact) return exact;
  return candidates.find((r) =>
    new RegExp(`^${r.path.replace(/[.]/g, '\\.').replace(/\{\w+\}/g, '[^/]+')}$`).test(path),
  );
}

function undocumented(
  schema: Json,
  value: unknown,
  defs: Record<string, Json>,
  at: string,
  out: string[],
): void {
  let s = schema;
  while (typeof s.$ref === 'string') s = defs[s.$ref.replace('#/$defs/', '')] ?? {};
  if (value === null || value === undefined) return;
  const branches = (s.anyOf ?? s.oneOf) as Json[] | undefined;
  if (branches) {
    // The branch that names the most of the value's keys (objects), else the first that fits its type.
    const kind = Array.isArray(value) ? 'array' : typeof value === 'object' ? 'object' : null;
    const sameKind = branches.filter((b) => {
      let d = b;
      while (typeof d.$ref === 'string') d = defs[d.$ref.replace('#/$defs/', '')] ?? {};
      return kind === 'object'
        ? d.type === 'object' || !!d.properties
        : kind === 'array'
          ? d.type === 'array'
          : true;
    });
    const fitting = sameKind
      .map((b) => {
        const found: string[] = [];
        undocumented(b, value, defs, at, found);
        return found;
      })
      .sort((a, b) => a.length - b.length)[0];
    out.push(...(fitting ?? []));
    return;
  }
  if (Array.isArray(value)) {
    if (s.items) value.forEach((v, i) => undocumented(s.items as Json, v, defs, `${at}[${i}]`, out));
    return;
  }
  if (typeof value !== 'object') return;
  const props = (s.properties ?? {}) as Record<string, Json>;
  for (const [k, v] of Object.entries(value as Json)) {
    if (props[k]) undocumented(props[k], v, defs, `${at}.${k}`, out);
    else if (s.additionalProperties === false) out.push(`${at}.${k} is not documented`);
    else if (s.additionalProperties && typeof s.additionalProperties === 'object')
      undocumented(s.additionalProperties as Json, v, defs, `${at}.${k}`, out);
  }
}

/**
 * What is wrong with `body` as the answer `status` of `method path` ([] when it is right):
 * no such route, no such documented answer, the schema refusing it, or fields it does not name.
 */
export function answerProblems(
  table: RouteTable,
  method: string,
  path: string,
  status: number,
  body: unknown,
): string[] {
  const route = findRoute(table, method, path);
  if (!route) return [`${method} ${path}: not in the route table`];
  const call = `${route.method.toUpperCase()} ${route.path}`;
  const answer = route.responses[status];
  if (!answer) return [`${call}: answer ${status} is not documented`];
  if (!answer.schema) return [];
  const parsed = answer.schema.safeParse(body);
  if (!parsed.success)
    return parsed.error.issues.map(
      (i) => `${call} ${status}: ${i.path.join('.') || '(answer)'}: ${i.message}`,
    );
  const js = z.toJSONSchema(answer.schema, {
    target: 'draft-2020-12',
    io: 'output',
    unrepresentable: 'any',
  }) as Json;
  const out: string[] = [];
  undocumented(js, body, (js.$defs ?? {}) as Record<string, Json>, `${call} ${status}`, out);
  return out;
}

/**
 * For a contract test: `check` answers the problems of one real answer and remembers its
 * route; `unchecked` names the table's calls no answer was checked for yet.
 */
export function contractRecorder(table: RouteTable) {
  const seen = new Set<string>();
  return {
    check(method: string, path: string, status: number, body: unknown): string[] {
      const route = findRoute(table, method, path);
      if (route) seen.add(`${route.method.toUpperCase()} ${route.path}`);
      return answerProblems(table, method, path, status, body);
    },
    unchecked(): string[] {
      return table.map((r) => `${r.method.toUpperCase()} ${r.path}`).filter((k) => !seen.has(k));
    },
  };
}

/**
 * The calls a service serves under /api that its route table does not name (`GET
 * /api/bookings/{id}`), from its router's layers: a route added without its contract entry.
 */
export function routesMissingFromTable(
  table: RouteTable,
  layers: ReadonlyArray<{ path: string | RegExp; methods: readonly string[] }>,
): string[] {
  const named = new Set(table.map((r) => `${r.method.toUpperCase()} ${r.path}`));
  const missing: string[] = [];
  for (const layer of layers) {
    const path = String(layer.path).replace(/:(\w+)/g, '{$1}');
    if (!path.startsWith('/api/')) continue;
    for (const method of layer.methods) {
      if (method === 'HEAD') continue;
      const key = `${method} ${path}`;
      if (!named.has(key)) missing.push(key);
    }
  }
  return missing;
}

/**
 * The customer's door in a route table (decision 56): every call under
 * `/api/public/venues/{slug}/…` is `public` with the tag `Public`; every call under `/api/portal/`
 * has the tag `Portal` and is `customer`, but for the session calls that work from the refresh
 * cookie (`PORTAL_SESSION_CALLS`), which are `public`; and no call elsewhere is `customer`.
 * Answers what is wrong ([] when nothing is).
 */
export const PORTAL_SESSION_CALLS: readonly string[] = [
  'POST /api/portal/session',
  'POST /api/portal/session/refresh',
  'DELETE /api/portal/session',
];

export function doorRouteProblems(table: RouteTable): string[] {
  const out: string[] = [];
  for (const r of table) {
    const key = `${r.method.toUpperCase()} ${r.path}`;
    if (r.path.startsWith('/api/public/')) {
      if (!r.path.startsWith('/api/public/venues/{slug}'))
        out.push(`${key}: public calls are under /api/public/venues/{slug}`);
      if (r.access !== 'public') out.push(`${key}: a venue's public call has access public, not ${r.access}`);
      if (r.tag !== 'Public') out.push(`${key}: a venue's public call has the tag Public, not ${r.tag}`);
    } else if (r.path.startsWith('/api/portal/')) {
      const expected = PORTAL_SESSION_CALLS.includes(key) ? 'public' : 'customer';
      if (r.access !== expected) out.push(`${key}: a portal call has access ${expected}, not ${r.access}`);
      if (r.tag !== 'Portal') out.push(`${key}: a portal call has the tag Portal, not ${r.tag}`);
    } else if (r.access === 'customer') {
      out.push(`${key}: only /api/portal/ calls are for customers`);
    } else if (r.tag === 'Public' || r.tag === 'Portal') {
      out.push(`${key}: the tag ${r.tag} is for the venue's public and portal calls only`);
    }
  }
  return out;
}
