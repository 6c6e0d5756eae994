import { describeUnbuiltArea } from '@venue/service-kit/testing';
import { commsService } from './app.ts';

describeUnbuiltArea(commsService, [
  { path: '/api/email-templates', message: 'Email templates is not available yet.' },
  { path: '/api/email-comms/history', message: 'Email history is not available yet.' },
]);
