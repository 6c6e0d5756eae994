/**
 * The booking's price: the catalogue's quote, an estimated-price override, or 0 with a note;
 * with the money figures of that price (net, GST, total, deposit, final due) under the terms
 * given, which the booking stores (status/payment.ts).
 */
import type { MoneyFigures } from '@venue/contracts';
import type { BookingClients, PriceQuote } from '../remote/clients.ts';
import { priceFigures, type PricingTerms } from '../status/payment.ts';
import type { BookingForm } from './booking-form.ts';

export interface AddOnRequest {
  id: string;
  quantity: number;
}

/** `addOns` ({id, quantity}) or the older `addOnIds`; undefined when the body names neither. */
export function addOnRequests(body: Record<string, unknown>): AddOnRequest[] | undefined {
  if (Array.isArray(body.addOns)) {
    return (body.addOns as Array<{ id?: unknown; quantity?: unknown }>)
      .filter((a) => typeof a?.id === 'string')
      .map((a) => ({ id: String(a.id), quantity: Math.max(1, Math.round(Number(a.quantity ?? 1)) || 1) }));
  }
  if (Array.isArray(body.addOnIds))
    return (body.addOnIds as unknown[]).map((id) => ({ id: String(id), quantity: 1 }));
  return undefined;
}

export interface Priced {
  cents: number;
  details: Record<string, unknown>;
  addOns: { id: string; name: string; quantity: number; priceCents: number }[];
  /** The figures to store; absent when the price was not recomputed (they stay as stored). */
  money?: MoneyFigures;
}

export async function priceBooking(
  clients: BookingClients,
  tenantId: string,
  form: BookingForm,
  estimatedPriceCents: number | null,
  addOns: AddOnRequest[],
  terms: PricingTerms,
): Promise<Priced> {
  const quote = await clients.priceQuote(tenantId, {
    resourceId: form.selectedHall,
    date: form.bookingDate,
    startTime: form.startTime,
    endTime: form.endTime,
    addOns,
  });
  const priced = priceFromQuote(quote, estimatedPriceCents);
  return { ...priced, money: priceFigures(priced.cents, terms) };
}

function priceFromQuote(quote: PriceQuote | null, estimatedPriceCents: number | null) {
  const quotedAddOns = quote?.addOns ?? [];
  if (estimatedPriceCents !== null) {
    return {
      cents: estimatedPriceCents,
      details: { override: true, estimatedPriceCents, quote } as Record<string, unknown>,
      addOns: quotedAddOns,
    };
  }
  if (!quote) {
    // Decision (README): the booking is still taken; staff see the note and set the price.
    return {
      cents: 0,
      details: {
        unavailable:
          "The price could not be calculated: the catalogue's price quote was unavailable. Set the price by editing the booking.",
      } as Record<string, unknown>,
      addOns: [] as typeof quotedAddOns,
    };
  }
  return {
    cents: Math.round(Number(quote.calculatedPriceCents) || 0),
    details: quote as Record<string, unknown>,
    addOns: quotedAddOns,
  };
}
