/**
 * What bookings asks the catalogue for, as small functions the tests replace: resources it
 * has no copy of yet, and price quotes. Callers make these calls before opening their
 * transaction. (Tenant settings are not asked for: bookings keeps a copy, tenant-settings.ts.)
 */
import { internalPriceQuoteSchema, internalResourcesSchema } from '@venue/contracts/internal';
import { internalDepositAnswerSchema, type InternalDepositAnswer } from '@venue/contracts/money-api';
import { callService } from '@venue/service-kit';

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
  /**
   * Hands a deposit flag change to money, the one writer of payment facts (decision 32);
   * null when money is unreachable. Optional: clients without it refuse the change (503).
   */
  setDeposit?(
    tenantId: string,
    bookingId: string,
    depositPaid: boolean,
    actor: DepositActor,
  ): Promise<InternalDepositAnswer | null>;
}

export interface DepositActor {
  id: string | null;
  email: string | null;
  role: string | null;
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
        return await callService({
          service: 'catalogue',
          path: `/internal/resources/${tenantId}`,
          response: internalResourcesSchema,
        });
      } catch (err) {
        log.warn({ err: String(err), tenantId }, 'catalogue resources unavailable');
        return null;
      }
    },
    async priceQuote(tenantId, req) {
      try {
        return await callService({
          service: 'catalogue',
          method: 'POST',
          path: '/internal/price-quote',
          body: { ...req, tenantId },
          response: internalPriceQuoteSchema,
          idempotent: true, // a quote is a read
        });
      } catch (err) {
        log.warn({ err: String(err), tenantId }, 'price quote unavailable');
        return null;
      }
    },
    async setDeposit(tenantId, bookingId, depositPaid, actor) {
      try {
        return await callService({
          service: 'money',
          method: 'PUT',
          path: `/internal/deposits/${bookingId}`,
          body: { tenantId, depositPaid, actor },
          response: internalDepositAnswerSchema,
        });
      } catch (err) {
        log.warn({ err: String(err), tenantId, bookingId }, 'money unavailable for a deposit change');
        return null;
      }
    },
  };
}
