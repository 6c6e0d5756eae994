import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { z } from 'zod';
import { breakingChanges } from './breaking.ts';
import { buildOpenApi } from './openapi.ts';
import type { ApiRoute } from './route-table.ts';

const item = z
  .object({ id: z.string(), total: z.number().int(), note: z.string().optional() })
  .meta({ id: 'TestItem' });

function doc(answer: z.ZodType, extra: Partial<ApiRoute> = {}, more: ApiRoute[] = []) {
  const route: ApiRoute = {
    method: 'get',
    path: '/api/things/{id}',
    service: 'bookings',
    tag: 'Things',
    summary: 'A thing',
    access: 'bookings',
    responses: { 200: { description: 'OK', schema: answer } },
    ...extra,
  };
  return buildOpenApi([[route, ...more]]);
}

describe('breaking changes between two OpenAPI documents', () => {
  const before = doc(z.object({ items: z.array(item), count: z.number().int() }));

  it('finds none in the same document, nor in additions', () => {
    assert.deepEqual(breakingChanges(before, before), []);
    const added = doc(z.object({ items: z.array(item), count: z.number().int(), more: z.boolean() }), {}, [
      {
        method: 'post',
        path: '/api/things',
        service: 'bookings',
        tag: 'Things',
        summary: 'New',
        access: 'bookings',
        responses: { 201: { description: 'Created', schema: item } },
      },
    ]);
    assert.deepEqual(breakingChanges(before, added), []);
  });

  it('reports a removed answer field, a changed type, a field made nullable and a removed call', () => {
    const after = doc(
      z.object({ items: z.array(z.object({ id: z.number() })), count: z.number().int().nullable() }),
    );
    const found = breakingChanges(before, after);
    assert.ok(
      found.includes('GET /api/things/{id} 200.items[].id: may now be number (was string)'),
      found.join('\n'),
    );
    assert.ok(
      found.includes('GET /api/things/{id} 200.items[].total: removed from the answer'),
      found.join('\n'),
    );
    assert.ok(
      found.includes('GET /api/things/{id} 200.count: may now be null (was number)'),
      found.join('\n'),
    );
    assert.deepEqual(breakingChanges(before, buildOpenApi([[]])), ['GET /api/things/{id}: removed']);
  });

  it('reports a request field newly required and a query parameter made required', () => {
    const old = doc(item, {
      method: 'post',
      body: z.object({ name: z.string(), note: z.string().optional() }),
    });
    const strict = doc(item, { method: 'post', body: z.object({ name: z.string(), note: z.string() }) });
    assert.deepEqual(breakingChanges(old, strict), [
      'POST /api/things/{id} body.note: newly required in the request',
    ]);
    const q1 = doc(item, { query: z.object({ q: z.string().optional() }) });
    const q2 = doc(item, { query: z.object({ q: z.string() }) });
    assert.deepEqual(breakingChanges(q1, q2), ['GET /api/things/{id}: query parameter q is newly required']);
  });
});

describe('path parameters', () => {
  it('a renamed path parameter is the same call; a different path is not', () => {
    const answer = z.object({ id: z.string() });
    const before = doc(answer);
    assert.deepEqual(breakingChanges(before, doc(answer, { path: '/api/things/{thingId}' })), []);
    assert.deepEqual(breakingChanges(before, doc(answer, { path: '/api/things/{id}/more' })), [
      'GET /api/things/{id}: removed',
    ]);
  });
});
