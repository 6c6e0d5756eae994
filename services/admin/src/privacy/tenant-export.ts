import { SERVICES, type UserSettings } from '@venue/contracts';
import { tenantExportPartSchema } from '@venue/contracts/internal';
import { callService, InternalCallError, kyselyOf, type Tx } from '@venue/service-kit';
import type { AdminDb } from '../db/schema.ts';
import { readSettings } from '../settings/settings-store.ts';
import { readAllSections } from '../settings/tenant-settings-store.ts';

/**
 * Everything admin holds for one tenant: accounts (never password hashes), settings, the
 * audit trail and profile pictures. Runs in a transaction that can see the tenant's rows.
 */
export async function adminTenantExport(tx: Tx, tenantId: string) {
  const q = kyselyOf<AdminDb>(tx);
  const users = await q
    .selectFrom('users')
    .select([
      'id',
      'email',
      'role',
      'name',
      'hall_name as hallName',
      'contact_number as contactNumber',
      'address_line1 as addressLine1',
      'address_line2 as addressLine2',
      'postcode',
      'state',
      'parent_user_id as parentUserId',
      'permissions',
      'status',
      'profile_picture as profilePicture',
      'created_at as createdAt',
      'updated_at as updatedAt',
      'deleted_at as deletedAt',
    ])
    .where('tenant_id', '=', tenantId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const general: UserSettings = await readSettings(tx, tenantId);
  const audit = await q
    .selectFrom('audit_log')
    .select([
      'id',
      'seq',
      'occurred_at as timestamp',
      'source',
      'actor_id as userId',
      'actor_email as userEmail',
      'actor_role as userRole',
      'action',
      'target_type as targetType',
      'target',
      'target_label as targetLabel',
      'ip_address as ipAddress',
      'additional_info as additionalInfo',
      'changes',
      'hash',
    ])
    .where('tenant_id', '=', tenantId)
    .orderBy('seq')
    .execute();
  const pictures = await q
    .selectFrom('profile_pictures')
    .select(['id', 'user_id as userId', 'data', 'created_at as createdAt'])
    .where('tenant_id', '=', tenantId)
    .execute();
  return {
    users,
    settings: { general, ...(await readAllSections(tx, tenantId)) },
    auditLog: audit.map((r) => ({
      ...r,
      changes: typeof r.changes === 'string' ? JSON.parse(r.changes) : r.changes,
    })),
    profilePictures: pictures.map((p) => ({
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
