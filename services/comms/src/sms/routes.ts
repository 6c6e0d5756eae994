/**
 * SMS (issue 26): sending and its cost preview, the settings the page reads, the opt-out list,
 * and the provider's two webhooks (replies and delivery receipts, their signed URL the guard).
 * Each call of the contract's table one named handler in `handlers/` (issue 28 item 2).
 */
import { COMMS_ROUTES } from '@venue/contracts/comms';
import { serveOperations, type AppRouter } from '@venue/service-kit';
import type { CommsDeps } from '../deps.ts';
import { deleteSmsOptOut, listSmsOptOuts, putSmsOptOut } from './handlers/opt-outs.ts';
import { getSmsSettings, postSms, postSmsInbound, previewSms } from './handlers/sms.ts';
import { postSmsStatus } from './handlers/status.ts';

export function smsRoutes(router: AppRouter, deps: CommsDeps): void {
  serveOperations(
    router,
    COMMS_ROUTES.filter((r) => r.path.startsWith('/api/email-comms/sms')),
    [
      postSms(deps),
      previewSms(deps),
      getSmsSettings(deps),
      listSmsOptOuts,
      putSmsOptOut(deps),
      deleteSmsOptOut,
      postSmsInbound(deps),
      postSmsStatus(deps),
    ],
  );
}
