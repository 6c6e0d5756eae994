/**
 * A visitor's request checked as the venue would (issue 25, decision 56): the space takes
 * requests, the agreement accepted is the current one, the venue's questions are answered, the
 * phone reads by the venue's country, guests fit, and each date keeps the venue's rules and is
 * free (bookings, holds and block-outs, buffers included). The first date is the slot the visitor
 * picked: refused as a whole (409/422 with alternatives) when it cannot be had; later dates of a
 * repeat that cannot are skipped and said so. Every date is priced by the catalogue's quote, the
 * one the staff form uses. The database's exclusion constraint still decides at the write.
 */
import { seriesDates, toE164, phoneMessage, type OnlineQuestion } from '@venue/contracts';
import {
  AGREEMENT_CHANGED_MESSAGE,
  ANSWER_CHOICE_MESSAGE,
  ANSWER_REQUIRED_MESSAGE,
  ANSWER_YESNO_MESSAGE,
  PRICE_UNAVAILABLE_MESSAGE,
  RESOURCE_NOT_ONLINE_MESSAGE,
  type PublicOccurrence,
  type PublicRequest,
  type SlotRefusal,
} from '@venue/contracts/bookings';
import { HttpError, badRequest, inRequestTx, notFound, type AppContext, type Tx } from '@venue/service-kit';
import type { Deps } from '../deps.ts';
import type { OnlineAnswer } from '../db/schema.ts';
import { spanFor } from '../availability/resource-slots.ts';
import type { BookingForm } from '../bookings/create-booking.ts';
import type { AddOnRequest, Priced } from '../bookings/pricing.ts';
import type { CatalogueResource, CheckedQuote } from '../remote/clients.ts';
import { priceFigures, pricingTerms } from '../status/payment.ts';
import { alternativesFor } from './alternatives.ts';
import { busyIntervals } from './busy.ts';
import {
  TAKEN_MESSAGE,
  doorResource,
  knownResource,
  openDoor,
  ruleRefusal,
  type DoorResource,
  type VenueDoor,
  type WallSlot,
} from './venue-door.ts';

function fail(path: string, message: string): never {
  throw badRequest(message, { errors: [{ path, message }] });
}

/** The refusal of the picked slot: 409 when taken, 422 for the venue's rules; free times offered. */
export function slotRefused(reason: SlotRefusal, message: string, alternatives: unknown[]): HttpError {
  return new HttpError(reason === 'taken' ? 409 : 422, message, { reason, alternatives });
}

/** Each answer checked against the venue's questions, in words for staff; 400 naming `answers.<id>`. */
export function checkAnswers(questions: OnlineQuestion[], given: PublicRequest['answers']): OnlineAnswer[] {
  const out: OnlineAnswer[] = [];
  for (const q of questions) {
    const raw = given[q.id];
    const text = typeof raw === 'string' ? raw.trim() : raw;
    const path = `answers.${q.id}`;
    if (text === undefined || text === '') {
      if (q.required) fail(path, ANSWER_REQUIRED_MESSAGE);
      continue;
    }
    if (q.kind === 'yesno') {
      if (typeof text !== 'boolean') fail(path, ANSWER_YESNO_MESSAGE);
      out.push({ questionId: q.id, label: q.label, answer: text ? 'Yes' : 'No' });
    } else if (typeof text !== 'string') {
      fail(path, q.kind === 'choice' ? ANSWER_CHOICE_MESSAGE : 'Please answer in words.');
    } else if (q.kind === 'choice') {
      const option = (q.options ?? []).find((o) => o.toLowerCase() === text.toLowerCase());
      if (!option) fail(path, ANSWER_CHOICE_MESSAGE);
      out.push({ questionId: q.id, label: q.label, answer: option });
    } else out.push({ questionId: q.id, label: q.label, answer: text });
  }
  return out;
}

/** Whether anything holds part of the slot's time on the space (its buffers included). */
async function taken(tx: Tx, door: VenueDoor, resource: DoorResource, slot: WallSlot): Promise<boolean> {
  const span = spanFor({ ...slot, bookingDate: slot.date }, resource, door.settings);
  const busy = await busyIntervals(tx, door.tenantId, resource.id, span.slotStart, span.slotEnd);
  return busy.length > 0;
}

/** Each date of the slot's series (the first is the slot): free, or what keeps it, in words only. */
export async function occurrencesOf(
  tx: Tx,
  door: VenueDoor,
  resource: DoorResource,
  slot: WallSlot,
  dates: string[],
  now: Date,
): Promise<PublicOccurrence[]> {
  const out: PublicOccurrence[] = [];
  for (const date of dates) {
    const at = { ...slot, date };
    const rule = ruleRefusal(door, resource, at, now);
    if (rule) out.push({ date, free: false, clash: rule.message, reason: rule.reason });
    else if (await taken(tx, door, resource, at))
      out.push({ date, free: false, clash: 'This time is taken.', reason: 'taken' });
    else out.push({ date, free: true, clash: null, reason: null });
  }
  return out;
}

/** The dates a request asks for: the slot's date, and with a repeat the series from it. */
export function requestedDates(body: Pick<PublicRequest, 'date' | 'repeat'>): string[] {
  if (!body.repeat) return [body.date];
  return seriesDates(body.date, { frequency: body.repeat.frequency, count: body.repeat.count }).dates;
}

