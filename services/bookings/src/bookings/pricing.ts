/**
 * The booking's price: the catalogue's quote, an estimated-price override, or 0 with a note;
 * with the money figures of that price (net, GST, total, deposit, final due) under the terms
 * given, which the booking stores (status/payment.ts).
 */
import type { BookingFormFields, MoneyFigures } from '@venue/contracts';
import type { BookingClients, PriceQuote } from '../remote/clients.ts';
import { priceFigures, type PricingTerms } from '../status/payment.ts';

export interface AddOnRequest {
  id: string;
  quantity: number;
}

export interface Priced {
  cents: number;
  /** Stored as the row's price_details: the quote, the override, or the note (a JSON column). */
  details: Record<string, unknown>;
  addOns: { id: string; name: string; quantity: number; priceCents: number }[];
  /** The figures to store; absent when the price was not recomputed (they stay as stored). */
  money?: MoneyFigures;
}

export async function priceBooking(
  clients: BookingClients,
  tenantId: string,
  form: BookingFormFields,
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
      details: { override: true, estimatedPriceCents, quote },
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
      },
      addOns: [] as typeof quotedAddOns,
    };
  }
  return {
    cents: Math.round(Number(quote.calculatedPriceCents) || 0),
    details: { ...quote },
    addOns: quotedAddOns,
  };
}
