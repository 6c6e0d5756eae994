/** The generated hostile-input suite (packages/service-kit/src/testing/hostile.ts) on insights. */
import { describeHostileInput, ownerOnlySetup, settingsChangedEvent } from '@venue/service-kit/testing';
import { insightsService } from './app.ts';

// hallOwnerId is the tenant guard's (a value other than the caller's own is a 403 before parsing).
const dashboardQuery = ['resourceId', 'date', 'status'];
// The Reports calls' query (hallOwnerId as above).
const reportsQuery = ['period', 'segments', 'months', 'periods', 'resourceId'];

describeHostileInput('insights', async () => {
  const s = await ownerOnlySetup(insightsService);
  // The venue's settings have arrived, so answers get past the 503 of a tenant without them.
  await s.t.kit.handleEvent(settingsChangedEvent(s.tenantId, 1));
  s.table.params = {
    key: `doc:${'0a000000-0000-4000-8000-000000000001'}`,
    // a schedule id (none stored: the valid cases answer 404, the invalid ones 400 first)
    id: '0f000000-0000-4000-8000-000000000001',
    hallOwnerId: s.tenantId,
  };
  // Schedule Email: recipients are a comma-separated string or a list, on purpose.
  s.table.bodies['POST /api/reports/schedules'] = { frequency: 'weekly', recipients: 'owner@example.com' };
  s.table.bodies['PATCH /api/reports/schedules/:id'] = { recipients: 'owner@example.com' };
  s.table.lenient = {
    ...s.table.lenient,
    'POST /api/reports/schedules': ['recipients'],
    'PATCH /api/reports/schedules/:id': ['recipients'],
  };
  s.table.noBody.push('POST /api/dashboard/alerts/:key/resolve', 'POST /api/dashboard/alerts/:key/dismiss');
  s.table.skip = {
    'POST /internal/rebuild/:tenantId':
      'reads nothing but the tenant id (a non-uuid is a 404) and calls the owners: rebuild/rebuild.test.ts',
  };
  s.table.queries = {
    ...Object.fromEntries(
      ['stats', 'schedule', 'payments-due', 'holds-expiring', 'activity', 'resources', 'alerts'].map((p) => [
        `GET /api/dashboard/${p}`,
        dashboardQuery,
      ]),
    ),
    ...Object.fromEntries(
      [
        'executive-kpis',
        'historical-data',
        'pipeline-data',
        'funnel-data',
        'payment-analysis',
        'resource-utilisation',
        'cancellation-reasons',
        'forecast',
        'summary',
      ].map((p) => [`GET /api/reports/${p}`, reportsQuery]),
    ),
    'GET /api/reports/export/pdf': ['period', 'segments'],
    'GET /api/reports/export/zip': ['period', 'segments'],
    'GET /internal/reports/:hallOwnerId/pdf': ['period', 'segments'],
  };
  return s;
});
