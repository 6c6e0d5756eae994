import { SERVICES, type UserSettings } from '@venue/contracts';
import { tenantExportPartSchema } from '@venue/contracts/internal';
import { callService, InternalCallError, kyselyOf, type Tx } from '@venue/service-kit';
import type { AdminDb } from '../db/schema.ts';
import { readSettings } from '../settings/settings-store.ts';
import { readAllSections } from '../settings/tenant-settings-store.ts';

/** Deliveries exported per webhook: the newest of its delivery log. */
export const EXPORTED_DELIVERIES_PER_WEBHOOK = 100;

/**
 * The venue's webhooks (issue 26) as their owner set them up, each with its newest deliveries.
 * The columns are named one by one so the signing secrets (current and previous, sealed) are not
 * even read: a data export is a file that travels, and a secret in it could sign events as
 * VenueDesk. The deliveries are bounded (100 per webhook, newest first, of the 30 days kept) and
 * carry no body or attempts: the bodies are the bookings, invoices and quotations the other
 * services' parts already hold, and with 20 webhooks the answers alone could make the file tens
 * of megabytes.
 */
async function webhooksExport(tx: Tx, tenantId: string) {
  const q = kyselyOf<AdminDb>(tx);
  const hooks = await q
    .selectFrom('webhooks')
    .select([
      'id',
      'url',
      'description',
      'events',
      'status',
      'disabled_at as disabledAt',
      'disabled_reason as disabledReason',
      'failing_since as failingSince',
      'last_success_at as lastSuccessAt',
      'secret_created_at as secretCreatedAt',
      'created_by as createdBy',
      'created_at as createdAt',
      'updated_at as updatedAt',
    ])
    .where('tenant_id', '=', tenantId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const exported = [];
  // at most 20 webhooks a venue, each one read of the log's own index
  for (const hook of hooks) {
    const deliveries = await q
      .selectFrom('webhook_deliveries')
      .select([
        'id',
        'event_id as eventId',
        'type',
        'state',
        'attempt_count as attemptCount',
        'created_at as createdAt',
        'next_attempt_at as nextAttemptAt',
        'delivered_at as deliveredAt',
        'last_status_code as lastStatusCode',
      ])
      .where('tenant_id', '=', tenantId)
      .where('webhook_id', '=', hook.id)
      .orderBy('seq', 'desc')
      .limit(EXPORTED_DELIVERIES_PER_WEBHOOK)
      .execute();
    exported.push({ ...hook, events: [...hook.events], recentDeliveries: deliveries });
  }
  return exported;
}

/**
 * Everything admin holds for one tenant: accounts (never password hashes), settings, the
 * audit trail, profile pictures and webhooks (never their secrets). Runs in a transaction that
 * can see the tenant's rows.
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
    webhooks: await webhooksExport(tx, tenantId),
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
