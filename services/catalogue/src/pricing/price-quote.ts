import type { Tx } from '@venue/service-kit';
import type { PriceQuote, QuoteRequest } from '@venue/contracts/catalogue';
import { badRequest, notFound } from '@venue/service-kit';
import { dollars, num } from '../shared/common.ts';
import { db, tenantIdOf } from '../db/query.ts';

export interface RateCard {
  rateType: 'hourly' | 'daily';
  weekdayRateCents: number;
  weekendRateCents: number;
}

export interface QuoteAddOn {
  id: string;
  name: string;
  priceCents: number;
  quantity: number;
}

export interface QuoteInput {
  pricing: RateCard | null;
  date: string;
  startTime: string;
  endTime: string;
  holiday: { name: string; surchargePercent: number } | null;
  addOns: QuoteAddOn[];
}

/** The quote as the API answers it (contracts catalogue/responses.ts). */
export type Quote = PriceQuote;

export const END_AFTER_START = 'End time must be after start time';
/** Flat (daily) rates charge the full rate from this many hours, half below it (spec 02 §9). */
const FULL_DAY_MINUTES = 8 * 60;

function minutesOf(time: string): number {
  const [h, m] = time.split(':').map(Number) as [number, number];
  return h * 60 + m;
}

function money(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}

/**
 * The price of one booking: weekend rate on Saturday/Sunday; hourly → rate × hours; flat →
 * the full rate at 8 hours or more, otherwise half; no rate card → 0. A holiday adds its
 * surcharge on the base; add-ons are added last. Each figure is rounded once, to the cent.
 */
export function computeQuote(input: QuoteInput): Quote {
  const minutes = minutesOf(input.endTime) - minutesOf(input.startTime);
  if (!(minutes > 0))
    throw badRequest(END_AFTER_START, { errors: [{ path: 'endTime', message: END_AFTER_START }] });
  const day = new Date(`${input.date}T00:00:00Z`).getUTCDay();
  const isWeekend = day === 0 || day === 6;
  const hours = minutes / 60;
  const p = input.pricing;
  const rateCents = p ? (isWeekend ? p.weekendRateCents : p.weekdayRateCents) : 0;
  let baseCents = 0;
  let baseLabel = 'No rate card for this resource';
  if (p) {
    const which = isWeekend ? 'Weekend' : 'Weekday';
    if (p.rateType === 'hourly') {
      baseCents = Math.round((rateCents * minutes) / 60);
      baseLabel = `${which} hourly rate ${money(rateCents)} × ${+hours.toFixed(2)} h`;
    } else if (minutes >= FULL_DAY_MINUTES) {
      baseCents = rateCents;
      baseLabel = `${which} flat rate ${money(rateCents)} (8 hours or more)`;
    } else {
      baseCents = Math.round(rateCents / 2);
      baseLabel = `${which} flat rate ${money(rateCents)}, half for under 8 hours`;
    }
  }
  const breakdown = [{ label: baseLabel, amountCents: baseCents }];
  let holiday: Quote['holiday'] = null;
  if (input.holiday) {
    const surchargeCents = Math.round((baseCents * input.holiday.surchargePercent) / 100);
    holiday = { ...input.holiday, surchargeCents };
    breakdown.push({
      label: `Public holiday surcharge: ${input.holiday.name} (${input.holiday.surchargePercent}%)`,
      amountCents: surchargeCents,
    });
  }
  const addOns = input.addOns.map((a) => ({
    id: a.id,
    name: a.name,
    quantity: a.quantity,
    priceCents: a.priceCents * a.quantity,
  }));
  for (const a of addOns) breakdown.push({ label: `${a.name} × ${a.quantity}`, amountCents: a.priceCents });
  const addOnsCents = addOns.reduce((s, a) => s + a.priceCents, 0);
  const total = baseCents + (holiday?.surchargeCents ?? 0) + addOnsCents;
  return {
    calculatedPriceCents: total,
    calculatedPrice: dollars(total),
    durationHours: Math.round(hours * 100) / 100,
    rateCents,
    rate: dollars(rateCents),
    rateType: p?.rateType ?? null,
    isWeekend,
    baseCents,
    holiday,
    addOns,
    addOnsCents,
    breakdown,
  };
}

export { quoteRequest, type QuoteRequest } from '@venue/contracts/catalogue';

/** Looks up the rate card, holiday and add-ons of the request in the tenant's data. */
export async function quoteFor(tx: Tx, req: QuoteRequest): Promise<Quote> {
  const q = db(tx);
  const tenantId = tenantIdOf(tx);
  const wanted = new Map<string, number>();
  for (const id of req.addOnIds) wanted.set(id, (wanted.get(id) ?? 0) + 1);
  for (const a of req.addOns) wanted.set(a.id, (wanted.get(a.id) ?? 0) + a.quantity);
  const ids = [...wanted.keys()];
  // Asked together: one round trip for the four reads (the driver sends one turn's statements
  // in one write), where one after another cost four on every booking create's quote.
  const [resource, card, holiday, addOnRows] = await Promise.all([
    q
      .selectFrom('resources')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('id', '=', req.resourceId)
      .executeTakeFirst(),
    q
      .selectFrom('pricing')
      .select(['rate_type', 'weekday_rate_cents', 'weekend_rate_cents'])
      .where('tenant_id', '=', tenantId)
      .where('resource_id', '=', req.resourceId)
      .executeTakeFirst(),
    // The highest surcharge wins when a date carries more than one holiday.
    q
      .selectFrom('holidays')
      .select(['name', 'surcharge_percent'])
      .where('tenant_id', '=', tenantId)
      .where('date', '=', req.date)
      .orderBy('surcharge_percent', 'desc')
      .orderBy('name')
      .limit(1)
      .executeTakeFirst(),
    ids.length
      ? q
          .selectFrom('addons')
          .select(['id', 'name', 'price_cents'])
          .where('tenant_id', '=', tenantId)
          .where((eb) => eb('id', '=', eb.fn.any(eb.val(ids))))
          .execute()
      : Promise.resolve([]),
  ]);
  if (!resource) throw notFound('Resource not found');
  if (addOnRows.length !== ids.length) throw notFound('Add-on not found');
  const byId = new Map(addOnRows.map((a) => [a.id, a]));
  return computeQuote({
    pricing: card
      ? {
          rateType: card.rate_type === 'hourly' ? 'hourly' : 'daily',
          weekdayRateCents: num(card.weekday_rate_cents),
          weekendRateCents: num(card.weekend_rate_cents),
        }
      : null,
    date: req.date,
    startTime: req.startTime,
    endTime: req.endTime,
    holiday: holiday ? { name: holiday.name, surchargePercent: holiday.surcharge_percent } : null,
    addOns: ids.map((id) => {
      const a = byId.get(id)!;
      return { id, name: a.name, priceCents: num(a.price_cents), quantity: wanted.get(id)! };
    }),
  });
}
