/**
 * Sending (spec 02 §2.10, §2.12; issue 12 items 3 and 7): Send Email (the quick e-mail and the
 * pay link among it) and reminders from Bookings → Confirmed, one named handler each in
 * `handlers/`, served by the kit from the contract's table (issue 28 item 2).
 */
import { COMMS_ROUTES } from '@venue/contracts/comms';
import { serveOperations, type AppRouter } from '@venue/service-kit';
import type { CommsDeps } from '../deps.ts';
import { postReminders } from './handlers/reminders.ts';
import { postSendEmail } from './handlers/send-email.ts';

export function sendRoutes(router: AppRouter, deps: CommsDeps): void {
  serveOperations(
    router,
    COMMS_ROUTES.filter((r) => /^\/api\/email-comms\/(send|reminders)$/.test(r.path)),
    [postSendEmail(deps), postReminders(deps)],
  );
}
