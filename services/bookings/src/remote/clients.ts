/**
 * What bookings needs from the other services, as small functions the tests replace:
 * tenant settings from admin, resources and price quotes from the catalogue.
 */
import { INTERNAL_AUTH_HEADER } from '@venue/contracts';
import { internalSecret, serviceUrl } from '@venue/service-kit';
import { DEFAULT_TIMEZONE } from '../shared/time.ts';

export interface TenantSettings {
  timezone: string;
  taxRatePercent: number;
  holdExpiryHours: number;
  setupBufferMinutes: number;
  packdownBufferMinutes: number;
  /** True when admin could not be reached and these are the defaults. */
  fallback: boolean;
}

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
  tenantSettings(tenantId: string): Promise<TenantSettings>;
  /** Every resource of the tenant; null when the catalogue is unreachable. */
  resources(tenantId: string): Promise<CatalogueResource[] | null>;
  /** null when the catalogue is unreachable or refuses. */
  priceQuote(tenantId: string, req: QuoteRequest): Promise<PriceQuote | null>;
}

export const DEFAULT_SETTINGS: TenantSettings = {
  timezone: DEFAULT_TIMEZONE,
  taxRatePercent: 10,
  holdExpiryHours: 48,
  setupBufferMinutes: 15,
  packdownBufferMinutes: 15,
  fallback: true,
};

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
    async tenantSettings(tenantId) {
      try {
        const res = await internalFetch(`${serviceUrl('admin')}/internal/tenant-settings/${tenantId}`);
        if (!res.ok) throw new Error(`admin answered ${res.status}`);
        const body = (await res.json()) as {
          general?: { timezone?: string; taxRate?: number };
          availability?: {
            holdExpiryHours?: number;
            setupBufferMinutes?: number;
            packdownBufferMinutes?: number;
          };
        };
        return {
          timezone: body.general?.timezone ?? DEFAULT_SETTINGS.timezone,
          taxRatePercent: num(body.general?.taxRate, DEFAULT_SETTINGS.taxRatePercent),
          holdExpiryHours: num(body.availability?.holdExpiryHours, DEFAULT_SETTINGS.holdExpiryHours),
          setupBufferMinutes: num(body.availability?.setupBufferMinutes, DEFAULT_SETTINGS.setupBufferMinutes),
          packdownBufferMinutes: num(
            body.availability?.packdownBufferMinutes,
            DEFAULT_SETTINGS.packdownBufferMinutes,
          ),
          fallback: false,
        };
      } catch (err) {
        log.warn(
          { err: String(err), tenantId },
          'tenant settings unavailable; using defaults (Australia/Sydney, 10 %, 48 h)',
        );
        return DEFAULT_SETTINGS;
      }
    },
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
