/**
 * The customer's door's e-mails (issue 25, decision 56), from the events of admin and bookings:
 *
 * - `customer.portal_link_requested` → "Your portal link" (`/my/sign-in?token=…`) to the address
 *   that asked;
 * - `booking.request_verification_requested` → "Verify your e-mail" (`/book/<slug>/verify?token=…`)
 *   to the visitor whose request waits for it;
 * - `booking.request_received` → "Request received" to the customer and "New request for the
 *   venue" to the venue's business e-mail, with the booking's address in the back office;
 * - `booking.customer_changes_requested` → "Customer asked for changes" to the venue.
 *
 * The two links are what lets a customer in, so they always go (transactional, never behind the
 * venue's automatic switches), in the venue's template of the kind while it keeps one active, else
 * in the default words. The other three go while the venue keeps their template active. All go at
 * once, not held to the venue's send hour: the customer is on the page waiting for them. Each is
 * queued once (the outbox's dedupe key); a link already expired when its event arrives is not
 * queued at all, and the worker never sends one after its expiry (`linkExpiresAt`), so the
 * customer never gets a dead link. The tokens ride in the events (internal) and in the e-mail:
 * comms masks them in what it keeps (mail/secret-links.ts).
 *
 * Links start at the product's public origin (deps.publicOrigin).
 */
import { z } from 'zod';
import {
  bookingRequestReceivedEventSchema,
  type BookingCustomerChangesRequestedEvent,
  type BookingMailPart,
  type BookingRequestReceivedEvent,
} from '@venue/contracts';
import {
  ALWAYS_SENT_TEMPLATE_KINDS,
  renderTemplate,
  type TemplateKind,
  type TemplateValues,
} from '@venue/contracts/comms';
import type { Consumer, Tx } from '@venue/service-kit';
import { storeBookingCopy } from '../automatic/booking-events.ts';
import { templateOfKind, type AutomaticOutcome } from '../automatic/automatic.ts';
import { db } from '../db/query.ts';
import type { CommsDeps } from '../deps.ts';
import { queueEmail } from '../mail/queue.ts';
import { defaultTemplate } from '../templates/defaults.ts';
import { ensureTenant } from '../templates/seed.ts';
import {
  bookingValues,
  findBookingCopy,
  formatDate,
  formatInstant,
  snapshotBusiness,
  venueContext,
  type VenueContext,
} from '../templates/values.ts';

export type DoorOutcome = AutomaticOutcome | 'expired';

interface DoorMail {
  /** Of ALWAYS_SENT_TEMPLATE_KINDS: sent in the default words when the venue has no active template. */
  kind: TemplateKind;
  dedupeKey: string;
  bookingId?: string | null;
  toEmail: string;
  toName: string;
  values: TemplateValues;
  /** The single-use link's end: not sent after it, masked once sent. */
  linkExpiresAt?: Date;
}

/** Queues one door e-mail, sent now, or says why not. */
async function queueDoorMail(tx: Tx, tenantId: string, m: DoorMail, now: Date): Promise<DoorOutcome> {
  if (m.linkExpiresAt && m.linkExpiresAt <= now) return 'expired';
  if (!m.toEmail.includes('@')) return 'no-address';
  await ensureTenant(tx, tenantId);
  const template =
    (await templateOfKind(tx, tenantId, m.kind)) ??
    (ALWAYS_SENT_TEMPLATE_KINDS.includes(m.kind) ? fallback(m.kind) : null);
  if (!template) return 'no-template';
  const r = renderTemplate(template.subject, template.body, m.values);
  const id = await queueEmail(tx, {
    tenantId,
    kind: m.kind,
    dedupeKey: m.dedupeKey,
    bookingId: m.bookingId ?? null,
    templateId: template.id,
    templateName: template.name,
    toEmail: m.toEmail,
    toName: m.toName,
    subject: r.subject,
    text: r.text,
    html: r.html,
    now,
    linkExpiresAt: m.linkExpiresAt ?? null,
  });
  return id ? 'queued' : 'already-sent';
}

/** The default words of a kind, as a template the venue does not have (no id). */
function fallback(kind: TemplateKind) {
  const d = defaultTemplate(kind);
  return { id: null, name: d.name, subject: d.subject, body: d.body };
}

/** The venue's clock and name, or a throw: the event is kept and retried, never written in a guessed zone. */
async function venueOf(tx: Tx, tenantId: string): Promise<VenueContext> {
  const venue = await venueContext(tx, tenantId);
  if (!venue) throw new Error(`settings of tenant ${tenantId} have not reached comms yet`);
  return { ...venue, businessName: venue.businessName || 'The venue team' };
}

/**
 * Where the venue's own e-mails go: the business e-mail of its settings copy (Payments → business
 * details), else the one the worker last learnt from admin; '' when the venue has none.
 */
