/**
 * What the booking page's calls answer (issue 25, decision 56; the calls are in
 * handlers/public.ts), made by a venue's visitors: the gateway resolved the slug to the venue and
 * signs the visitor (`requireVisitor`: the venue, the slug, the client address). Every answer is
 * the venue's alone and names no other customer.
 */
import { z } from 'zod';
import type {
  PublicAvailability,
  PublicQuote,
  availabilityQuery,
  publicQuoteBody,
} from '@venue/contracts/bookings';
import { badRequest, textField, zonedInstant, type AppContext, type Tx } from '@venue/service-kit';
import type { Deps } from '../deps.ts';
import { addDays, venueIso } from '../shared/time.ts';
import { busyIntervals } from './busy.ts';
import { inBatches, occurrencesOf, priceDate, QUOTES_AT_ONCE, requestedDates } from './request-check.ts';
import {
  doorResource,
  earliestStart,
  hoursOn,
  knownResource,
  lastDate,
  openDoor,
  type DoorResource,
  type VenueDoor,
} from './venue-door.ts';

/** The honeypot alone, read before anything else of the body (its own type and length still checked). */
export const honeypot = z.object({ website: textField(500, 'website').default('') });

export function visitorOf(ctx: AppContext) {
  return ctx.state.visitor!;
}

/**
 * The venue's door and the space, read in one short read when bookings' copy of the space has
 * its opening hours; otherwise the catalogue's list is asked with no transaction open.
 */
async function doorAndSpace(
  ctx: AppContext,
  deps: Deps,
  resourceId: string,
): Promise<{ door: VenueDoor; resource: DoorResource }> {
  const tenantId = visitorOf(ctx).tenantId;
  const first = await ctx.kit.db.tenantRead(tenantId, async (tx) => {
    const [door, known] = await Promise.all([openDoor(tx, tenantId), knownResource(tx, resourceId)]);
    return { door, known };
  });
  const { resource } = await doorResource(deps, first.door, resourceId, first.known);
  return { door: first.door, resource };
}

/** GET …/availability: busy intervals only, the opening hours per day, the notice and the window. */
export async function availability(
  ctx: AppContext,
  deps: Deps,
  q: z.output<typeof availabilityQuery>,
): Promise<PublicAvailability> {
  const resourceId = q.resourceId!.toLowerCase();
  const from = q.from!;
  const to = q.to!;
  const tenantId = visitorOf(ctx).tenantId;
  const busyOf = (tx: Tx, door: VenueDoor, resource: DoorResource) => {
    const zone = door.settings.timezone;
    return busyIntervals(
      tx,
      tenantId,
      resource.id,
      zonedInstant(from, '00:00', zone),
      zonedInstant(addDays(to, 1), '00:00', zone),
    );
  };
  // One short read when bookings' copy of the space knows its hours (the usual case); otherwise
  // the catalogue's list is asked with no transaction open, then the busy times are read.
  const first = await ctx.kit.db.tenantRead(tenantId, async (tx) => {
    // The door and bookings' copy of the space asked at once (they do not depend on each other):
    // on PostgreSQL the space's statement goes out in the same write as the door's first, a
    // round trip fewer of the four a visitor's calendar waited for one after another.
    const [door, known] = await Promise.all([openDoor(tx, tenantId), knownResource(tx, resourceId)]);
    if (!known?.hours) return { door, known, ready: null };
    const { resource } = await doorResource(deps, door, resourceId, known);
    return { door, known, ready: { resource, busy: await busyOf(tx, door, resource) } };
  });
  const { door } = first;
  let ready = first.ready;
  if (!ready) {
    const { resource } = await doorResource(deps, door, resourceId, first.known);
    ready = { resource, busy: await ctx.kit.db.tenantRead(tenantId, (tx) => busyOf(tx, door, resource)) };
  }
  const { resource, busy } = ready;
  const zone = door.settings.timezone;
  const now = deps.now();
  const days: PublicAvailability['days'] = [];
  for (let date = from; date <= to; date = addDays(date, 1)) {
    const hours = hoursOn(resource.hours, date);
    days.push({ date, open: hours?.open ?? null, close: hours?.close ?? null });
  }
  return {
    resourceId: resource.id,
    timezone: zone,
    from,
    to,
    days,
    busy: busy.map((b) => ({ start: venueIso(b.start, zone), end: venueIso(b.end, zone) })),
    earliestStart: venueIso(earliestStart(door, now), zone),
    lastDate: lastDate(door, now),
    minNoticeHours: door.online.minNoticeHours,
    windowDays: door.online.windowDays,
  };
}

/** POST …/quote: the price of the slot, and with a repeat each date's freedom and the free dates' total. */
export async function quote(
  ctx: AppContext,
  deps: Deps,
  body: z.output<typeof publicQuoteBody>,
): Promise<PublicQuote> {
  const resourceId = body.resourceId.toLowerCase();
  const { door, resource } = await doorAndSpace(ctx, deps, resourceId);
  if (body.guests !== undefined && resource.capacity > 0 && body.guests > resource.capacity) {
    const message = `${resource.name} holds at most ${resource.capacity} guests.`;
    throw badRequest(message, { errors: [{ path: 'guests', message }] });
  }
  const slot = { date: body.date, startTime: body.startTime, endTime: body.endTime };
  const addOns = body.addOns.map((a) => ({ id: a.id.toLowerCase(), quantity: a.quantity }));
  const now = deps.now();
  const occurrences = body.repeat
    ? await ctx.kit.db.tenantRead(door.tenantId, (tx) =>
        occurrencesOf(tx, door, resource, slot, requestedDates(body), now),
      )
    : undefined;
  const priced = await priceDate(deps, door, resource, slot, addOns);
  const money = priced.money!;
  const lines = breakdownOf(priced.details).concat(
    money.taxType === 'exclusive' && money.gstCents > 0
      ? [{ label: `GST ${money.rateBp / 100}%`, amountCents: money.gstCents }]
      : [],
  );
  const answer: PublicQuote = {
    currency: door.settings.currency,
    taxType: door.settings.taxType,
    totalCents: money.totalCents,
    gstCents: money.gstCents,
    lines,
  };
  if (occurrences) {
    const free = occurrences.filter((o) => o.free).map((o) => o.date);
    const others = free.filter((d) => d !== slot.date);
    const prices = await inBatches(others, QUOTES_AT_ONCE, (date) =>
      priceDate(deps, door, resource, { ...slot, date }, addOns),
    );
    const firstFree = free.includes(slot.date) ? money.totalCents : 0;
    answer.occurrences = occurrences;
    answer.freeCount = free.length;
    answer.seriesTotalCents = firstFree + prices.reduce((sum, p) => sum + p.money!.totalCents, 0);
  }
  return answer;
}

/** The quote's lines as the staff form shows them (the catalogue's breakdown). */
function breakdownOf(details: Record<string, unknown>): PublicQuote['lines'] {
  const lines = Array.isArray(details.breakdown) ? details.breakdown : [];
  return lines
    .filter(
      (l): l is { label: string; amountCents: number } =>
        typeof l?.label === 'string' && Number.isInteger(l?.amountCents),
    )
    .map((l) => ({ label: l.label, amountCents: l.amountCents }));
}
