// Demo history (decision 48): hands each owning service its part of the demo venues' plan
// (scripts/lib/demo-seed-plan.mjs) through its internal demo route. Order matters: comms first
// (the e-mails already sent, under the keys the automatic e-mails use, so the events that follow
// e-mail nobody today), then bookings (customers and bookings, published as booking.created),
// then money (invoices, payments, bonds, quotations), which waits until bookings' events have
// reached its booking copy. Each service writes once: a second start is answered "already".
import { buildPlan } from './demo-seed-plan.mjs';

export const DEMO_TENANT_IDS = {
  owner: 'de300000-0000-4000-8000-00000000000a',
  owner2: 'de300000-0000-4000-8000-00000000000b',
};

/** How long one service may answer 503 (a copy not there yet) before the seed gives up. */
const SETTLE_MS = 90_000;

/** The internal side of the product from its environment (what productEnv sets). */
export function servicesFromEnv(env = process.env) {
  const secret = env.INTERNAL_SECRET;
  const urls = { bookings: env.BOOKINGS_URL, money: env.MONEY_URL, comms: env.COMMS_URL };
  if (!secret || !urls.bookings || !urls.money || !urls.comms) return null;
  return { secret, urls };
}

/** POSTs to a service's internal route, waiting out 503s (its copies still arriving). */
export async function postInternal(services, service, path, body, settleMs = SETTLE_MS) {
  const started = Date.now();
  for (;;) {
    const res = await fetch(services.urls[service] + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-venue-internal': services.secret },
      body: JSON.stringify(body),
    });
    const text = await res.text();
    if (res.ok) return text ? JSON.parse(text) : null;
    if (res.status !== 503 || Date.now() - started > settleMs)
      throw new Error(`${service} ${path} → ${res.status} ${text.slice(0, 300)}`);
    // Not too often: each try is a transaction on a database that is busy taking those events.
    await new Promise((r) => setTimeout(r, 1000));
  }
}

/**
 * Writes one demo venue's history. `venue`: { key: 'owner' | 'owner2', tenantId, resources:
 * [{ id, name, type, capacity, rate }], blocked: [{ resourceId, day }] }.
 */
export async function seedVenueHistory(
  services,
  venue,
  { now = new Date(), timeZone = 'Australia/Sydney' } = {},
) {
  const plan = buildPlan({ ...venue, now, timeZone });
  const path = `/internal/demo/history/${venue.tenantId}`;
  const ms = {};
  let t = Date.now();
  const lap = (name) => {
    ms[name] = Date.now() - t;
    t = Date.now();
  };
  const comms = await postInternal(services, 'comms', path, { emails: plan.emails });
  lap('comms');
  const bookings = await postInternal(services, 'bookings', path, {
    customers: plan.customers,
    bookings: plan.bookings,
  });
  lap('bookings');
  const money = await postInternal(services, 'money', path, {
    invoices: plan.invoices,
    bonds: plan.bonds,
    quotations: plan.quotations,
  });
  lap('money');
  return { plan, comms, bookings, money, ms };
}
