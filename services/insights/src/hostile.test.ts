/** The generated hostile-input suite (packages/service-kit/src/testing/hostile.ts) on insights. */
import { describeHostileInput, ownerOnlySetup, settingsChangedEvent } from '@venue/service-kit/testing';
import { insightsService } from './app.ts';

// hallOwnerId is the tenant guard's (a value other than the caller's own is a 403 before parsing).
const dashboardQuery = ['resourceId', 'date', 'status'];

describeHostileInput('insights', async () => {
  const s = await ownerOnlySetup(insightsService);
  // The venue's settings have arrived, so answers get past the 503 of a tenant without them.
  await s.t.kit.handleEvent(settingsChangedEvent(s.tenantId, 1));
  s.table.params = { key: `doc:${'0a000000-0000-4000-8000-000000000001'}` };
  s.table.noBody.push('POST /api/dashboard/alerts/:key/resolve', 'POST /api/dashboard/alerts/:key/dismiss');
  s.table.skip = {
    'POST /internal/rebuild/:tenantId':
      'reads nothing but the tenant id (a non-uuid is a 404) and calls the owners: rebuild/rebuild.test.ts',
  };
  s.table.queries = Object.fromEntries(
    ['stats', 'schedule', 'payments-due', 'holds-expiring', 'activity', 'resources', 'alerts'].map((p) => [
      `GET /api/dashboard/${p}`,
      dashboardQuery,
    ]),
  );
  return s;
});
