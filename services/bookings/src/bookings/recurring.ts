/**
 * Recurring bookings (issue 11 item 16): a weekly, fortnightly or monthly series, until a date or
 * N times (at most 52). `POST /api/bookings/recurring/check` lists every date with what holds
 * its time; `POST /api/bookings/recurring` books the chosen dates in one transaction, each an
 * ordinary booking (own code, priced and written by the single create's own functions) linked
 * by `series_id`, all or none: a date taken meanwhile is a 409 naming it and nothing is stored.
 * The calls are in handlers/recurring.ts.
 *
 * Like a single create, the catalogue is asked between two transactions, never inside one.
 */
import { randomUUID } from 'node:crypto';
import { MAX_SERIES_OCCURRENCES, MONTHLY_SKIP_NOTE, seriesDates } from '@venue/contracts';
import type { RepeatRule, SeriesCreateBody } from '@venue/contracts/bookings';
import { HttpError, badRequest, conflict, inRequestTx, type AppContext, type Tx } from '@venue/service-kit';
import type { Deps } from '../deps.ts';
import { findConflicts, type BlockoutEntry, type ConflictEntry } from '../availability/conflicts.ts';
import { localResource, resolveResource, upsertResource, usableResource } from '../availability/resources.ts';
import { spanFor } from '../availability/resource-slots.ts';
import type { CatalogueResource } from '../remote/clients.ts';
import { tenantSettings } from '../remote/tenant-settings.ts';
import { pricingTerms } from '../status/payment.ts';
import { tenantOf } from '../shared/request.ts';
import { dayText, venueIso, type VenueClock } from '../shared/time.ts';
import { insertBooking } from './booking-write.ts';
import { checkBooking, fitsHall, venueRules } from './create-booking.ts';
import { priceBooking, type Priced } from './pricing.ts';

/** The single create's body, the rule, and the dates chosen from the check (the contract's). */
type SeriesBody = SeriesCreateBody;

function fail(path: string, message: string): never {
  throw badRequest(message, { errors: [{ path, message }] });
}

/** The series' dates from `first`, or the 400 that says why the rule cannot be booked. */
export function seriesOrFail(first: string, repeat: RepeatRule) {
  if (repeat.until != null && repeat.until < first)
    fail('repeat.until', 'The repeat end date must be on or after the booking date.');
  const series = seriesDates(first, repeat);
  if (series.tooMany)
    fail(
      'repeat.until',
      `A series can have at most ${MAX_SERIES_OCCURRENCES} dates; choose an earlier end date or a number of times.`,
    );
  return series;
}

/** The chosen dates, each one of the series (in the series' order, once each). */
function chosenDates(all: string[], chosen: string[] | undefined): string[] {
  if (!chosen) return all;
  chosen.forEach((d, i) => {
    if (!all.includes(d)) fail(`dates.${i}`, `${d} is not a date of this series.`);
  });
  return all.filter((d) => chosen.includes(d));
}

export interface Occurrence {
  date: string;
  /** The event on the venue's clock, with its offset (the same wall time on every date). */
  startsAt: string;
  endsAt: string;
  free: boolean;
  conflicts: ConflictEntry[];
  blockouts: BlockoutEntry[];
}

/** Each date with the bookings and block-outs that hold its time (buffers included). */
export async function occurrencesOf(
  tx: Tx,
  resource: CatalogueResource,
  times: { startTime: string; endTime: string },
  dates: string[],
  clock: VenueClock,
): Promise<Occurrence[]> {
  const out: Occurrence[] = [];
  for (const date of dates) {
    const span = spanFor(
      { startTime: times.startTime, endTime: times.endTime, bookingDate: date },
      resource,
      clock,
    );
    const found = await findConflicts(tx, resource.id, span, null);
    out.push({
      date,
      startsAt: venueIso(span.startsAt, clock.timezone),
      endsAt: venueIso(span.endsAt, clock.timezone),
      free: found.conflicts.length === 0 && found.blockouts.length === 0,
      ...found,
    });
  }
  return out;
}

