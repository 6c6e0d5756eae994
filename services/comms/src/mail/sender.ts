/**
 * From name and Reply-To per venue: the business name and e-mail of admin's Payments → business
 * details. Not part of admin's settings snapshot, so the worker (never a request) asks admin's
 * internal endpoint and keeps the answer in `tenant_senders` for ten minutes; when admin cannot
 * be reached it uses what it kept, else sends as "VenueDesk" without Reply-To (decision 29).
 */
import { z } from 'zod';
import { callService, type ServiceKit } from '@venue/service-kit';
import { db } from '../db/query.ts';
import type { CommsDeps } from '../deps.ts';

export interface Sender {
  businessName: string;
  businessEmail: string;
}

const FRESH_MS = 10 * 60_000;

/**
 * What this service last kept per venue, with when it was fetched: within the ten minutes the
 * table's row says the same, so a message needs no transaction to learn it (issue 27: one per
 * e-mail). Per service instance (several share a process in tests and in `npm start`); bounded
 * by the number of venues, cleared past the cap.
 */
const recentOf = new WeakMap<ServiceKit, Map<string, { sender: Sender; fetchedAt: number }>>();
const MAX_RECENT = 10_000;

function recentFor(kit: ServiceKit) {
  let recent = recentOf.get(kit);
  if (!recent) recentOf.set(kit, (recent = new Map()));
  return recent;
}

export async function senderFor(kit: ServiceKit, deps: CommsDeps, tenantId: string): Promise<Sender> {
  const recent = recentFor(kit);
  const remember = (sender: Sender, fetchedAt: number): Sender => {
    if (recent.size >= MAX_RECENT) recent.clear();
    recent.set(tenantId, { sender, fetchedAt });
    return sender;
  };
  const known = recent.get(tenantId);
  if (known && deps.now().getTime() - known.fetchedAt < FRESH_MS) return known.sender;
  const row = await kit.db.tenantTx(tenantId, (tx) =>
    db(tx)
      .selectFrom('tenant_senders')
      .select(['business_name', 'business_email', 'fetched_at'])
      .where('tenant_id', '=', tenantId)
      .executeTakeFirst(),
  );
  if (row && deps.now().getTime() - new Date(row.fetched_at).getTime() < FRESH_MS)
    return remember(
      { businessName: row.business_name, businessEmail: row.business_email },
      new Date(row.fetched_at).getTime(),
    );
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
    db(tx)
      .insertInto('tenant_senders')
      .values({
        tenant_id: tenantId,
        business_name: fresh.businessName,
        business_email: fresh.businessEmail,
        fetched_at: deps.now().toISOString(),
      })
      .onConflict((oc) =>
        oc.column('tenant_id').doUpdateSet((eb) => ({
          business_name: eb.ref('excluded.business_name'),
          business_email: eb.ref('excluded.business_email'),
          fetched_at: eb.ref('excluded.fetched_at'),
        })),
      )
      .execute(),
  );
  return remember(fresh, deps.now().getTime());
}

/** What comms reads of admin's `GET /internal/tenant-settings/:tenantId`: the business details. */
const adminBusiness = z.object({
  business: z.object({ businessName: z.unknown(), businessEmail: z.unknown() }).partial().nullish(),
});

/**
 * Admin's business details through the kit's internal client (secret, request id, timeout,
 * retries of this GET, failures mapped once); a failure is the caller's to log, keeping the
 * details it has.
 */
export async function fetchSenderFromAdmin(tenantId: string): Promise<Sender | null> {
  const { business } = await callService({
    service: 'admin',
    path: `/internal/tenant-settings/${tenantId}`,
    response: adminBusiness,
    timeoutMs: 5_000,
  });
  const name = typeof business?.businessName === 'string' ? business.businessName.trim() : '';
  const email = typeof business?.businessEmail === 'string' ? business.businessEmail.trim() : '';
  return { businessName: name.slice(0, 200), businessEmail: email.slice(0, 254) };
}
