/**
 * What a new OpenAPI document breaks for clients written against an older one (the committed
 * docs/api/openapi.json). Breaking: a call removed, a documented answer status removed, a field
 * removed from an answer (or no longer always there), a field's type changed or widened (a
 * client reading a number must not meet text or null), a path or query parameter made required,
 * a request field newly required. Additive changes (new calls, new answer fields, new optional
 * request fields, looser request rules) are not breaking.
 */

type Json = Record<string, unknown>;

interface Docs {
  old: Json;
  new: Json;
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;

/** Follows `#/components/schemas/X` in the document the schema came from. */
function deref(doc: Json, schema: unknown, seen = new Set<string>()): Json {
  let s = (schema ?? {}) as Json;
  while (typeof s.$ref === 'string' && s.$ref.startsWith('#/components/schemas/')) {
    const name = s.$ref.slice('#/components/schemas/'.length);
    if (seen.has(name)) return {};
    seen.add(name);
    s = (((doc.components as Json)?.schemas as Json)?.[name] ?? {}) as Json;
  }
  return s;
}

/** The JSON types a schema allows (`type`, a type list, or the branches of anyOf/oneOf). */
function typesOf(doc: Json, schema: Json): Set<string> | null {
  const s = deref(doc, schema);
  if (typeof s.type === 'string') return new Set([s.type === 'integer' ? 'number' : s.type]);
  if (Array.isArray(s.type)) return new Set(s.type.map((t: string) => (t === 'integer' ? 'number' : t)));
  const branches = (s.anyOf ?? s.oneOf) as Json[] | undefined;
  if (branches) {
    const all = new Set<string>();
    for (const b of branches) {
      const t = typesOf(doc, b);
      if (!t) return null; // a branch of any type: nothing to compare
      for (const x of t) all.add(x);
    }
    return all;
  }
  if (s.const !== undefined) return new Set([s.const === null ? 'null' : typeof s.const]);
  return null;
}

/** The object branch of a schema (itself, or the one object branch of a nullable anyOf). */
function objectOf(doc: Json, schema: unknown): Json | null {
  const s = deref(doc, schema);
  if (s.properties) return s;
  const branches = (s.anyOf ?? s.oneOf) as Json[] | undefined;
  const objects = branches?.map((b) => deref(doc, b)).filter((b) => b.properties) ?? [];
  return objects.length === 1 ? objects[0]! : null;
}

function arrayItems(doc: Json, schema: unknown): Json | null {
  const s = deref(doc, schema);
  if (s.items) return s.items as Json;
  const branches = (s.anyOf ?? s.oneOf) as Json[] | undefined;
  const arrays = branches?.map((b) => deref(doc, b)).filter((b) => b.items) ?? [];
  return arrays.length === 1 ? (arrays[0]!.items as Json) : null;
}

/** An answer's schema: every field a client read must still come, with a type it knows. */
function compareAnswer(d: Docs, oldS: unknown, newS: unknown, where: string, out: string[], depth = 0): void {
  if (depth > 20) return;
  const oldTypes = typesOf(d.old, oldS as Json);
  const newTypes = typesOf(d.new, newS as Json);
  if (oldTypes && newTypes) {
    const added = [...newTypes].filter((t) => !oldTypes.has(t));
    if (added.length)
      out.push(`${where}: may now be ${added.join(' or ')} (was ${[...oldTypes].join(' or ')})`);
  } else if (oldTypes && !newTypes) {
    out.push(`${where}: no longer has a type (was ${[...oldTypes].join(' or ')})`);
  }
  const oldObj = objectOf(d.old, oldS);
  const newObj = objectOf(d.new, newS);
  if (oldObj && newObj) {
    const oldProps = oldObj.properties as Record<string, unknown>;
    const newProps = newObj.properties as Record<string, unknown>;
    const newRequired = new Set((newObj.required as string[] | undefined) ?? []);
    for (const key of (oldObj.required as string[] | undefined) ?? []) {
      if (!(key in newProps)) continue; // reported below
      if (!newRequired.has(key)) out.push(`${where}.${key}: no longer always in the answer`);
    }
    for (const [key, prop] of Object.entries(oldProps)) {
      if (!(key in newProps)) out.push(`${where}.${key}: removed from the answer`);
      else compareAnswer(d, prop, newProps[key], `${where}.${key}`, out, depth + 1);
    }
  } else if (oldObj && !newObj) {
    out.push(`${where}: is no longer an object with the fields it had`);
  }
  const oldItems = arrayItems(d.old, oldS);
  const newItems = arrayItems(d.new, newS);
  if (oldItems && newItems) compareAnswer(d, oldItems, newItems, `${where}[]`, out, depth + 1);
}

/** A request body: a field a client never sent must not become required, nor change its type. */
function compareRequest(
  d: Docs,
  oldS: unknown,
  newS: unknown,
  where: string,
  out: string[],
  depth = 0,
): void {
  if (depth > 20) return;
  const oldTypes = typesOf(d.old, oldS as Json);
  const newTypes = typesOf(d.new, newS as Json);
  if (oldTypes && newTypes) {
    const dropped = [...oldTypes].filter((t) => !newTypes.has(t));
    if (dropped.length) out.push(`${where}: no longer takes ${dropped.join(' or ')}`);
  }
  const oldObj = objectOf(d.old, oldS);
  const newObj = objectOf(d.new, newS);
  if (!oldObj || !newObj) return;
  const oldRequired = new Set((oldObj.required as string[] | undefined) ?? []);
  const oldProps = oldObj.properties as Record<string, unknown>;
  for (const key of (newObj.required as string[] | undefined) ?? []) {
    if (!oldRequired.has(key)) out.push(`${where}.${key}: newly required in the request`);
  }
  for (const [key, prop] of Object.entries(newObj.properties as Record<string, unknown>)) {
    if (key in oldProps) compareRequest(d, oldProps[key], prop, `${where}.${key}`, out, depth + 1);
  }
}

const jsonSchemaOf = (content: unknown): unknown =>
  ((content as Json | undefined)?.['application/json'] as Json | undefined)?.schema;

/**
 * A path without its parameters' names: `/a/{id}` and `/a/{userId}` are the same URLs to a client,
 * so renaming a path parameter breaks nothing.
 */
const pathShape = (path: string) => path.replace(/\{[^}]*\}/g, '{}');

