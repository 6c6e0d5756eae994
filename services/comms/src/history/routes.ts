/**
 * Email History, Send Email's recipients, bounces and the Mail preview: each call of the
 * contract's table one named handler in `handlers/`, served by the kit with the `comms` page key,
 * its parsed request and the request's transaction (issue 28 item 2).
 */
import { COMMS_ROUTES } from '@venue/contracts/comms';
import { serveOperations, type AppRouter } from '@venue/service-kit';
import type { CommsDeps } from '../deps.ts';
import { deleteBounce, getBounce } from './handlers/bounces.ts';
import { getHistoryEmail, listHistory } from './handlers/history.ts';
import { getMailPreview, getMailPreviewAttachment, listMailPreview } from './handlers/mail-preview.ts';
import { customerBookings, searchCustomers } from './handlers/recipients.ts';

const served = /^\/api\/email-comms\/(history|customers|bookings|bounces|mail-preview)/;

export function historyRoutes(router: AppRouter, deps: CommsDeps): void {
  serveOperations(
    router,
    COMMS_ROUTES.filter((r) => served.test(r.path)),
    [
      listHistory,
      getHistoryEmail,
      searchCustomers,
      customerBookings,
      getBounce,
      deleteBounce,
      listMailPreview(deps),
      getMailPreview,
      getMailPreviewAttachment,
    ],
  );
}