/** What the screen shows next to the list: how the rule was read. */
export function ruleSummary(repeat: RepeatRule, skipped: string[]) {
  return {
    frequency: repeat.frequency,
    ...(repeat.frequency === 'monthly' ? { monthly: 'skip', note: MONTHLY_SKIP_NOTE, skipped } : {}),
  };
}

/** The 409 of dates taken meanwhile; the message names them in the venue's date format. */
function takenError(taken: Array<Pick<Occurrence, 'date' | 'conflicts' | 'blockouts'>>, clock: VenueClock) {
  const dates = taken.map((o) => o.date);
  return conflict(
    `${dates.length === 1 ? 'This date is' : 'These dates are'} no longer free: ${dates.map((d) => dayText(d, clock.dateFormat)).join(', ')}. Check the dates again and save the free ones.`,
    { collisions: taken, dates },
  );
}

/** `fn` over `items`, at most `width` at a time, answers in the items' order. */
async function inBatches<T, R>(items: T[], width: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += width)
    out.push(...(await Promise.all(items.slice(i, i + width).map(fn))));
  return out;
}

/** Quotes asked of the catalogue at once while pricing a series. */
const QUOTES_AT_ONCE = 6;

export async function createSeries(ctx: AppContext, deps: Deps, body: SeriesBody) {
  const tenantId = tenantOf(ctx);
  const now = deps.now();
  // 1. A short read: the settings (503 without bookings' copy), the form's rules on the first
  //    date (the earliest, so none is in the past), the series and the chosen dates.
  const first = await inRequestTx(ctx, async (tx) => {
    const settings = await tenantSettings(tx, tenantId);
    const checked = checkBooking(body, venueRules(settings, now));
    const series = seriesOrFail(checked.form.bookingDate, body.repeat);
    const known = await localResource(tx, checked.form.selectedHall);
    if (known) fitsHall(checked, usableResource(known));
    return { settings, checked, dates: chosenDates(series.dates, body.dates ?? undefined), known };
  });
  const { settings, checked, dates } = first;
  const { form } = checked;
  // 2. The catalogue, with no transaction open: the resource if bookings has no copy, and a
  //    quote per date (weekend and holiday rates differ by date), each priced exactly as a
  //    single create prices it.
  const { resource: found, fetched } = await resolveResource(
    deps.clients,
    tenantId,
    form.selectedHall,
    first.known,
  );
  const resource = fitsHall(checked, usableResource(found));
  const addOns = checked.addOns ?? [];
  const terms = pricingTerms(settings);
  const prices: Priced[] = await inBatches(dates, QUOTES_AT_ONCE, (date) =>
    priceBooking(
      deps.clients,
      tenantId,
      { ...form, bookingDate: date },
      checked.estimatedPriceCents,
      addOns,
      terms,
    ),
  );
  const seriesId = randomUUID();
  // 3. One transaction for every date: checked again (the time may have been taken meanwhile),
  //    then each written by the single create's insert; any failure stores none of them.
  const bookings = await inRequestTx(ctx, async (tx) => {
    for (const r of fetched) await upsertResource(tx, tenantId, r);
    const taken = (await occurrencesOf(tx, resource, form, dates, settings)).filter((o) => !o.free);
    if (taken.length) throw takenError(taken, settings);
    const made = [];
    for (const [i, date] of dates.entries()) {
      try {
        made.push(
          await insertBooking(ctx, tx, {
            tenantId,
            now,
            body,
            settings,
            form: { ...form, bookingDate: date },
            resource,
            fetched: [],
            extras: checked,
            status: body.status,
            priced: prices[i]!,
            seriesId,
          }),
        );
      } catch (err) {
        // Past the check above only a concurrent writer can take the slot (the constraint's 409).
        if (err instanceof HttpError && err.status === 409) {
          const extra = (err.extra ?? {}) as Partial<Occurrence>;
          throw takenError(
            [{ date, conflicts: extra.conflicts ?? [], blockouts: extra.blockouts ?? [] }],
            settings,
          );
        }
        throw err;
      }
    }
    return made;
  });
  return { seriesId, bookings };
}
