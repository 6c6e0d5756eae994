/** Data & privacy: each call of the contract's table a named handler in `handlers/privacy.ts` (issue 28 item 2). */
import { ADMIN_ROUTES } from '@venue/contracts/admin';
import { serveOperations, type AppRouter } from '@venue/service-kit';
import { getTenantExport, postEraseCustomer } from './handlers/privacy.ts';

export function privacyRoutes(router: AppRouter): void {
  serveOperations(
    router,
    ADMIN_ROUTES.filter((r) => r.path.startsWith('/api/tenant-settings/privacy/')),
    [getTenantExport, postEraseCustomer],
  );
}
