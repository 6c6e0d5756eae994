/**
 * The venue's public profile (issue 25, decision 56): what `/book/<slug>` shows a visitor before
 * a time is chosen. Read from the catalogue's own data (the resources that take requests, their
 * rate cards, the add-ons) and its copy of admin's settings snapshot (formats, contact, Settings →
 * Online bookings), in one read; admin is never asked on a visitor's request. Nothing private:
 * no internal notes, no feed secrets, no staff fields, no other customers.
 */
import {
  VENUE_NOT_ONLINE_MESSAGE,
  WEEKDAYS,
  onlineBookingsSchema,
  tenantSettingsSnapshotSchema,
  type OpeningHours,
} from '@venue/contracts';
import { type PublicResource, type PublicVenue } from '@venue/contracts/catalogue';
import { paymentSettingsSnapshotSchema } from '@venue/contracts/money-api';
import { notFound, requireSettingsCopy, type Tx } from '@venue/service-kit';
import { isUuid, num } from '../shared/common.ts';
import { db } from '../db/query.ts';

/** Money in the venue's currency, whole amounts without cents ("$160", "$82.50"). */
export function moneyWords(cents: number, currency: string): string {
  return new Intl.NumberFormat('en-AU', {
    style: 'currency',
    currency,
    minimumFractionDigits: cents % 100 === 0 ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(cents / 100);
}

/**
 * The rate card in words: "$160 an hour weekdays, $200 weekends"; one figure when both days
 * cost the same; a daily (flat) card says it is charged in full from 8 hours and half below, as
 * the quote charges it (pricing/price-quote.ts).
 */
export function rateInWords(
  card: { type: 'hourly' | 'daily'; weekdayCents: number; weekendCents: number } | null,
  currency: string,
): string {
  if (!card) return '';
  const unit = card.type === 'hourly' ? 'an hour' : 'a day';
  const weekday = moneyWords(card.weekdayCents, currency);
  const weekend = moneyWords(card.weekendCents, currency);
  const figures =
    card.weekdayCents === card.weekendCents
      ? `${weekday} ${unit}`
      : `${weekday} ${unit} weekdays, ${weekend} weekends`;
  return card.type === 'daily' ? `${figures} (half for under 8 hours)` : figures;
}

/** Opening hours by weekday index, 0 = Sunday … 6 = Saturday; a closed day has no times. */
function openingHours(hours: OpeningHours): PublicResource['openingHours'] {
  const sundayFirst = ['sun', ...WEEKDAYS.filter((d) => d !== 'sun')] as const;
  return sundayFirst.map((d) => {
    const day = hours[d];
    return !day || day.closed ? { open: null, close: null } : { open: day.open, close: day.close };
  });
}

/** The venue's copy of the snapshot: the Online bookings setting (404 when off) and the payment part. */
export async function venueSettings(t: Tx, tenantId: string) {
  const settings = await requireSettingsCopy(t, tenantId, 'the catalogue');
  const row = await db(t)
    .selectFrom('tenant_settings')
    .select('snapshot')
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
  const snapshot = (row?.snapshot ?? {}) as Record<string, unknown>;
  const online = onlineBookingsSchema.safeParse(snapshot.onlineBookings);
  if (!online.success || !online.data.enabled) throw notFound(VENUE_NOT_ONLINE_MESSAGE);
  const payment = paymentSettingsSnapshotSchema.safeParse(snapshot.payment);
  const logo = tenantSettingsSnapshotSchema.shape.logoVersion.safeParse(snapshot.logoVersion);
  return {
    settings,
    online: online.data,
    payment: payment.success ? payment.data : null,
    logoVersion: logo.success ? logo.data : undefined,
  };
}

/** The spaces that take requests (active only), with their rate cards by resource. */
async function publicSpaces(t: Tx, tenantId: string, resourceIds: readonly string[]) {
  const ids = resourceIds.filter(isUuid);
  const q = db(t);
  const rows = ids.length
    ? await q
        .selectFrom('resources')
        .select([
          'id',
          'name',
          'type',
          'capacity',
          'description',
          'hours',
          'equipment',
          'setup_buffer_minutes',
          'packdown_buffer_minutes',
          'apply_buffers',
          'photo_id',
        ])
        .where('tenant_id', '=', tenantId)
        .where((eb) => eb('id', '=', eb.fn.any(eb.val(ids))))
        .where('status', '=', 'active')
        .orderBy((eb) => eb.fn('lower', ['name']))
        .orderBy('id')
        .execute()
    : [];
  const cards = rows.length
    ? await q
        .selectFrom('pricing')
        .select(['resource_id', 'rate_type', 'weekday_rate_cents', 'weekend_rate_cents'])
        .where('tenant_id', '=', tenantId)
        .where((eb) => eb('resource_id', '=', eb.fn.any(eb.val(rows.map((r) => r.id)))))
        .execute()
    : [];
  const cardOf = new Map(
    cards.map((c) => [
      c.resource_id,
      {
        type: c.rate_type === 'hourly' ? ('hourly' as const) : ('daily' as const),
        weekdayCents: num(c.weekday_rate_cents),
        weekendCents: num(c.weekend_rate_cents),
      },
    ]),
  );
  return { rows, cardOf };
}

type SpaceRow = Awaited<ReturnType<typeof publicSpaces>>['rows'][number];
type RateCard = NonNullable<ReturnType<Awaited<ReturnType<typeof publicSpaces>>['cardOf']['get']>>;

/** A space as a visitor sees it: no internal notes, no feed state. */
function publicSpace(r: SpaceRow, card: RateCard | null, base: string, currency: string): PublicResource {
  return {
    id: r.id,
    name: r.name,
    type: r.type,
    capacity: r.capacity,
    description: r.description,
    photoUrl: r.photo_id ? `${base}/resources/${r.id}/photo?v=${r.photo_id}` : null,
    equipment: (r.equipment ?? []).map((e) => (e.quantity > 1 ? `${e.name} × ${e.quantity}` : e.name)),
    openingHours: openingHours(r.hours),
    setupMinutes: r.apply_buffers ? r.setup_buffer_minutes : 0,
    packdownMinutes: r.apply_buffers ? r.packdown_buffer_minutes : 0,
    rateInWords: rateInWords(card, currency),
    rate: card,
  };
}

export async function venueProfile(t: Tx, tenantId: string, slug: string): Promise<PublicVenue> {
  const { settings, online, payment, logoVersion } = await venueSettings(t, tenantId);
  const { rows, cardOf } = await publicSpaces(t, tenantId, online.resourceIds);
  const addons = await db(t)
    .selectFrom('addons')
    .select(['id', 'name', 'description', 'price_cents'])
    .where('tenant_id', '=', tenantId)
    .orderBy((eb) => eb.fn('lower', ['name']))
    .orderBy('id')
    .execute();
  const base = `/api/public/venues/${encodeURIComponent(slug)}`;
  const or = (v: string | undefined) => (v?.trim() ? v.trim() : null);
  return {
    slug,
    name: payment?.businessName.trim() || slug,
    // Only when the venue has one, at an address that changes with the picture; a copy from
    // before snapshots said (logoVersion absent) offers the address as it always did.
    logoUrl: logoVersion === undefined ? `${base}/logo` : logoVersion && `${base}/logo?v=${logoVersion}`,
    contact: {
      phone: or(payment?.businessPhone),
      email: or(payment?.businessEmail),
      address: or(payment?.businessAddress),
    },
    timezone: settings.timezone,
    dateFormat: settings.dateFormat as PublicVenue['dateFormat'],
    timeFormat: settings.timeFormat as PublicVenue['timeFormat'],
    currency: settings.currency as PublicVenue['currency'],
    country: settings.country,
    taxType: settings.taxType,
    taxRatePercent: settings.taxRatePercent,
    resources: rows.map((r) => publicSpace(r, cardOf.get(r.id) ?? null, base, settings.currency)),
    addOns: addons.map((a) => ({
      id: a.id,
      name: a.name,
      description: a.description,
      priceCents: num(a.price_cents),
      unit: 'each, per booking',
    })),
    online: {
      questions: online.questions,
      agreement: online.agreement,
      minNoticeHours: online.minNoticeHours,
      windowDays: online.windowDays,
      mode: online.mode,
      verifyEmail: online.verifyEmail,
    },
  };
}