async function venueAddress(tx: Tx, tenantId: string): Promise<string> {
  const r = await db(tx)
    .selectFrom('tenant_settings as s')
    .leftJoin('tenant_senders as t', 't.tenant_id', 's.tenant_id')
    .select(['s.snapshot', 't.business_email'])
    .where('s.tenant_id', '=', tenantId)
    .executeTakeFirst();
  return snapshotBusiness(r?.snapshot).businessEmail || (r?.business_email ?? '').trim();
}

/** The venue's booking-page address from its settings copy, when the event does not carry it. */
async function venueSlug(tx: Tx, tenantId: string): Promise<string | null> {
  const r = await db(tx)
    .selectFrom('tenant_settings')
    .select('snapshot')
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
  const slug = (r?.snapshot as { onlineBookings?: { slug?: unknown } } | undefined)?.onlineBookings?.slug;
  return typeof slug === 'string' && slug ? slug : null;
}

/** The links of the door, on the product's public origin. */
export function doorLinks(origin: string) {
  const q = encodeURIComponent;
  return {
    verify: (slug: string, token: string) => `${origin}/book/${q(slug)}/verify?token=${q(token)}`,
    signIn: (token: string) => `${origin}/my/sign-in?token=${q(token)}`,
    portal: (slug: string | null) => (slug ? `${origin}/my?venue=${q(slug)}` : `${origin}/my`),
    // the All bookings page searches for `q` on load (the links money's screens use)
    backOffice: (bookingCode: string) => `${origin}/BookingsAll?q=${q(bookingCode)}`,
  };
}

/** "Sat 15 Mar 2031, 18:00–22:00": one date of a request. */
const dateLine = (date: string, start: string, end: string) => `${formatDate(date)}, ${start}–${end}`;