/** The catalogue's quote of one date: 503 when it cannot answer, 400 naming `addOns` for one it does not offer. */
export async function priceDate(
  deps: Deps,
  door: VenueDoor,
  resource: DoorResource,
  slot: WallSlot,
  addOns: AddOnRequest[],
): Promise<Priced> {
  const req = {
    resourceId: resource.id,
    date: slot.date,
    startTime: slot.startTime,
    endTime: slot.endTime,
    addOns,
  };
  let answer: CheckedQuote | null;
  if (deps.clients.checkedQuote) answer = await deps.clients.checkedQuote(door.tenantId, req);
  else {
    const quote = await deps.clients.priceQuote(door.tenantId, req);
    answer = quote ? { quote } : null;
  }
  if (!answer) throw new HttpError(503, PRICE_UNAVAILABLE_MESSAGE);
  if ('refused' in answer) {
    if (/add-on/i.test(answer.refused.message))
      fail('addOns', 'One of the add-ons is not offered any more. Please choose again.');
    throw notFound(RESOURCE_NOT_ONLINE_MESSAGE);
  }
  const quote = answer.quote;
  const cents = Math.round(Number(quote.calculatedPriceCents) || 0);
  return {
    cents,
    details: { ...quote },
    addOns: quote.addOns ?? [],
    money: priceFigures(cents, pricingTerms(door.settings)),
  };
}

/** `fn` over `items`, a few at a time, answers in the items' order. */
export async function inBatches<T, R>(items: T[], width: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += width)
    out.push(...(await Promise.all(items.slice(i, i + width).map(fn))));
  return out;
}

/** Quotes asked of the catalogue at once while pricing a series. */
export const QUOTES_AT_ONCE = 6;

export interface CheckedRequest {
  door: VenueDoor;
  resource: DoorResource;
  /** Resources the catalogue listed (bookings had no usable copy): stored by the write. */
  fetched: CatalogueResource[];
  /** The first date's form, the phone in E.164. */
  form: BookingForm;
  guests: number;
  notes: string;
  answers: OnlineAnswer[];
  addOns: AddOnRequest[];
  agreementVersion: number;
  /** The free dates, the first (picked) one first, each with its price. */
  dates: string[];
  prices: Priced[];
  skipped: PublicOccurrence[];
}

/**
 * The whole check of a request (see the module comment), in a short read, the catalogue with no
 * transaction open, and a second read for the dates. `agreementChecked` is false when a stored
 * request is checked again at its verification: the visitor accepted the version current then.
 */
export async function checkRequest(
  ctx: AppContext,
  deps: Deps,
  tenantId: string,
  body: PublicRequest,
  opts: { now: Date; agreementChecked?: boolean },
): Promise<CheckedRequest> {
  const resourceId = body.resourceId.toLowerCase();
  const first = await inRequestTx(ctx, async (tx) => {
    const door = await openDoor(tx, tenantId);
    const known = await knownResource(tx, resourceId);
    return { door, known };
  });
  const { door } = first;
  if (opts.agreementChecked !== false && body.agreementVersion !== door.online.agreement.version)
    fail('agreementVersion', AGREEMENT_CHANGED_MESSAGE);
  const answers = checkAnswers(door.online.questions, body.answers);
  const phone = toE164(body.phone, door.settings.country);
  if (!phone) fail('phone', phoneMessage(door.settings.country));
  const { resource, fetched } = await doorResource(deps, door, resourceId, first.known);
  if (resource.capacity > 0 && body.guests > resource.capacity)
    fail('guests', `${resource.name} holds at most ${resource.capacity} guests.`);
  const slot = { date: body.date, startTime: body.startTime, endTime: body.endTime };
  const dates = requestedDates(body);
  const occurrences = await inRequestTx(ctx, async (tx) => {
    const list = await occurrencesOf(tx, door, resource, slot, dates, opts.now);
    const picked = list[0]!;
    if (!picked.free) {
      const alternatives = await alternativesFor(tx, door, resource, slot, opts.now);
      throw slotRefused(
        picked.reason!,
        picked.reason === 'taken' ? TAKEN_MESSAGE : picked.clash!,
        alternatives,
      );
    }
    return list;
  });
  const free = occurrences.filter((o) => o.free).map((o) => o.date);
  const addOns = body.addOns.map((a) => ({ id: a.id.toLowerCase(), quantity: a.quantity }));
  const prices = await inBatches(free, QUOTES_AT_ONCE, (date) =>
    priceDate(deps, door, resource, { ...slot, date }, addOns),
  );
  return {
    door,
    resource,
    fetched,
    form: {
      customerName: body.name,
      customerEmail: body.email,
      customerPhone: phone,
      eventType: body.eventType,
      selectedHall: resource.id,
      bookingDate: body.date,
      startTime: body.startTime,
      endTime: body.endTime,
    },
    guests: body.guests,
    notes: body.notes.trim(),
    answers,
    addOns,
    agreementVersion: body.agreementVersion,
    dates: free,
    prices,
    skipped: occurrences.filter((o) => !o.free),
  };
}
