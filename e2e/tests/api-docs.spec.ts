import { test, expect } from '@playwright/test';

/**
 * The API reference (issue 10 item 2): /api/docs renders in the browser from this origin alone,
 * lists every call of /api/openapi.json, and loads nothing from elsewhere.
 */
test('the API reference renders every call of the OpenAPI document, same origin only', async ({
  page,
  request,
  baseURL,
}) => {
  const origin = new URL(baseURL ?? 'http://localhost:8080').origin;
  const doc = (await (await request.get('/api/openapi.json')).json()) as {
    openapi: string;
    paths: Record<string, Record<string, unknown>>;
  };
  expect(doc.openapi).toBe('3.1.0');
  const calls = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.keys(ops).map((method) => ({ method: method.toUpperCase(), path })),
  );
  const elsewhere: string[] = [];
  const errors: string[] = [];
  page.on('request', (r) => {
    if (!r.url().startsWith('data:') && new URL(r.url()).origin !== origin) elsewhere.push(r.url());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  await page.goto('/api/docs');
  // Swagger UI replaces the server-rendered list with its own, one block per operation.
  await expect(page.locator('.swagger-ui .opblock')).toHaveCount(calls.length);
  for (const { method, path } of [
    { method: 'GET', path: '/api/bookings/{id}' },
    { method: 'POST', path: '/api/bookings/admin' },
    { method: 'GET', path: '/api/resources' },
    { method: 'POST', path: '/api/login' },
  ]) {
    const block = page.locator('.opblock', { has: page.locator(`[data-path="${path}"]`) }).filter({
      has: page.locator('.opblock-summary-method', { hasText: method }),
    });
    await expect(block).toHaveCount(1);
  }
  expect(elsewhere).toEqual([]);
  expect(errors).toEqual([]);
});
