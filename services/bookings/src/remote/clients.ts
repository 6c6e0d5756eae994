/**
 * What bookings asks the catalogue for, as small functions the tests replace: resources it
 * has no copy of yet, and price quotes. Callers make these calls before opening their
 * transaction. (Tenant settings are not asked for: bookings keeps a copy, tenant-settings.ts.)
 */
import { INTERNAL_AUTH_HEADER } from '@venue/contracts';
import { internalSecret, serviceUrl } from '@venue/service-kit';

export type { TenantSettings } from './tenant-settings.ts';

export interface CatalogueResource {
  id: string;
  name: string;
  capacity: number;
  status: string;
  setupBufferMinutes: number;
  packdownBufferMinutes: number;
  applyBuffers: boolean;
}

export interface QuoteRequest {
  resourceId: string;
  date: string;
  startTime: string;
  endTime: string;
  addOnIds?: string[];
  addOns?: { id: string; quantity: number }[];
}

export interface PriceQuote {
  calculatedPriceCents: number;
  addOns?: { id: string; name: string; quantity: number; priceCents: number }[];
  [k: string]: unknown;
}

export interface BookingClients {
  /** Every resource of the tenant; null when the catalogue is unreachable. */
  resources(tenantId: string): Promise<CatalogueResource[] | null>;
  /** null when the catalogue is unreachable or refuses. */
  priceQuote(tenantId: string, req: QuoteRequest): Promise<PriceQuote | null>;
}

const TIMEOUT_MS = 3000;

async function internalFetch(url: string, init: RequestInit = {}): Promise<Response> {
  return fetch(url, {
    ...init,
    headers: {
      'content-type': 'application/json',
      [INTERNAL_AUTH_HEADER]: internalSecret(),
      ...(init.headers ?? {}),
    },
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
}

const num = (v: unknown, d: number) => (typeof v === 'number' && Number.isFinite(v) ? v : d);

export function toResource(r: Record<string, unknown>): CatalogueResource {
  return {
    id: String(r.id),
    name: String(r.name ?? ''),
    capacity: num(r.capacity, 0),
    status: String(r.status ?? 'active'),
    setupBufferMinutes: num(r.setupBufferMinutes, 0),
    packdownBufferMinutes: num(r.packdownBufferMinutes, 0),
    applyBuffers: r.applyBuffers !== false,
  };
}

export function httpClients(log: { warn: (o: object, m: string) => void }): BookingClients {
  return {
    async resources(tenantId) {
      try {
        const res = await internalFetch(`${serviceUrl('catalogue')}/internal/resources/${tenantId}`);
        if (!res.ok) throw new Error(`catalogue answered ${res.status}`);
        const body = (await res.json()) as unknown;
        const list = Array.isArray(body) ? body : ((body as { resources?: unknown[] }).resources ?? []);
        return (list as Record<string, unknown>[]).map(toResource);
      } catch (err) {
        log.warn({ err: String(err), tenantId }, 'catalogue resources unavailable');
        return null;
      }
    },
    async priceQuote(tenantId, req) {
      try {
        const res = await internalFetch(`${serviceUrl('catalogue')}/internal/price-quote`, {
          method: 'POST',
          body: JSON.stringify({ ...req, tenantId }),
        });
        if (!res.ok) throw new Error(`catalogue answered ${res.status}`);
        return (await res.json()) as PriceQuote;
      } catch (err) {
        log.warn({ err: String(err), tenantId }, 'price quote unavailable');
        return null;
      }
    },
  };
}