/** The customer's name as the venue's bookings know the address (the newest), or ''. */
async function knownName(tx: Tx, tenantId: string, email: string): Promise<string> {
  // booking_copies_customer_idx (tenant, lower(email), starts_at)
  const r = await db(tx)
    .selectFrom('booking_copies')
    .select('customer_name')
    .where('tenant_id', '=', tenantId)
    .where((eb) => eb(eb.fn('lower', ['customer_email']), '=', email.trim().toLowerCase()))
    .orderBy('starts_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return r?.customer_name ?? '';
}

/** What bookings' website events carry beyond the mail part (the booking's API shape), read leniently. */
const websiteDetails = z.looseObject({
  customerPhone: z.string().optional().catch(undefined),
  additionalDescription: z.string().optional().catch(undefined),
  onlineRequest: z
    .looseObject({
      answers: z.array(z.looseObject({ label: z.string(), answer: z.string() })).catch([]),
    })
    .nullable()
    .optional()
    .catch(null),
});

/** The mail part of a booking event, as the copy stores it (a null customer id is none). */
function mailPart(b: BookingRequestReceivedEvent | BookingCustomerChangesRequestedEvent): BookingMailPart {
  return { ...b, customerId: b.customerId ?? undefined };
}

/** The venue-facing details: phone, answers to the questions, notes. */
function detailsOf(data: unknown): TemplateValues {
  const d = websiteDetails.parse(data);
  const answers = d.onlineRequest?.answers ?? [];
  return {
    customerPhone: d.customerPhone?.trim() || '(none given)',
    requestAnswers: answers.length
      ? answers.map((a) => `${a.label}: ${a.answer.trim() || '(no answer)'}`).join('\n')
      : '(no questions asked)',
    requestNotes: d.additionalDescription?.trim() || '(none)',
  };
}

export function doorConsumers(deps: CommsDeps): {
  'customer.portal_link_requested': Consumer<'customer.portal_link_requested'>;
  'booking.request_verification_requested': Consumer<'booking.request_verification_requested'>;
  'booking.request_received': Consumer<'booking.request_received'>;
  'booking.customer_changes_requested': Consumer<'booking.customer_changes_requested'>;
} {
  return {
    'customer.portal_link_requested': portalLinkMail(deps),
    'booking.request_verification_requested': verificationMail(deps),
    'booking.request_received': requestReceivedMails(deps),
    'booking.customer_changes_requested': customerChangesMail(deps),
  };
}

/** "Your portal link" to the address that asked. */
function portalLinkMail(deps: CommsDeps): Consumer<'customer.portal_link_requested'> {
  const links = () => doorLinks(deps.publicOrigin);
  return async (event, tx) => {
    const l = event.data;
    const tenantId = l.tenantId;
    const venue = await venueOf(tx, tenantId);
    const expires = new Date(l.expiresAt);
    const email = l.email.trim().toLowerCase();
    const name = await knownName(tx, tenantId, email);
    await queueDoorMail(
      tx,
      tenantId,
      {
        kind: 'portal_link',
        // each link asked for is its own e-mail; the same event redelivered is not
        dedupeKey: `portal_link:${event.id}`,
        toEmail: email,
        toName: name,
        values: {
          customerName: name,
          customerEmail: email,
          portalLink: links().signIn(l.token),
          portalAddress: links().portal(l.slug),
          linkExpiresAt: formatInstant(expires, venue.timezone),
          businessName: venue.businessName,
        },
        linkExpiresAt: expires,
      },
      deps.now(),
    );
  };
}

/** "Verify your e-mail" to the visitor whose request waits for it. */
function verificationMail(deps: CommsDeps): Consumer<'booking.request_verification_requested'> {
  const links = () => doorLinks(deps.publicOrigin);
  return async (event, tx) => {
    const r = event.data;
    const tenantId = r.tenantId;
    const venue = await venueOf(tx, tenantId);
    const expires = new Date(r.expiresAt);
    const more = (r.dates ?? 1) - 1;
    await queueDoorMail(
      tx,
      tenantId,
      {
        kind: 'request_verification',
        dedupeKey: `request_verification:${r.requestId}`,
        toEmail: r.email.trim(),
        toName: r.name,
        values: {
          customerName: r.name,
          customerEmail: r.email.trim(),
          hallName: r.resourceName,
          bookingDate: formatDate(r.date),
          startTime: r.start,
          endTime: r.end,
          requestDates:
            dateLine(r.date, r.start, r.end) +
            (more > 0 ? `, and ${more} more date${more === 1 ? '' : 's'} of the repeat` : ''),
          verifyLink: links().verify(r.slug, r.token),
          portalAddress: links().portal(r.slug),
          linkExpiresAt: formatInstant(expires, venue.timezone),
          businessName: venue.businessName,
        },
        linkExpiresAt: expires,
      },
      deps.now(),
    );
  };
}

/** "Request received" to the customer, then "New request for the venue" to the venue. */
function requestReceivedMails(deps: CommsDeps): Consumer<'booking.request_received'> {
  const links = () => doorLinks(deps.publicOrigin);
  return async (event, tx) => {
    const b = bookingRequestReceivedEventSchema.parse(event.data);
    const tenantId = b.hallOwnerId;
    await storeBookingCopy(tx, mailPart(b));
    const venue = await venueOf(tx, tenantId);
    const copy = await findBookingCopy(tx, tenantId, b.id);
    if (!copy) return;
    const base = bookingValues(copy, venue);
    const dates = (b.bookings.length ? b.bookings : [b]).map(
      (x) => `- ${dateLine(x.bookingDate, x.startTime, x.endTime)} (${x.bookingCode})`,
    );
    const heldUntil = b.hold && b.holdExpiresAt ? formatInstant(b.holdExpiresAt, venue.timezone) : null;
    const slug = b.slug ?? (await venueSlug(tx, tenantId));
    const now = deps.now();
    await queueDoorMail(
      tx,
      tenantId,
      {
        kind: 'request_received',
        dedupeKey: `request_received:${b.id}`,
        bookingId: b.id,
        toEmail: b.customerEmail,
        toName: b.customerName,
        values: {
          ...base,
          requestDates: dates.join('\n'),
          requestOutcome: heldUntil
            ? `We are holding the time for you until ${heldUntil}, and will confirm your booking by e-mail before then.`
            : 'We will look at your request and let you know by e-mail.',
          portalAddress: links().portal(slug),
        },
      },
      now,
    );
    await queueDoorMail(
      tx,
      tenantId,
      {
        kind: 'venue_new_request',
        dedupeKey: `venue_new_request:${b.id}`,
        bookingId: b.id,
        toEmail: await venueAddress(tx, tenantId),
        toName: venue.businessName,
        values: {
          ...base,
          ...detailsOf(event.data),
          requestDates: dates.join('\n'),
          requestOutcome: heldUntil
            ? `The time is held for the customer until ${heldUntil} (your automatic hold): confirm or decline it before then.`
            : 'It waits for your answer in Booking Requests.',
          bookingLink: links().backOffice(b.bookingCode),
        },
      },
      now,
    );
  };
}

/** "Customer asked for changes" to the venue. */
function customerChangesMail(deps: CommsDeps): Consumer<'booking.customer_changes_requested'> {
  const links = () => doorLinks(deps.publicOrigin);
  return async (event, tx) => {
    const b = event.data;
    const tenantId = b.hallOwnerId;
    await storeBookingCopy(tx, mailPart(b));
    const venue = await venueOf(tx, tenantId);
    const copy = await findBookingCopy(tx, tenantId, b.id);
    if (!copy) return;
    await queueDoorMail(
      tx,
      tenantId,
      {
        kind: 'venue_customer_changes',
        // each message is its own e-mail; the same event redelivered is not
        dedupeKey: `venue_customer_changes:${event.id}`,
        bookingId: b.id,
        toEmail: await venueAddress(tx, tenantId),
        toName: venue.businessName,
        values: {
          ...bookingValues(copy, venue),
          customerMessage: b.customerMessage,
          bookingLink: links().backOffice(b.bookingCode),
        },
      },
      deps.now(),
    );
  };
}
