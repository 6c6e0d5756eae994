/**
 * Builds the OpenAPI 3.1 document from route tables. zod 4 writes JSON Schema draft 2020-12,
 * which OpenAPI 3.1 takes as is. Requests are described as the caller may send them (zod's
 * input side), answers as the service sends them (output side) but without
 * `additionalProperties: false`: a client must accept fields added later (additive changes
 * are not breaking, see scripts/openapi.mjs).
 */
import { z } from 'zod';
import { errorSchema } from './common.ts';
import type { ApiRoute, RouteTable } from './route-table.ts';

type Json = Record<string, unknown>;

export interface OpenApiInfo {
  title: string;
  version: string;
  description: string;
}

export const DEFAULT_INFO: OpenApiInfo = {
  title: 'VenueDesk API',
  version: '1.0.0',
  description:
    'The API the VenueDesk screens use, open to other software of a venue with an API key ' +
    '(Settings → Integrations → API keys) sent as `Authorization: Bearer vd_live_…`. Money is in ' +
    'integer cents unless a field says dollars. Every signed-in POST honours an `Idempotency-Key` ' +
    'header (kept 24 h per tenant): a retry with the same key replays the first answer.',
};

/**
 * Schemas named with `.meta({ id })` (Booking, Resource, …) become components, referred to
 * from each operation, instead of being repeated inline in every answer that holds them.
 */
class Components {
  readonly schemas: Record<string, Json> = {};

  convert(schema: z.ZodType, io: 'input' | 'output'): Json {
    const out = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' }) as Json;
    delete out.$schema;
    const suffix = io === 'input' ? 'Input' : '';
    const defs = (out.$defs ?? {}) as Record<string, Json>;
    delete out.$defs;
    const rename = (node: unknown): unknown => {
      if (Array.isArray(node)) return node.map(rename);
      if (node === null || typeof node !== 'object') return node;
      const copy: Json = {};
      for (const [k, v] of Object.entries(node as Json)) {
        if (k === 'additionalProperties' && v === false && io === 'output') continue;
        // zod's int() bounds are the safe-integer range: noise to a reader.
        if ((k === 'minimum' || k === 'maximum') && Math.abs(v as number) === Number.MAX_SAFE_INTEGER)
          continue;
        copy[k] =
          k === '$ref' && typeof v === 'string' && v.startsWith('#/$defs/')
            ? `#/components/schemas/${v.slice(8)}${suffix}`
            : rename(v);
      }
      return copy;
    };
    for (const [id, def] of Object.entries(defs)) {
      const named = rename(def) as Json;
      const key = id + suffix;
      const before = this.schemas[key];
      if (before && JSON.stringify(before) !== JSON.stringify(named))
        throw new Error(`Two different schemas are named ${key}`);
      this.schemas[key] = named;
    }
    // A schema that is itself named answers a $ref at the top; keep it.
    return rename(out) as Json;
  }
}

function parameters(route: ApiRoute, c: Components): Json[] {
  const list: Json[] = [];
  for (const [where, schema] of [
    ['path', route.params],
    ['query', route.query],
  ] as const) {
    if (!schema) continue;
    const js = c.convert(schema, 'input');
    const required = new Set((js.required as string[] | undefined) ?? []);
    for (const [name, prop] of Object.entries((js.properties as Record<string, Json>) ?? {})) {
      const { description, ...rest } = prop;
      list.push({
        name,
        in: where,
        required: where === 'path' ? true : required.has(name),
        ...(description ? { description } : {}),
        schema: rest,
      });
    }
  }
  // Path parameters the table did not describe are still named (OpenAPI requires each).
  for (const m of route.path.matchAll(/\{(\w+)\}/g)) {
    if (!list.some((p) => p.in === 'path' && p.name === m[1]))
      list.push({ name: m[1], in: 'path', required: true, schema: { type: 'string' } });
  }
  if (route.method === 'post' && (route.access !== 'public' || isVenuePath(route.path))) {
    list.push({
      name: 'Idempotency-Key',
      in: 'header',
      required: false,
      description:
        'A retry with the same key within 24 hours replays the first answer instead of acting twice.',
      schema: { type: 'string', minLength: 1, maxLength: 255 },
    });
  }
  return list;
}

/** A venue's public routes (decision 56): a visitor, known by the slug, rate limited at the gateway. */
export const VENUE_PUBLIC_PREFIX = '/api/public/venues/';
const isVenuePath = (path: string) => path.startsWith(VENUE_PUBLIC_PREFIX);

const ERROR_CONTENT = { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } };

