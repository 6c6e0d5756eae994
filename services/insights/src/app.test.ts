import { describeUnbuiltArea } from '@venue/service-kit/testing';
import { insightsService } from './app.ts';

describeUnbuiltArea(insightsService, [
  {
    path: '/api/reports/executive-kpis?hallOwnerId={owner}',
    message: 'Reports is not available yet.',
    namesOwner: true,
  },
]);
