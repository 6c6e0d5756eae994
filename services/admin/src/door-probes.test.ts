/** The generated probes of the customer's door (packages/service-kit/src/testing/door-probes.ts) on admin. */
import { ADMIN_ROUTES } from '@venue/contracts/admin';
import { describeDoorProbes, startTestService, testKeys } from '@venue/service-kit/testing';
import { adminService } from './app.ts';
import { DEMO_EMAILS, DEMO_SLUGS } from './demo/seed.ts';
import { login } from './testing/harness.ts';

describeDoorProbes('admin', async () => {
  await testKeys();
  delete process.env.SEED_DEMO;
  const t = await startTestService(adminService);
  const [owner, owner2] = await Promise.all([login(t, DEMO_EMAILS.owner), login(t, DEMO_EMAILS.owner2)]);
  return {
    t,
    table: ADMIN_ROUTES,
    token: owner.token,
    venue: { tenantId: owner.userId, slug: DEMO_SLUGS.owner },
    otherVenue: { tenantId: owner2.userId, slug: DEMO_SLUGS.owner2 },
    customer: { tenantId: owner.userId, email: 'probe-customer@example.test' },
    // Path parameters of the staff routes (they must refuse customers and visitors before using them).
    params: {
      id: owner2.userId,
      userId: owner.userId,
      parentUserId: owner.userId,
      file: 'x.webp',
      deliveryId: owner2.userId,
    },
    bodies: { 'POST /api/public/venues/:slug/portal-link': { email: 'probe-customer@example.test' } },
    // Sign-in bookkeeping of the staff sessions above.
    volatileTables: ['login_attempts', 'refresh_tokens', 'sessions'],
  };
});
