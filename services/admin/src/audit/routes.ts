/**
 * The Audit Log (spec 01 §7): each call of the contract's table a named handler in `handlers/`
 * (`serveOperations`, issue 28 item 2).
 */
import { ADMIN_ROUTES } from '@venue/contracts/admin';
import { serveOperations, type AppRouter } from '@venue/service-kit';
import { exportAuditCsv } from './handlers/export-csv.ts';
import { listAuditActions, listAuditTargetTypes } from './handlers/filters.ts';
import { listAudit } from './handlers/list.ts';
import { getAuditStats } from './handlers/stats.ts';
import { verifyAudit } from './handlers/verify.ts';

const AUDIT_ROUTES = ADMIN_ROUTES.filter((r) => r.path.startsWith('/api/audit'));

export function auditRoutes(router: AppRouter): void {
  serveOperations(router, AUDIT_ROUTES, [
    listAudit,
    getAuditStats,
    listAuditActions,
    listAuditTargetTypes,
    exportAuditCsv,
    verifyAudit,
  ]);
}
