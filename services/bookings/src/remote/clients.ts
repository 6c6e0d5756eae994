/**
 * What bookings asks the catalogue for, as small functions the tests replace: resources it
 * has no copy of yet, and price quotes. Callers make these calls before opening their
 * transaction. (Tenant settings are not asked for: bookings keeps a copy, tenant-settings.ts.)
 */
import { internalPriceQuoteSchema, internalResourcesSchema } from '@venue/contracts/internal';
import { internalDepositAnswerSchema, type InternalDepositAnswer } from '@venue/contracts/money-api';
import { WEEKDAYS, type OpeningHours } from '@venue/contracts';
import { callService, InternalCallError } from '@venue/service-kit';

export type { TenantSettings } from './tenant-settings.ts';

export interface CatalogueResource {
  id: string;
  name: string;
  capacity: number;
  status: string;
  setupBufferMinutes: number;
  packdownBufferMinutes: number;
  applyBuffers: boolean;
  /**
   * Opening hours per weekday (`mon`…`sun`), as the catalogue's events and list carry them; the
   * booking page's rules read them (issue 25). Absent when not known.
   */
  hours?: OpeningHours | null;
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
   * The catalogue's quote for a visitor's request (issue 25), telling a refusal (an add-on or
   * a resource it does not know) from an outage: the public form must name the first and must
   * not book at a price of 0 for the second. null when the catalogue is unreachable.
   * Optional: without it the quote comes from `priceQuote`, and a refusal reads as an outage.
   */
  checkedQuote?(tenantId: string, req: QuoteRequest): Promise<CheckedQuote | null>;
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

export type CheckedQuote = { quote: PriceQuote } | { refused: { status: number; message: string } };

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
    hours: openingHoursOf(r.hours),
  };
}

/** The hours of an event or a list entry when they have every weekday's shape; else null. */
export function openingHoursOf(v: unknown): OpeningHours | null {
  if (!v || typeof v !== 'object') return null;
  const h = v as Record<string, unknown>;
  const time = (t: unknown) => typeof t === 'string' && /^([01]\d|2[0-3]):[0-5]\d$/.test(t);
  for (const d of WEEKDAYS) {
    const day = h[d] as Record<string, unknown> | undefined;
    if (
      !day ||
      typeof day !== 'object' ||
      !time(day.open) ||
      !time(day.close) ||
      typeof day.closed !== 'boolean'
    )
      return null;
  }
  return Object.fromEntries(
    WEEKDAYS.map((d) => {
      const day = h[d] as { open: string; close: string; closed: boolean };
      return [d, { open: day.open, close: day.close, closed: day.closed }];
    }),
  ) as OpeningHours;
}

export function httpClients(log: { warn: (o: object, m: string) => void }): BookingClients {
  return {
    async resources(tenantId) {
      try {
        const list = await callService({
          service: 'catalogue',
          path: `/internal/resources/${tenantId}`,
          response: internalResourcesSchema,
        });
        return list.map((r) => toResource(r));
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
    async checkedQuote(tenantId, req) {
      try {
        const quote = await callService({
          service: 'catalogue',
          method: 'POST',
          path: '/internal/price-quote',
          body: { ...req, tenantId },
          response: internalPriceQuoteSchema,
          idempotent: true, // a quote is a read
        });
        return { quote };
      } catch (err) {
        if (
          err instanceof InternalCallError &&
          err.kind === 'status' &&
          (err.status === 404 || err.status === 400)
        ) {
          const body = err.body as { message?: unknown } | null;
          return {
            refused: {
              status: err.status,
              message: typeof body?.message === 'string' ? body.message : 'The catalogue refused the quote.',
            },
          };
        }
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
