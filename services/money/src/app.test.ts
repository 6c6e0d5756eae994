import { describeUnbuiltArea } from '@venue/service-kit/testing';
import { moneyService } from './app.ts';

describeUnbuiltArea(moneyService, [
  { path: '/api/invoices/hall-owner/{owner}', message: 'Invoices is not available yet.', namesOwner: true },
  { path: '/api/payments/hall-owner/{owner}', message: 'Payments is not available yet.', namesOwner: true },
  { path: '/api/quotations/my-quotations', message: 'Quotations is not available yet.' },
]);
