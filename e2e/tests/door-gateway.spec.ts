import { test, expect } from '@playwright/test';
import { apiToken } from './helpers.ts';

/**
 * The customer's door at the gateway, on a freshly started product (issue 25, decision 56): the
 * demo venues' pages are open at their slugs with their halls taking requests (admin's seed and
 * the demo seed), an unknown venue is a 404 before any service, the light app is served at
 * /book/<slug> (framable by any site) and /my (never framed), the portal sign-in answers the same
 * words for anyone, and the portal and staff doors each refuse the other's token.
 */
test('the demo venues are open at their slugs; the gateway serves the light app and keeps the doors apart', async ({
  request,
  page,
}) => {
  const { token } = await apiToken(request, 'owner@demo.local');
  const setting = await (
    await request.get('/api/settings/online-bookings', { headers: { authorization: `Bearer ${token}` } })
  ).json();
  expect(setting.slug).toBe('harbourside-hall');
  expect(setting.enabled).toBe(true);
  const halls = await (
    await request.get('/api/resources', { headers: { authorization: `Bearer ${token}` } })
  ).json();
  // the spaces listed are the venue's own (other specs of the suite add, archive and list halls,
  // so which ones are listed at this point depends on the order the suite runs in)
  const hallIds = halls.map((h: { id: string }) => h.id);
  for (const id of setting.resourceIds) expect(hallIds).toContain(id);

  const unknown = await request.get('/api/public/venues/no-such-venue');
  expect(unknown.status()).toBe(404);
  expect((await unknown.json()).message).toBe('This venue does not take online bookings.');
  for (const email of ['someone@example.test', 'owner@demo.local']) {
    const link = await request.post('/api/public/venues/harbourside-hall/portal-link', { data: { email } });
    expect(link.status()).toBe(202);
    expect((await link.json()).message).toMatch(/a link is on its way/);
  }
  // A staff token at the portal door, and no customer token at all: sign in again.
  const staffAtPortal = await request.get('/api/portal/me', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(staffAtPortal.status()).toBe(401);

  const book = await page.goto('/book/harbourside-hall');
  expect(book?.status()).toBe(200);
  expect(book?.headers()['content-security-policy']).toContain('frame-ancestors *');
  expect(book?.headers()['x-frame-options']).toBeUndefined();
  const my = await page.goto('/my');
  expect(my?.status()).toBe(200);
  expect(my?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(my?.headers()['x-frame-options']).toBe('DENY');
  const embed = await request.get('/book/embed.js');
  expect(embed.status()).toBe(200);
  expect(embed.headers()['cross-origin-resource-policy']).toBe('cross-origin');
});
