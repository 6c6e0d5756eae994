// Demo history (decision 48): hands each owning service its part of the demo venues' plan
// (scripts/lib/demo-seed-plan.mjs) through its internal demo route. Order matters per venue:
// comms first (the e-mails already sent, under the keys the automatic e-mails use, so the events
// that follow e-mail nobody today), then bookings (customers and bookings, published as
// booking.created), then money (invoices, payments, bonds, quotations), which waits until
// bookings' events have reached its booking copy. Each service writes once: a second start is
// answered "already".
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
    // Each try is one short transaction (a lock and a count) on a database that is busy taking
    // those events; a quarter second keeps that cheap while not idling long after they are in
    // (at 1 s, half a second was lost per wait on average).
    await new Promise((r) => setTimeout(r, 250));
  }
}

/**
 * Writes one demo venue's history. `venue`: { key: 'owner' | 'owner2', tenantId, resources:
 * [{ id, name, type, capacity, rate }], blocked: [{ resourceId, day }] }.
 */
export async function seedVenueHistory(services, venue, options = {}) {
  const [run] = await seedHistories(services, [venue], options);
  return run;
}

/**
 * Writes the history of several venues. Each venue's e-mails come before its bookings; every
 * service takes one import at a time (one connection per embedded database: two at once would
 * only queue), but different services run at once, so the second venue's e-mails are written
 * while the first venue's bookings are. Money comes last, the last venue first: the bookings'
 * events (four subscribers each, one after the other) are what money waits for, and the last
 * venue's come last in bookings' outbox, so money imports only once they have all reached it
 * and no delivery to money waits behind an import holding money's one embedded connection.
 * Answers one run per venue, in the order given: { plan, comms, bookings, money, ms }.
 */
export async function seedHistories(
  services,
  venues,
  { now = new Date(), timeZone = 'Australia/Sydney' } = {},
) {
  const runs = venues.map((venue) => ({
    plan: buildPlan({ ...venue, now, timeZone }),
    path: `/internal/demo/history/${venue.tenantId}`,
    ms: {},
  }));
  const queues = {};
  // One import at a time per service, in the order asked; ms counts the import, not the queue.
  const post = (run, service, body) => {
    const turn = (queues[service] ?? Promise.resolve()).then(async () => {
      const t = Date.now();
      run[service] = await postInternal(services, service, run.path, body);
      run.ms[service] = Date.now() - t;
    });
    queues[service] = turn.catch(() => {});
    return turn;
  };
  await Promise.all(
    runs.map(async (run) => {
      await post(run, 'comms', { emails: run.plan.emails });
      await post(run, 'bookings', { customers: run.plan.customers, bookings: run.plan.bookings });
    }),
  );
  for (const run of [...runs].reverse())
    await post(run, 'money', {
      invoices: run.plan.invoices,
      bonds: run.plan.bonds,
      quotations: run.plan.quotations,
    });
  return runs.map(({ plan, comms, bookings, money, ms }) => ({ plan, comms, bookings, money, ms }));
}
