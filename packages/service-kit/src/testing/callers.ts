/**
 * Calling a service as the gateway would for the two callers that are not staff (decision 56):
 * a visitor of a venue's public page and a signed-in customer. The headers are signed with the
 * process's INTERNAL_SECRET (set by `testKeys()`), exactly as the gateway signs them.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import {
  CUSTOMER_ACCESS_TOKEN_TTL_SECONDS,
  CUSTOMER_HEADER,
  CUSTOMER_SIGNATURE_HEADER,
  VISITOR_HEADER,
  VISITOR_SIGNATURE_HEADER,
  type CustomerPrincipal,
} from '@venue/contracts';
import { encodeCustomer, encodeVisitor } from '../auth/callers.ts';
import { internalSecret } from '../auth/tokens.ts';
import { CUSTOMER_EMAIL_SETTING } from '../db/customer-policy.ts';
import type { ServiceKit } from '../kit.ts';

/** The signed visitor headers of the venue `tenantId` at `slug` (address 203.0.113.7 unless given). */
export function visitorHeaders(
  tenantId: string,
  slug: string,
  address = '203.0.113.7',
): Record<string, string> {
  const { value, signature } = encodeVisitor({ tenantId, slug, address }, internalSecret());
  return { [VISITOR_HEADER]: value, [VISITOR_SIGNATURE_HEADER]: signature };
}

export interface CustomerHeadersOptions {
  tenantId: string;
  email: string;
  /** Default: a fresh uuid (a service never looks customers up by id, admin aside). */
  customerId?: string;
  sessionId?: string;
  /** Expiry in seconds since the epoch (default: a customer access token's lifetime from now). */
  exp?: number;
}

/** The customer a `customerHeaders` call signs (lower-cased e-mail), for assertions. */
export function testCustomer(o: CustomerHeadersOptions): CustomerPrincipal {
  return {
    customerId: o.customerId ?? randomUUID(),
    tenantId: o.tenantId,
    email: o.email.trim().toLowerCase(),
    sessionId: o.sessionId ?? randomUUID(),
    exp: o.exp ?? Math.floor(Date.now() / 1000) + CUSTOMER_ACCESS_TOKEN_TTL_SECONDS,
  };
}

/** The signed customer headers for the customer `email` of the venue `tenantId`. */
export function customerHeaders(o: CustomerHeadersOptions): Record<string, string> {
  const { value, signature } = encodeCustomer(testCustomer(o), internalSecret());
  return { [CUSTOMER_HEADER]: value, [CUSTOMER_SIGNATURE_HEADER]: signature };
}

/**
 * The customer-facing `table` of the service has the kit's restrictive customer policy (or one
 * of its own that compares `app.customer_email`), and row-level security is forced on it.
 */
export async function assertCustomerPolicy(kit: ServiceKit, table: string): Promise<void> {
  const { rows } = await kit.db.query<{ permissive: string; qual: string | null; forced: boolean }>(
    `SELECT p.polpermissive::text AS permissive, pg_get_expr(p.polqual, p.polrelid) AS qual,
            c.relforcerowsecurity AS forced
       FROM pg_policy p
       JOIN pg_class c ON c.oid = p.polrelid
       JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = $1 AND c.relname = $2`,
    [kit.db.schema, table],
  );
  const customer = rows.filter(
    (r) =>
      (r.permissive === 'false' || r.permissive === 'f') && (r.qual ?? '').includes(CUSTOMER_EMAIL_SETTING),
  );
  assert.ok(customer.length > 0, `${table} has no restrictive policy comparing ${CUSTOMER_EMAIL_SETTING}`);
  assert.ok(rows[0]?.forced, `${table} does not force row-level security`);
}

/** Who calls a route, by its path (decision 56): a venue's visitor, a customer, staff or a service. */
export type CallerKind = 'visitor' | 'customer' | 'staff' | 'internal' | 'other';

/** The kind of caller a route path (`/api/public/venues/:slug/logo`, OpenAPI or router form) takes. */
export function callerKindOf(path: string): CallerKind {
  if (path.startsWith('/api/public/venues/')) return 'visitor';
  if (path.startsWith('/api/portal/')) return 'customer';
  if (path.startsWith('/internal/')) return 'internal';
  if (path.startsWith('/api/')) return 'staff';
  return 'other';
}