/** Each breaking change as a line (`GET /api/bookings 200 items[].status: removed from the answer`). */
export function breakingChanges(oldDoc: Json, newDoc: Json): string[] {
  const d: Docs = { old: oldDoc, new: newDoc };
  const out: string[] = [];
  const oldPaths = (oldDoc.paths ?? {}) as Record<string, Json>;
  const newPaths = (newDoc.paths ?? {}) as Record<string, Json>;
  const newByShape = new Map<string, Json>();
  for (const [path, item] of Object.entries(newPaths)) {
    const shape = pathShape(path);
    newByShape.set(shape, { ...newByShape.get(shape), ...item });
  }
  for (const [path, oldItem] of Object.entries(oldPaths)) {
    for (const method of METHODS) {
      const oldOp = oldItem[method] as Json | undefined;
      if (!oldOp) continue;
      const call = `${method.toUpperCase()} ${path}`;
      const newOp = (newPaths[path]?.[method] ?? newByShape.get(pathShape(path))?.[method]) as
        Json | undefined;
      if (!newOp) {
        out.push(`${call}: removed`);
        continue;
      }
      const oldParams = (oldOp.parameters ?? []) as Json[];
      const newParams = (newOp.parameters ?? []) as Json[];
      for (const p of newParams) {
        // Path parameters are the path's own: the same shape has the same ones, whatever their names.
        if (p.in === 'path') continue;
        const before = oldParams.find((o) => o.name === p.name && o.in === p.in);
        if (p.required && !before?.required)
          out.push(`${call}: ${p.in} parameter ${String(p.name)} is newly required`);
      }
      const oldBody = jsonSchemaOf((oldOp.requestBody as Json | undefined)?.content);
      const newBody = jsonSchemaOf((newOp.requestBody as Json | undefined)?.content);
      if (oldBody && newBody) compareRequest(d, oldBody, newBody, `${call} body`, out);
      else if (!oldBody && newBody && (newOp.requestBody as Json).required)
        out.push(`${call}: now needs a request body`);
      const oldResponses = (oldOp.responses ?? {}) as Record<string, Json>;
      const newResponses = (newOp.responses ?? {}) as Record<string, Json>;
      for (const [status, oldRes] of Object.entries(oldResponses)) {
        const newRes = newResponses[status];
        if (!newRes) {
          out.push(`${call}: answer ${status} removed`);
          continue;
        }
        const oldSchema = jsonSchemaOf(oldRes.content);
        const newSchema = jsonSchemaOf(newRes.content);
        if (oldSchema && !newSchema) out.push(`${call} ${status}: no longer answers JSON`);
        else if (oldSchema && newSchema) compareAnswer(d, oldSchema, newSchema, `${call} ${status}`, out);
      }
    }
  }
  return out;
}
