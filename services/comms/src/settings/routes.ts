/** The Automatic e-mails settings: the table's two calls, one named handler each (handlers/settings.ts). */
import { COMMS_ROUTES } from '@venue/contracts/comms';
import { serveOperations, type AppRouter } from '@venue/service-kit';
import { getCommsSettings, putCommsSettings } from './handlers/settings.ts';

export function settingsRoutes(router: AppRouter): void {
  serveOperations(
    router,
    COMMS_ROUTES.filter((r) => r.path === '/api/email-comms/settings'),
    [getCommsSettings, putCommsSettings],
  );
}
