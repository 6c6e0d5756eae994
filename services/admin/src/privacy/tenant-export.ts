import { SERVICES, type UserSettings } from '@venue/contracts';
import { tenantExportPartSchema } from '@venue/contracts/internal';
import { callService, InternalCallError, type Tx } from '@venue/service-kit';
import { readSettings } from '../settings/settings-store.ts';
import { readAllSections } from '../settings/tenant-settings-store.ts';

/**
 * Everything admin holds for one tenant: accounts (never password hashes), settings, the
 * audit trail and profile pictures. Runs in a transaction that can see the tenant's rows.
 */
export async function adminTenantExport(tx: Tx, tenantId: string) {
  const users = await tx.query(
    `SELECT id, email, role, name, hall_name AS "hallName", contact_number AS "contactNumber",
            address_line1 AS "addressLine1", address_line2 AS "addressLine2", postcode, state,
            parent_user_id AS "parentUserId", permissions, status, profile_picture AS "profilePicture",
            created_at AS "createdAt", updated_at AS "updatedAt", deleted_at AS "deletedAt"
       FROM users WHERE tenant_id = $1 ORDER BY created_at, id`,
    [tenantId],
  );
  const general: UserSettings = await readSettings(tx, tenantId);
  const audit = await tx.query(
    `SELECT id, seq, occurred_at AS "timestamp", source, actor_id AS "userId", actor_email AS "userEmail",
            actor_role AS "userRole", action, target_type AS "targetType", target, target_label AS "targetLabel",
            ip_address AS "ipAddress",
            additional_info AS "additionalInfo", changes, hash
       FROM audit_log WHERE tenant_id = $1 ORDER BY seq`,
    [tenantId],
  );
  const pictures = await tx.query<{ id: string; userId: string; data: Uint8Array; createdAt: Date }>(
    `SELECT id, user_id AS "userId", data, created_at AS "createdAt" FROM profile_pictures WHERE tenant_id = $1`,
    [tenantId],
  );
  return {
    users: users.rows,
    settings: { general, ...(await readAllSections(tx, tenantId)) },
    auditLog: audit.rows.map((r) => ({
      ...r,
      changes: typeof r.changes === 'string' ? JSON.parse(r.changes) : r.changes,
    })),
    profilePictures: pictures.rows.map((p) => ({
      id: p.id,
      userId: p.userId,
      createdAt: p.createdAt,
      mimeType: 'image/webp',
      base64: Buffer.from(p.data).toString('base64'),
    })),
  };
}

export interface ServiceExport {
  status: 'included' | 'no-export-endpoint' | 'unavailable';
  note?: string;
  data?: unknown;
}

/** Asks one other service for its part of the export (15 s budget). */
async function fetchServiceExport(name: string, tenantId: string): Promise<ServiceExport> {
  try {
    const data = await callService({
      service: name,
      path: `/internal/tenant-export/${encodeURIComponent(tenantId)}`,
      response: tenantExportPartSchema,
      timeoutMs: 15_000,
      retries: 1,
    });
    return { status: 'included', data };
  } catch (err) {
    if (!(err instanceof InternalCallError)) throw err;
    if (err.status === 404)
      return { status: 'no-export-endpoint', note: `${name} has no tenant data export yet.` };
    const note =
      err.kind === 'status'
        ? `${name} answered ${err.status}.`
        : err.kind === 'invalid'
          ? `${name} sent an export that is not JSON.`
          : `Could not reach ${name}: ${err.message}`;
    return { status: 'unavailable', note };
  }
}

/**
 * Every other service's part of a tenant export, asked in parallel. A service that is down is
 * reported as `unavailable` (the export is then incomplete) rather than failing the export, so
 * the owner still gets what exists and can see what is missing.
 */
export async function fetchOtherServices(tenantId: string): Promise<Record<string, ServiceExport>> {
  const others = SERVICES.map((s) => s.name).filter((n) => n !== 'admin');
  const parts = await Promise.all(others.map((n) => fetchServiceExport(n, tenantId)));
  return Object.fromEntries(others.map((n, i) => [n, parts[i]!]));
}