function responses(route: ApiRoute, c: Components): Json {
  const out: Json = {};
  for (const [status, r] of Object.entries(route.responses)) {
    const content = r.schema
      ? { 'application/json': { schema: c.convert(r.schema, 'output') } }
      : r.contentType
        ? { [r.contentType]: { schema: { type: 'string', format: 'binary' } } }
        : Number(status) >= 400
          ? ERROR_CONTENT
          : undefined;
    out[status] = { description: r.description, ...(content ? { content } : {}) };
  }
  const shared = (status: number, description: string) => {
    if (!out[status]) out[status] = { description, content: ERROR_CONTENT };
  };
  if (route.params || route.query || route.body)
    shared(400, 'The request is refused; `errors` names each field.');
  // Any call that takes a body can be sent one too large: the service's parser stops at 1 MB of
  // JSON or form data, and the gateway at 10 MB of anything (an upload's own limit is its own).
  if (route.body || route.method === 'post' || route.method === 'put' || route.method === 'patch')
    shared(
      413,
      'The request body is too large: JSON or form data over 1 MB, an upload over its own limit, anything over 10 MB at the gateway.',
    );
  if (route.access === 'customer') {
    shared(
      401,
      'No customer token, an expired one, or a portal session that ended (`code`): sign in again by link.',
    );
  } else if (route.access !== 'public') {
    shared(401, 'No token, an expired or revoked one, or a session that ended (`code`).');
    if (route.access !== 'signed-in') shared(403, 'The caller lacks the permission or role this call needs.');
    shared(429, 'Too many requests (an API key over 600 a minute); `Retry-After` says when to try again.');
  } else if (isVenuePath(route.path)) {
    shared(404, 'No venue takes online bookings at this address (an unknown slug, or online bookings off).');
    shared(
      429,
      'Too many requests from this address or for this venue; `Retry-After` says when to try again.',
    );
  }
  shared(503, 'The service behind this call is unavailable, or a copy it needs has not arrived yet.');
  return out;
}

function operation(route: ApiRoute, c: Components): Json {
  const params = parameters(route, c);
  const body = route.body
    ? {
        required: true,
        content: {
          [route.bodyType === 'multipart'
            ? 'multipart/form-data'
            : route.bodyType === 'text/calendar'
              ? 'text/calendar'
              : 'application/json']: { schema: c.convert(route.body, 'input') },
        },
      }
    : undefined;
  const access =
    route.access === 'public'
      ? isVenuePath(route.path)
        ? 'No sign-in needed: a visitor of the venue named by the slug (rate limited per address and per venue).'
        : 'No sign-in needed.'
      : route.access === 'customer'
        ? 'A signed-in customer of the venue (the portal’s access token from POST /api/portal/session), who sees only their own records.'
        : route.access === 'signed-in'
          ? 'Any signed-in user or API key.'
          : route.access === 'owner'
            ? 'The hall owner only.'
            : route.access === 'super-admin'
              ? 'The super admin only.'
              : `Needs the \`${route.access}\` page permission.`;
  return {
    operationId: `${route.method}${route.path.replace(/\{(\w+)\}/g, 'By-$1').replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ?? '').toUpperCase())}`,
    tags: [route.tag],
    summary: route.summary,
    description: [route.description, `**Access:** ${access}`, route.spec ? `**Spec:** ${route.spec}` : '']
      .filter(Boolean)
      .join('\n\n'),
    ...(route.access === 'public'
      ? { security: [] }
      : route.access === 'customer'
        ? { security: [{ customer: [] }] }
        : {}),
    ...(params.length ? { parameters: params } : {}),
    ...(body ? { requestBody: body } : {}),
    responses: responses(route, c),
    'x-service': route.service,
    'x-access': route.access,
  };
}

/** The whole document for the given tables (admin, catalogue, bookings, and areas added later). */
export function buildOpenApi(tables: readonly RouteTable[], info: OpenApiInfo = DEFAULT_INFO): Json {
  const paths: Record<string, Json> = {};
  const tags = new Set<string>();
  const seen = new Set<string>();
  const components = new Components();
  const error = components.convert(errorSchema, 'output');
  for (const route of tables.flat()) {
    const key = `${route.method.toUpperCase()} ${route.path}`;
    if (seen.has(key)) throw new Error(`Two routes for ${key}`);
    seen.add(key);
    tags.add(route.tag);
    (paths[route.path] ??= {})[route.method] = operation(route, components);
  }
  const sortedPaths = Object.fromEntries(Object.entries(paths).sort(([a], [b]) => a.localeCompare(b)));
  return {
    openapi: '3.1.0',
    info,
    servers: [{ url: '/', description: 'The gateway (one origin for the screens and the API)' }],
    security: [{ bearer: [] }],
    tags: [...tags].map((name) => ({ name })),
    paths: sortedPaths,
    components: {
      securitySchemes: {
        bearer: {
          type: 'http',
          scheme: 'bearer',
          description:
            'A signed-in user’s access token (10 minutes, from POST /api/login) or an API key `vd_live_…`.',
        },
        customer: {
          type: 'http',
          scheme: 'bearer',
          description:
            'A venue customer’s portal access token (10 minutes, from POST /api/portal/session); refused on every staff call.',
        },
      },
      schemas: Object.fromEntries(
        Object.entries({ ...components.schemas, Error: error }).sort(([a], [b]) => a.localeCompare(b)),
      ),
    },
  };
}
