// The demo venues' history (decision 48): six months back and three ahead of "today", made by a
// seeded PRNG so the same day always gives the same history (stable tests and screenshots).
// Pure: dates, ids, amounts and statuses only. Each owning service writes its part of the plan
// itself (scripts/lib/demo-seed-history.mjs hands it over).
import { createHash } from 'node:crypto';

const DAY_MS = 86_400_000;
export const HISTORY_DAYS = 182;
export const AHEAD_DAYS = 91;

/** mulberry32: small, fast, good enough for demo data, and the same on every machine. */
export function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A stable uuid (v4 layout) for the n-th thing of a kind in a tenant's demo history. */
export function demoId(tenantId, kind, n) {
  const h = createHash('sha256').update(`${tenantId}:${kind}:${n}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${((parseInt(h[16], 16) & 3) | 8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

// --- the venue's calendar -------------------------------------------------------------------

const formatters = new Map();
const offsets = new Map();
const QUARTER_HOUR = 900_000;

/**
 * The zone's offset from UTC (ms) at an instant. Zones change offset only on a quarter hour, so
 * it is asked of Intl once per zone and quarter hour (a plan asks thousands of times).
 */
function offsetAt(ms, timeZone) {
  const key = `${timeZone}:${Math.floor(ms / QUARTER_HOUR)}`;
  let offset = offsets.get(key);
  if (offset === undefined) {
    let f = formatters.get(timeZone);
    if (!f)
      formatters.set(
        timeZone,
        (f = new Intl.DateTimeFormat('en-CA', {
          timeZone,
          year: 'numeric',
          month: '2-digit',
          day: '2-digit',
          hour: '2-digit',
          minute: '2-digit',
          second: '2-digit',
          hourCycle: 'h23',
        })),
      );
    const p = Object.fromEntries(f.formatToParts(new Date(ms)).map((x) => [x.type, +x.value]));
    const shown = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
    offset = shown - Math.floor(ms / 1000) * 1000;
    offsets.set(key, offset);
  }
  return offset;
}

/** The venue's wall clock at an instant, as a Date whose UTC fields are that wall clock. */
const wall = (at, timeZone) => new Date(at.getTime() + offsetAt(at.getTime(), timeZone));

/** The venue's day (YYYY-MM-DD) at an instant. */
export function venueDay(at, timeZone) {
  return wall(at, timeZone).toISOString().slice(0, 10);
}

/** The instant of a venue wall-clock time (DST-safe to the minute, as the services compute it). */
export function venueInstant(day, time, timeZone) {
  const target = Date.parse(`${day}T${time}:00Z`);
  let guess = target;
  for (let i = 0; i < 3; i++) guess += target - (guess + offsetAt(guess, timeZone));
  return new Date(guess);
}

export const addDays = (day, n) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
const weekday = (day) => new Date(`${day}T00:00:00Z`).getUTCDay();
const iso = (d) => new Date(d).toISOString();

// --- the cast ---------------------------------------------------------------------------------

/** [name, e-mail, phone, tier, weight] — weight: how often they come back. */
const CUSTOMERS = {
  owner: [
    ['Amelia Chen', 'amelia.chen@example.com', '+61 412 345 678', 'standard', 5],
    ['Noah Williams', 'noah.williams@example.com', '+61 423 456 789', 'business', 4],
    ['Harbour Rotary Club', 'events@harbourrotary.example.org', '+61 2 9555 0101', 'nonprofit', 6],
    ['Priya Patel', 'priya.patel@example.com', '+61 434 567 890', 'standard', 2],
    ['Lachlan Murphy', 'lachlan.murphy@example.com', '+61 447 678 901', 'standard', 2],
    ['Sofia Rossi', 'sofia.rossi@example.com', '+61 401 222 333', 'premium', 3],
    ['Oliver Nguyen', 'oliver.nguyen@example.com', '+61 402 333 444', 'standard', 1],
    ['Bayside Yoga Collective', 'hello@baysideyoga.example.com', '+61 2 9555 0177', 'business', 6],
    ['Sydney Harbour Choir', 'secretary@harbourchoir.example.org', '+61 2 9555 0133', 'nonprofit', 4],
    ['Mia Thompson', 'mia.thompson@example.com', '+61 403 444 555', 'standard', 1],
    ['Jack Robinson', 'jack.robinson@example.com', '+61 404 555 666', 'standard', 1],
    ['Isla Kowalski', 'isla.kowalski@example.com', '+61 405 666 777', 'standard', 1],
    ['Wharf Street Traders', 'info@wharfstreet.example.com', '+61 2 9555 0188', 'business', 3],
    ['Ethan Brown', 'ethan.brown@example.com', '+61 406 777 888', 'standard', 1],
    ['Grace Lee', 'grace.lee@example.com', '+61 407 888 999', 'premium', 2],
    ['Coastal Landcare Group', 'coord@coastallandcare.example.org', '+61 2 9555 0144', 'nonprofit', 3],
    ['Henry Walker', 'henry.walker@example.com', '+61 408 999 000', 'standard', 1],
    ['Zara Ahmed', 'zara.ahmed@example.com', '+61 409 000 111', 'standard', 1],
    ['Pacific Tech Pty Ltd', 'office@pacifictech.example.com', '+61 2 9555 0155', 'business', 3],
    ['Chloe Martin', 'chloe.martin@example.com', '+61 410 111 222', 'standard', 1],
  ],
  owner2: [
    ['Hilltop Scouts', 'leader@hilltopscouts.example.org', '+61 2 6555 0110', 'nonprofit', 5],
    ['Ridge Street Playgroup', 'play@ridgeplaygroup.example.org', '+61 2 6555 0120', 'nonprofit', 6],
    ['Margaret Evans', 'margaret.evans@example.com', '+61 411 234 567', 'standard', 2],
    ['Tom Fraser', 'tom.fraser@example.com', '+61 412 234 678', 'standard', 1],
    ['Goulburn Dance Academy', 'bookings@goulburndance.example.com', '+61 2 6555 0130', 'business', 4],
    ['Ruby Clarke', 'ruby.clarke@example.com', '+61 413 234 789', 'premium', 2],
    ['Hilltop Men’s Shed', 'shed@hilltopmensshed.example.org', '+61 2 6555 0140', 'nonprofit', 3],
    ['Daniel Kim', 'daniel.kim@example.com', '+61 414 234 890', 'standard', 1],
    ['Southern Tablelands CWA', 'branch@tablelandscwa.example.org', '+61 2 6555 0150', 'nonprofit', 3],
    ['Ava Mitchell', 'ava.mitchell@example.com', '+61 415 234 901', 'standard', 1],
    ['Lucas Green', 'lucas.green@example.com', '+61 416 234 012', 'standard', 1],
    ['Hilltop Fitness', 'train@hilltopfitness.example.com', '+61 2 6555 0160', 'business', 4],
  ],
};

/** What each kind of space is booked for: [event type, start, end, guests]. */
const EVENTS = {
  hall: [
    ['Wedding', '15:00', '23:00', 140],
    ['Birthday Party', '18:00', '22:00', 80],
    ['Corporate Event', '09:00', '17:00', 100],
    ['Community Event', '10:00', '14:00', 90],
    ['Concert', '18:30', '22:30', 150],
    ['Fitness Class', '07:00', '09:00', 25],
  ],
  room: [
    ['Meeting', '09:00', '12:00', 12],
    ['Workshop', '13:00', '17:00', 20],
    ['Corporate Event', '09:00', '17:00', 30],
    ['Community Event', '18:00', '21:00', 25],
  ],
  outdoor: [
    ['Wedding', '14:00', '19:00', 180],
    ['Community Event', '08:00', '14:00', 250],
    ['Birthday Party', '11:00', '16:00', 60],
  ],
};

const CANCEL_REASONS = [
  'Customer request: event postponed',
  'Customer request: found another venue',
  'Weather: outdoor event called off',
  'Customer request: numbers too low',
];
const DECLINE_REASONS = [
  'The venue is unavailable at that time',
  'The guest count exceeds the venue capacity',
  'The request does not meet our booking policy',
];
const METHODS = ['Bank Transfer', 'Bank Transfer', 'Bank Transfer', 'Card', 'Card', 'Cash', 'Cheque'];

// --- prices -----------------------------------------------------------------------------------

const minutes = (t) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));

/** The rate card's price (weekend rate Saturday and Sunday; a daily rate is halved under 8 h). */
export function priceOf(rate, day, start, end) {
  const weekend = [0, 6].includes(weekday(day));
  const cents = weekend ? rate.weekendRateCents : rate.weekdayRateCents;
  const hours = (minutes(end) - minutes(start)) / 60;
  if (rate.rateType === 'daily') return hours >= 8 ? cents : Math.round(cents / 2);
  return Math.round(cents * hours);
}

// --- the plan ---------------------------------------------------------------------------------

/**
 * The tenant's history. `resources`: [{ id, name, type, rate }]; `blocked`: [{ resourceId, day }]
 * kept free of bookings (the block-outs). Answers what each service writes.
 */
export function buildPlan({ key, tenantId, resources, now, timeZone, blocked = [], invoicePrefix = 'INV' }) {
  const seed = createHash('sha256').update(`venuedesk-demo:${key}`).digest().readUInt32LE(0);
  const rand = prng(seed);
  const pick = (list) => list[Math.floor(rand() * list.length)];
  const chance = (p) => rand() < p;
  const between = (lo, hi) => lo + Math.floor(rand() * (hi - lo + 1));
  const today = venueDay(now, timeZone);
  const nowMs = now.getTime();
  const at = (day, time) => venueInstant(day, time, timeZone).getTime();
  const cast = CUSTOMERS[key];
  const weighted = cast.flatMap((c) => Array(c[4]).fill(c));
  const isBlocked = (resourceId, day) => blocked.some((b) => b.resourceId === resourceId && b.day === day);

  const customers = cast.map(([name, email, phone, tier]) => ({ name, email, phone, tier }));
  const bookings = [];
  const taken = new Set();
  const add = (resource, day, status, over = {}) => {
    if (taken.has(`${resource.id}:${day}`) || isBlocked(resource.id, day)) return null;
    taken.add(`${resource.id}:${day}`);
    const [eventType, startTime, endTime, guests] = over.event ?? pick(EVENTS[resource.type]);
    const [name, email] = over.customer ?? pick(weighted);
    const startMs = at(day, startTime);
    const endMs = at(day, endTime);
    const lead = between(7, 60);
    let createdMs = Math.min(
      at(addDays(day, -lead), '10:00') + between(0, 480) * 60_000,
      nowMs - 3 * 3_600_000,
    );
    createdMs = Math.max(createdMs, at(addDays(today, -HISTORY_DAYS - 20), '09:00'));
    const b = {
      id: demoId(tenantId, 'booking', bookings.length),
      customerName: name,
      customerEmail: email,
      resourceId: resource.id,
      resourceName: resource.name,
      eventType,
      guestCount: Math.min(guests, Math.max(1, resource.capacity ?? guests)),
      bookingDate: day,
      startTime,
      endTime,
      status,
      priceCents: priceOf(resource.rate, day, startTime, endTime),
      depositPercent: 0,
      bondCents: 0,
      createdAt: iso(createdMs),
      updatedAt: iso(createdMs),
      holdExpiresAt: null,
      cancellationReason: null,
      bookingSource: chance(0.3) ? 'website' : 'admin',
      quotationId: null,
      docsVerified: false,
      // not sent to bookings: when it was confirmed, declined or cancelled
      decidedMs: null,
      declined: false,
      startMs,
      endMs,
    };
    const confirmed = status === 'confirmed' || status === 'completed';
    if (confirmed) {
      b.depositPercent = b.priceCents >= 30000 ? (chance(0.3) ? 50 : 25) : 0;
      b.bondCents = ['Wedding', 'Birthday Party', 'Concert'].includes(eventType) ? 50000 : 0;
      b.decidedMs = Math.min(createdMs + between(2, 72) * 3_600_000, nowMs - 2 * 3_600_000);
      b.updatedAt = iso(status === 'completed' ? Math.min(endMs + 3_600_000, nowMs - 60_000) : b.decidedMs);
      b.docsVerified = status === 'completed' || chance(0.5);
    } else if (status === 'cancelled') {
      b.declined = over.declined ?? chance(0.4);
      b.decidedMs = Math.min(
        createdMs + between(4, 24 * 10) * 3_600_000,
        startMs - 3_600_000,
        nowMs - 3_600_000,
      );
      b.decidedMs = Math.max(b.decidedMs, createdMs + 60_000);
      b.cancellationReason = b.declined ? `Declined - ${pick(DECLINE_REASONS)}` : pick(CANCEL_REASONS);
      b.updatedAt = iso(b.decidedMs);
    } else if (status === 'expired') {
      b.holdExpiresAt = iso(createdMs + 48 * 3_600_000);
      b.updatedAt = b.holdExpiresAt;
    } else if (status === 'tentative') {
      b.holdExpiresAt = iso(
        Math.min(over.holdMs ?? nowMs + between(20, 46) * 3_600_000, startMs - 3_600_000),
      );
      createdMs = Math.min(createdMs, Date.parse(b.holdExpiresAt) - 48 * 3_600_000, nowMs - 3_600_000);
      b.createdAt = iso(createdMs);
      b.updatedAt = b.createdAt;
    }
    bookings.push(b);
    return b;
  };

  /**
   * Places a booking of `status` on the first free day from `from` to `to` days from today, on
   * any resource (the main one first): what the history promises is placed, never hoped for.
   */
  const place = (status, from, to, over = {}) => {
    const step = from <= to ? 1 : -1;
    for (let d = from; d !== to + step; d += step)
      for (const r of resources) {
        const b = add(r, addDays(today, d), status, over);
        if (b) return b;
      }
    throw new Error(`demo plan: no free day for a ${status} booking ${from}..${to} days from ${today}`);
  };

  // Today's Schedule first: the venue is in use today.
  const mainRes = resources[0];
  add(mainRes, today, 'confirmed', { event: ['Corporate Event', '09:00', '17:00', 60] });
  if (resources[1]) add(resources[1], today, 'confirmed', { event: ['Meeting', '13:00', '16:00', 10] });

  for (let offset = -HISTORY_DAYS; offset <= AHEAD_DAYS; offset++) {
    const day = addDays(today, offset);
    if (day === today) continue;
    const wd = weekday(day);
    for (const r of resources) {
      const weekend = wd === 0 || wd === 6;
      // About two bookings a week per space: enough for every figure, few enough for a fast start.
      let p = r.type === 'room' ? (weekend ? 0.1 : 0.2) : weekend ? 0.4 : wd === 5 ? 0.25 : 0.08;
      if (offset > 0) p *= Math.max(0.25, 1 - offset / 110); // the further ahead, the fewer booked yet
      if (!chance(p)) continue;
      let status;
      if (offset < -2)
        status = pick([
          'completed',
          'completed',
          'completed',
          'completed',
          'completed',
          'completed',
          'cancelled',
          'expired',
        ]);
      else if (offset < 0)
        status = 'confirmed'; // yesterday's events, not marked completed yet
      else
        status = pick([
          'confirmed',
          'confirmed',
          'confirmed',
          'confirmed',
          'pending',
          'pending',
          'tentative',
          'cancelled',
        ]);
      add(r, day, status);
    }
  }
  // Holds with short clocks: one under 2 h and one under 12 h (the Dashboard's badges).
  const holdDays = [3, 5, 9, 12, 16];
  const holdClocks = [95, 600, 30 * 60, 40 * 60, 70 * 60];
  for (const [i, day] of holdDays.entries())
    place('tentative', day, day + 30, { holdMs: nowMs + holdClocks[i] * 60_000 });
  // Every status at least once (a quiet week could leave one out).
  for (const [status, from, to] of [
    ['pending', 6, 60],
    ['cancelled', 8, 60],
    ['expired', -20, -120],
    ['completed', -9, -120],
  ]) {
    if (!bookings.some((b) => b.status === status)) place(status, from, to);
  }
  // Two cancelled ones: one declined, one cancelled with its reason (below).
  if (bookings.filter((b) => b.status === 'cancelled').length < 2) place('cancelled', -10, -120);
  // Two accepted quotations come from completed bookings (buildQuotations takes the 4th and 5th).
  while (bookings.filter((b) => b.status === 'completed' && b.priceCents > 0).length < 5)
    place('completed', -9, -170);
  // The history spans six months back and most of three ahead.
  if (!bookings.some((b) => b.bookingDate <= addDays(today, -160))) place('completed', -175, -160);
  if (!bookings.some((b) => b.bookingDate >= addDays(today, 60))) place('confirmed', 60, 90);
  // Declined and cancelled both present.
  const cancelled = bookings.filter((b) => b.status === 'cancelled');
  if (cancelled.length && !cancelled.some((b) => b.declined)) {
    cancelled[0].declined = true;
    cancelled[0].cancellationReason = `Declined - ${DECLINE_REASONS[0]}`;
  }
  if (cancelled.length > 1 && cancelled.every((b) => b.declined)) {
    cancelled[1].declined = false;
    cancelled[1].cancellationReason = CANCEL_REASONS[0];
  }

  const quotations = buildQuotations({ tenantId, bookings, resources, today, nowMs, at, rand, weighted });
  const { invoices, bonds } = buildMoney({ tenantId, bookings, nowMs, at, rand, timeZone, place });
  // Booking codes as bookings gives them: HH-<event year>-<n>, in the order the bookings were made.
  const codes = new Map();
  const perYear = new Map();
  for (const b of [...bookings].sort((x, y) => x.createdAt.localeCompare(y.createdAt))) {
    const year = b.bookingDate.slice(0, 4);
    const n = (perYear.get(year) ?? 0) + 1;
    perYear.set(year, n);
    codes.set(b.id, `HH-${year}-${String(n).padStart(4, '0')}`);
  }
  const numbers = predictNumbers(invoices, timeZone, invoicePrefix);
  const emails = buildEmails({ bookings, invoices, bonds, quotations, numbers, codes, nowMs });

  // The plan's own fields stay here: bookings and money get what they store.
  const forBookings = bookings.map(({ decidedMs: _d, declined: _x, startMs: _s, endMs: _e, ...b }) => b);
  const forMoney = invoices.map(({ amountCents: _a, ...inv }) => ({
    ...inv,
    payments: inv.payments.map(({ planned: _p, ...p }) => p),
  }));
  return {
    today,
    customers,
    bookings: forBookings,
    invoices: forMoney,
    bonds,
    quotations,
    emails,
    numbers,
    codes,
    // what tests compare with (not sent anywhere)
    meta: {
      declined: bookings.filter((b) => b.declined).map((b) => b.id),
      invoiceAmounts: new Map(invoices.map((i) => [i.id, i.amountCents])),
      invoiceStatuses: new Map(invoices.map((i) => [i.id, invoiceStatusOn(i, today)])),
    },
  };
}

function buildQuotations({ tenantId, bookings, resources, today, nowMs, at, rand, weighted }) {
  const quotations = [];
  const between = (lo, hi) => lo + Math.floor(rand() * (hi - lo + 1));
  const q = (status, over) => {
    const r = over.resource ?? resources[quotations.length % resources.length];
    const [name, email, phone] = over.customer ?? weighted[Math.floor(rand() * weighted.length)];
    const [eventType, startTime, endTime, guests] =
      over.event ?? EVENTS[r.type][quotations.length % EVENTS[r.type].length];
    const createdMs = over.createdMs;
    const sentMs = status === 'Draft' ? null : createdMs + between(1, 30) * 3_600_000;
    quotations.push({
      id: demoId(tenantId, 'quotation', quotations.length),
      customerName: name,
      customerEmail: email,
      customerPhone: phone,
      eventType,
      resourceId: r.id,
      resourceName: r.name,
      eventDate: over.eventDate,
      startTime,
      endTime,
      guestCount: guests,
      totalCents: over.totalCents ?? priceOf(r.rate, over.eventDate, startTime, endTime),
      depositPercent: 25,
      validUntil: over.validUntil,
      status,
      createdAt: iso(createdMs),
      sentAt: sentMs === null ? null : iso(sentMs),
      decidedAt: over.decidedMs ? iso(over.decidedMs) : null,
      bookingId: over.bookingId ?? null,
    });
    return quotations.at(-1);
  };
  // Accepted: two completed bookings came from quotations (bookings knows them by quotationId).
  const fromQuote = bookings.filter((b) => b.status === 'completed' && b.priceCents > 0).slice(3, 5);
  for (const b of fromQuote) {
    const createdMs = Date.parse(b.createdAt) - 5 * 86_400_000;
    const resource = resources.find((r) => r.id === b.resourceId);
    const accepted = q('Accepted', {
      resource,
      customer: [b.customerName, b.customerEmail, '+61 400 000 000'],
      event: [b.eventType, b.startTime, b.endTime, b.guestCount],
      eventDate: b.bookingDate,
      totalCents: b.priceCents,
      createdMs,
      validUntil: addDays(b.createdAt.slice(0, 10), 10),
      decidedMs: Date.parse(b.createdAt),
      bookingId: b.id,
    });
    b.bookingSource = 'quotation';
    b.quotationId = accepted.id;
  }
  const day = (n) => addDays(today, n);
  // Sent and still open, Sent and lapsed (Expired), Declined, Drafts.
  for (let i = 0; i < 3; i++)
    q('Sent', {
      eventDate: day(20 + i * 9),
      createdMs: nowMs - (3 + i * 2) * 86_400_000,
      validUntil: day(7 + i * 3),
    });
  for (let i = 0; i < 2; i++)
    q('Sent', {
      eventDate: day(-20 + i * 15),
      createdMs: at(day(-60 + i * 10), '10:00'),
      validUntil: day(-45 + i * 10),
    });
  for (let i = 0; i < 2; i++)
    q('Declined', {
      eventDate: day(-40 + i * 50),
      createdMs: at(day(-80 + i * 50), '11:00'),
      validUntil: day(-65 + i * 50),
      decidedMs: at(day(-75 + i * 50), '15:00'),
    });
  for (let i = 0; i < 2; i++)
    q('Draft', {
      eventDate: day(30 + i * 14),
      createdMs: nowMs - (i + 1) * 86_400_000,
      validUntil: day(14 + i * 7),
    });
  return quotations;
}

/** Invoices (deposit and final, every status), their payments, and the bonds held and refunded. */
function buildMoney({ tenantId, bookings, nowMs, at, rand, timeZone, place }) {
  const invoices = [];
  const bonds = [];
  const between = (lo, hi) => lo + Math.floor(rand() * (hi - lo + 1));
  const method = () => METHODS[Math.floor(rand() * METHODS.length)];
  let payments = 0;
  // A payment of the rest (`rest`) pays what money says is left, whatever its rounding.
  const pay = (inv, ms, amountCents, rest = false) => {
    if (ms > nowMs - 60_000 || amountCents <= 0) return;
    inv.payments.push({
      id: demoId(tenantId, 'payment', payments++),
      at: iso(ms),
      amountCents: rest ? null : amountCents,
      method: method(),
      reference: '',
      planned: amountCents,
    });
  };
  const invoice = (b, type, createdMs, dueDays, amountCents) => {
    const issuedMs = createdMs + 5 * 60_000;
    const issueDay = venueDay(new Date(issuedMs), timeZone);
    const inv = {
      id: demoId(tenantId, 'invoice', invoices.length),
      bookingId: b.id,
      type,
      createdAt: iso(createdMs),
      issuedAt: iso(issuedMs),
      dueDate:
        type === 'DEPOSIT' ? depositDueDate(issueDay, b.bookingDate, dueDays) : addDays(issueDay, dueDays),
      payments: [],
      voidedAt: null,
      refund: null,
      // for the plan's own use (not sent): the amount money will compute
      amountCents,
    };
    invoices.push(inv);
    return inv;
  };
  const confirmed = bookings.filter(
    (b) => (b.status === 'confirmed' || b.status === 'completed') && b.priceCents > 0,
  );
  confirmed.sort((a, b) => a.decidedMs - b.decidedMs);
  let forced = { void: false, refund: false, draft: 0, overdue: false, partial: false };
  for (const b of confirmed) {
    const total = b.priceCents; // inclusive GST: the booking's total is its price
    const deposit = Math.round((total * b.depositPercent) / 100);
    let depositInv = null;
    if (deposit > 0) {
      depositInv = invoice(b, 'DEPOSIT', b.decidedMs + 60_000, 7, deposit);
      const issued = Date.parse(depositInv.issuedAt);
      const past = b.status === 'completed';
      const r = rand();
      if (!past && !forced.void && b.startMs > nowMs + 10 * 86_400_000) {
        // The deposit was waived after all: the invoice is voided, nothing paid.
        depositInv.voidedAt = iso(Math.min(issued + 86_400_000, nowMs - 3_600_000));
        forced.void = true;
      } else if (past || r < 0.7) pay(depositInv, issued + between(1, 6) * 86_400_000, deposit, true);
      else if (r < 0.8 && !forced.partial) {
        pay(depositInv, issued + 2 * 86_400_000, Math.round(deposit / 2));
        forced.partial = true;
      }
      // else: still open (SENT, or OVERDUE once its due day has passed)
    }
    if (b.bondCents > 0) {
      const receivedMs = Math.min(b.decidedMs + between(1, 5) * 86_400_000, nowMs - 3_600_000);
      const refundMs = b.endMs + 3 * 86_400_000;
      bonds.push({
        id: demoId(tenantId, 'bond', bonds.length),
        bookingId: b.id,
        amountCents: b.bondCents,
        method: 'Bank Transfer',
        receivedAt: iso(receivedMs),
        refundedAt: refundMs < nowMs - 3_600_000 ? iso(refundMs) : null,
      });
    }
    if (b.status !== 'completed' && !(b.endMs < nowMs)) continue;
    // The final invoice the day after the event, due in 14 days.
    const remaining = total - (depositInv && !depositInv.voidedAt ? deposit : 0);
    if (remaining <= 0) continue;
    const createdMs = Math.min(at(addDays(b.bookingDate, 1), '10:00'), nowMs - 2 * 3_600_000);
    const fin = invoice(b, 'FINAL', createdMs, 14, remaining);
    const issued = Date.parse(fin.issuedAt);
    const ageDays = (nowMs - issued) / 86_400_000;
    if (ageDays < 8 && forced.draft < 2) {
      fin.issuedAt = null; // not sent yet
      forced.draft++;
      continue;
    }
    const r = rand();
    if (!forced.refund && ageDays > 30 && b.depositPercent === 0) {
      // Paid, then refunded in full with an adjustment note.
      pay(fin, issued + 3 * 86_400_000, remaining, true);
      fin.refund = {
        at: iso(issued + 10 * 86_400_000),
        reason: 'Power outage cut the event short: full refund',
        creditNoteId: demoId(tenantId, 'credit-note', 0),
        paymentId: demoId(tenantId, 'refund', 0),
      };
      forced.refund = true;
    } else if (!forced.overdue && ageDays > 20 && ageDays < 45) {
      forced.overdue = true; // never paid: OVERDUE
    } else if (ageDays > 45) {
      // Old invoices were settled, some in two parts.
      if (r < 0.8) pay(fin, issued + between(2, 16) * 86_400_000, remaining, true);
      else {
        pay(fin, issued + between(1, 5) * 86_400_000, Math.round(remaining * 0.4));
        pay(fin, issued + between(20, 35) * 86_400_000, remaining - Math.round(remaining * 0.4), true);
      }
    } else if (r < 0.72) pay(fin, issued + between(2, 16) * 86_400_000, remaining, true);
    else if (r < 0.86) {
      pay(fin, issued + between(1, 5) * 86_400_000, Math.round(remaining * 0.4));
      if (ageDays > 40) pay(fin, issued + 30 * 86_400_000, remaining - Math.round(remaining * 0.4), true);
    }
  }
  // A quiet season can leave a status out, and time turns a part-paid invoice OVERDUE: each
  // status the Invoices page promises that today's history lacks gets a booking of its own,
  // placed on a free day, with the invoice that shows it.
  const today = venueDay(new Date(nowMs), timeZone);
  const has = (status) => invoices.some((i) => invoiceStatusOn(i, today) === status);
  /** A confirmed booking ahead, decided two days ago, with its half deposit issued then. */
  const depositAhead = () => {
    const b = place('confirmed', 21, 80);
    b.createdAt = iso(nowMs - 4 * 86_400_000);
    b.decidedMs = nowMs - 2 * 86_400_000;
    b.updatedAt = iso(b.decidedMs);
    b.depositPercent = 50;
    const deposit = Math.round(b.priceCents / 2);
    return { inv: invoice(b, 'DEPOSIT', b.decidedMs + 60_000, 7, deposit), deposit };
  };
  /** A completed booking `from`..`to` days back and its final invoice for the whole price. */
  const finalBack = (from, to) => {
    const b = place('completed', from, to);
    b.depositPercent = 0;
    return invoice(b, 'FINAL', at(addDays(b.bookingDate, 1), '10:00'), 14, b.priceCents);
  };
  if (!has('SENT')) depositAhead();
  if (!has('PARTIAL')) {
    const { inv, deposit } = depositAhead();
    pay(inv, nowMs - 86_400_000, Math.round(deposit * 0.4));
  }
  if (!has('VOID')) depositAhead().inv.voidedAt = iso(nowMs - 86_400_000);
  if (!has('OVERDUE')) finalBack(-25, -45); // due 14 days after, unpaid
  if (!has('PAID')) {
    const inv = finalBack(-40, -150);
    pay(inv, Date.parse(inv.issuedAt) + 5 * 86_400_000, inv.amountCents, true);
  }
  if (!has('REFUNDED')) {
    const inv = finalBack(-50, -150);
    const issued = Date.parse(inv.issuedAt);
    pay(inv, issued + 3 * 86_400_000, inv.amountCents, true);
    inv.refund = {
      at: iso(issued + 10 * 86_400_000),
      reason: 'Power outage cut the event short: full refund',
      creditNoteId: demoId(tenantId, 'credit-note', 0),
      paymentId: demoId(tenantId, 'refund', 0),
    };
  }
  if (!has('DRAFT')) finalBack(-3, -20).issuedAt = null; // not sent yet
  return { invoices, bonds };
}

/**
 * A deposit falls due `dueDays` after issue, but no later than 14 days before the event (the
 * default deposit deadline) and never before its issue day (an event sooner than that).
 */
export function depositDueDate(issueDay, eventDay, dueDays) {
  const due = addDays(issueDay, dueDays);
  const deadline = addDays(eventDay, -14);
  const capped = deadline < due ? deadline : due;
  return capped < issueDay ? issueDay : capped;
}

/** The status money gives a planned invoice on `today` (its statusFromFigures and overdue sweep). */
export function invoiceStatusOn(inv, today) {
  if (!inv.issuedAt) return 'DRAFT';
  if (inv.voidedAt) return 'VOID';
  if (inv.refund) return 'REFUNDED';
  const paid = inv.payments.reduce((s, p) => s + p.planned, 0);
  if (paid >= inv.amountCents) return 'PAID';
  if (inv.dueDate < today) return 'OVERDUE';
  return paid > 0 ? 'PARTIAL' : 'SENT';
}

/**
 * The numbers money gives (gap-free per year, in the order things happened): invoice numbers
 * at issue, receipt numbers per payment and refund. Comms' demo e-mails quote them.
 */
export function predictNumbers(invoices, timeZone, invoicePrefix = 'INV') {
  const steps = [];
  for (const inv of invoices) {
    if (inv.issuedAt) steps.push({ at: inv.issuedAt, kind: 'issue', inv });
    for (const p of inv.payments) steps.push({ at: p.at, kind: 'pay', inv, id: p.id });
    if (inv.voidedAt) steps.push({ at: inv.voidedAt, kind: 'void', inv });
    if (inv.refund) steps.push({ at: inv.refund.at, kind: 'refund', inv, id: inv.refund.paymentId });
  }
  steps.sort((a, b) => a.at.localeCompare(b.at));
  const counters = new Map();
  const next = (series, prefix, at) => {
    const year = venueDay(new Date(at), timeZone).slice(0, 4);
    const k = `${series}:${year}`;
    const n = (counters.get(k) ?? 0) + 1;
    counters.set(k, n);
    return `${prefix}-${year}-${String(n).padStart(5, '0')}`;
  };
  const invoice = new Map();
  const receipt = new Map();
  for (const s of steps) {
    if (s.kind === 'issue') invoice.set(s.inv.id, next('invoice', invoicePrefix, s.at));
    else if (s.kind === 'pay' || s.kind === 'refund') receipt.set(s.id, next('receipt', 'RCT', s.at));
    if (s.kind === 'refund') next('credit_note', 'CN', s.at);
  }
  return { invoice, receipt };
}

const AUD = new Intl.NumberFormat('en-AU', { style: 'currency', currency: 'AUD' });
const money = (cents) => AUD.format(cents / 100);

const LONG_DAY = new Intl.DateTimeFormat('en-AU', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});
const longDay = (day) => LONG_DAY.format(new Date(`${day}T12:00:00Z`));

/** The e-mails the venue sent, each under the once-only key of the automatic e-mail it was. */
function buildEmails({ bookings, invoices, bonds, quotations, numbers, codes, nowMs }) {
  const emails = [];
  const byId = new Map(bookings.map((b) => [b.id, b]));
  const part = (b) => ({
    id: b.id,
    code: codes.get(b.id) ?? '',
    customerName: b.customerName,
    customerEmail: b.customerEmail,
    eventType: b.eventType,
    guestCount: b.guestCount,
    bookingDate: b.bookingDate,
    startTime: b.startTime,
    endTime: b.endTime,
    resourceId: b.resourceId,
    resourceName: b.resourceName,
    status: b.status,
    priceCents: b.priceCents,
    holdExpiresAt: b.holdExpiresAt,
  });
  const push = (kind, template, key, ms, booking, extra = {}) => {
    if (ms > nowMs - 60_000) return;
    emails.push({ key, kind, template, sentAt: iso(ms), booking, extra });
  };
  for (const b of bookings) {
    const p = part(b);
    if (b.status === 'confirmed' || b.status === 'completed')
      push('booking_confirmed', 'booking_confirmed', `auto:booking_confirmed:${b.id}`, b.decidedMs, p);
    if (b.status === 'tentative' || b.status === 'expired')
      push('hold_placed', 'hold_placed', `auto:hold_placed:${b.id}`, Date.parse(b.createdAt) + 60_000, p);
    if (b.status === 'cancelled' && b.declined)
      push('declined', 'declined', `auto:declined:${b.id}`, b.decidedMs, p, {
        declineReason: b.cancellationReason.replace(/^Declined - /, ''),
      });
    if (b.status === 'cancelled' && !b.declined)
      push('cancelled', 'cancelled', `auto:cancelled:${b.id}`, b.decidedMs, p);
  }
  for (const inv of invoices) {
    const b = byId.get(inv.bookingId);
    const number = numbers.invoice.get(inv.id);
    if (!inv.issuedAt || !number) continue;
    const common = {
      invoiceNumber: number,
      invoiceTotal: money(inv.amountCents),
      calculatedPrice: money(inv.amountCents),
    };
    push('invoice_issued', 'invoice', `auto:invoice_issued:${inv.id}`, Date.parse(inv.issuedAt), part(b), {
      ...common,
      amountDue: money(inv.amountCents),
      dueDate: longDay(inv.dueDate),
    });
    let paid = 0;
    for (const pmt of inv.payments) {
      paid += pmt.planned;
      push('payment_received', 'receipt', `auto:payment_received:${pmt.id}`, Date.parse(pmt.at), part(b), {
        ...common,
        amountDue: money(inv.amountCents - paid),
        dueDate: longDay(inv.dueDate),
        receiptNumber: numbers.receipt.get(pmt.id),
        amountPaid: money(pmt.planned),
      });
    }
  }
  // A bond paid back e-mails the customer (comms' bond_returned; comms words it from the figures)
  for (const bond of bonds) {
    if (!bond.refundedAt) continue;
    push(
      'bond_returned',
      'bond_returned',
      `auto:bond_returned:${bond.id}`,
      Date.parse(bond.refundedAt),
      part(byId.get(bond.bookingId)),
      { bondCents: String(bond.amountCents) },
    );
  }
  for (const q of quotations) {
    if (!q.sentAt) continue;
    push(
      'quotation',
      'quotation',
      `demo:quotation:${q.id}`,
      Date.parse(q.sentAt),
      {
        id: null,
        code: '',
        customerName: q.customerName,
        customerEmail: q.customerEmail,
        eventType: q.eventType,
        guestCount: q.guestCount,
        bookingDate: q.eventDate,
        startTime: q.startTime,
        endTime: q.endTime,
        resourceId: q.resourceId,
        resourceName: q.resourceName,
        status: 'quoted',
        priceCents: q.totalCents,
        holdExpiresAt: null,
      },
      { calculatedPrice: money(q.totalCents) },
    );
  }
  return emails;
}
