/**
 * From name and Reply-To per venue: the business name and e-mail of admin's Payments → business
 * details. Not part of admin's settings snapshot, so the worker (never a request) asks admin's
 * internal endpoint and keeps the answer in `tenant_senders` for ten minutes; when admin cannot
 * be reached it uses what it kept, else sends as "VenueDesk" without Reply-To (decision 29).
 */
import { INTERNAL_AUTH_HEADER } from '@venue/contracts';
import { internalSecret, serviceUrl, type ServiceKit } from '@venue/service-kit';
import type { CommsDeps } from '../deps.ts';

export interface Sender {
  businessName: string;
  businessEmail: string;
}

const FRESH_MS = 10 * 60_000;

export async function senderFor(kit: ServiceKit, deps: CommsDeps, tenantId: string): Promise<Sender> {
  const kept = await kit.db.tenantTx(tenantId, (tx) =>
    tx.query<{ business_name: string; business_email: string; fetched_at: Date | string }>(
      `SELECT business_name, business_email, fetched_at FROM tenant_senders WHERE tenant_id = $1`,
      [tenantId],
    ),
  );
  const row = kept.rows[0];
  if (row && deps.now().getTime() - new Date(row.fetched_at).getTime() < FRESH_MS)
    return { businessName: row.business_name, businessEmail: row.business_email };
  let fresh: Sender | null = null;
  try {
    fresh = await deps.fetchSender(tenantId);
  } catch (err) {
    kit.log.warn({ err, tenantId }, 'business details unavailable; using the kept ones');
  }
  if (!fresh)
    return row
      ? { businessName: row.business_name, businessEmail: row.business_email }
      : { businessName: '', businessEmail: '' };
  await kit.db.tenantTx(tenantId, (tx) =>
    tx.query(
      `INSERT INTO tenant_senders (tenant_id, business_name, business_email, fetched_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (tenant_id) DO UPDATE SET business_name = EXCLUDED.business_name,
              business_email = EXCLUDED.business_email, fetched_at = EXCLUDED.fetched_at`,
      [tenantId, fresh.businessName, fresh.businessEmail, deps.now().toISOString()],
    ),
  );
  return fresh;
}

/** Admin's `GET /internal/tenant-settings/:tenantId` → its business details. */
export async function fetchSenderFromAdmin(tenantId: string): Promise<Sender | null> {
  const res = await fetch(`${serviceUrl('admin')}/internal/tenant-settings/${tenantId}`, {
    headers: { [INTERNAL_AUTH_HEADER]: internalSecret() },
    signal: AbortSignal.timeout(5_000),
  });
  if (!res.ok) return null;
  const body = (await res.json()) as { business?: { businessName?: unknown; businessEmail?: unknown } };
  const name = typeof body.business?.businessName === 'string' ? body.business.businessName.trim() : '';
  const email = typeof body.business?.businessEmail === 'string' ? body.business.businessEmail.trim() : '';
  return { businessName: name.slice(0, 200), businessEmail: email.slice(0, 254) };
}
