// Demo data for the domains on the first `npm start`. The identity service seeds the demo
// accounts; this adds the halls, rates, holidays and block-outs through the product's own public
// API (every rule applies to them as to staff input), then six months of history and three
// ahead through each owning service's internal demo route (decision 48: the public API rightly
// refuses past bookings and stamps payments "now"). Skipped with SEED_DEMO=false; the halls only
// when the demo owner already has resources; the history once per service.

import { DEMO_TENANT_IDS, seedHistories, servicesFromEnv } from './demo-seed-history.mjs';

const PASSWORD = 'demo-pass-2026';

/** How long a first start may take to hand each tenant's settings to bookings and the catalogue. */
const SETTLE_MS = 90_000;

async function call(base, token, method, path, body) {
  const started = Date.now();
  let res;
  for (;;) {
    res = await fetch(base + path, {
      method,
      headers: {
        accept: 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    // Right after a first start, bookings and the catalogue answer 503 (storing nothing) until
    // admin's settings event for the tenant has reached them (decision 21): wait for it.
    if (res.status !== 503 || Date.now() - started > SETTLE_MS) break;
    await res.arrayBuffer();
    await new Promise((r) => setTimeout(r, 500));
  }
  const text = await res.text();
  const data = text ? JSON.parse(text) : null;
  if (!res.ok) throw new Error(`${method} ${path} → ${res.status} ${data?.message ?? text}`);
  return data;
}

async function signIn(base, email) {
  const { token } = await call(base, null, 'POST', '/api/login', { email, password: PASSWORD });
  return token;
}

function isoDate(d) {
  return d.toISOString().slice(0, 10);
}

export const HALLS = {
  owner: [
    {
      resource: {
        name: 'Main Hall',
        type: 'hall',
        capacity: 180,
        description: 'Sprung timber floor, stage and kitchen.',
        calendarColour: '#2563EB',
        colourName: 'Blue',
        equipment: [
          { name: 'Round tables', quantity: 20 },
          { name: 'Chairs', quantity: 180 },
        ],
      },
      pricing: {
        rateType: 'hourly',
        weekdayRateCents: 12000,
        weekendRateCents: 16000,
        description: 'Standard hourly hire',
      },
    },
    {
      resource: {
        name: 'Harbour Room',
        type: 'room',
        capacity: 40,
        description: 'Meeting room with harbour views.',
        calendarColour: '#16A34A',
        colourName: 'Green',
      },
      pricing: {
        rateType: 'hourly',
        weekdayRateCents: 4500,
        weekendRateCents: 6000,
        description: 'Meetings and workshops',
      },
    },
    {
      resource: {
        name: 'Waterfront Lawn',
        type: 'outdoor',
        capacity: 300,
        description: 'Open lawn for ceremonies and markets.',
        calendarColour: '#D97706',
        colourName: 'Amber',
      },
      pricing: {
        rateType: 'daily',
        weekdayRateCents: 90000,
        weekendRateCents: 140000,
        description: 'Full-day hire (half rate under 8 hours)',
      },
    },
  ],
  owner2: [
    {
      resource: {
        name: 'Community Hall',
        type: 'hall',
        capacity: 120,
        description: 'Hall with kitchenette and accessible toilets.',
        calendarColour: '#7C3AED',
        colourName: 'Violet',
      },
      pricing: {
        rateType: 'hourly',
        weekdayRateCents: 6500,
        weekendRateCents: 8500,
        description: 'Community rate',
      },
    },
  ],
};

/** Block-outs of the demo venues: [venue, resource index, days from today, from, to, reason, notes]. */
export const BLOCKOUTS = [
  ['owner', 0, 20, '07:00', '12:00', 'Maintenance', 'Floor polishing'],
  ['owner', 1, 34, '08:00', '18:00', 'Maintenance', 'Repainting'],
  ['owner', 0, -45, '08:00', '17:00', 'Private Event', 'Owner’s staff training day'],
  ['owner2', 0, 12, '09:00', '15:00', 'Maintenance', 'Heating service'],
  ['owner2', 0, -30, '08:00', '18:00', 'Deep Cleaning', 'Annual deep clean'],
];

function dayFromToday(days) {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + days);
  return isoDate(d);
}

/**
 * The demo venues' booking pages take requests for every demo hall (issue 25): admin's seed opened
 * the pages before the halls existed, so their resources are named here, once, through the API.
 */
async function openOnlineBookings(base, token, resources) {
  const setting = await call(base, token, 'GET', '/api/settings/online-bookings');
  const ids = resources.filter(Boolean).map((r) => r.id);
  if (!setting?.slug || setting.resourceIds.length > 0 || ids.length === 0) return;
  const { agreement, ...rest } = setting;
  await call(base, token, 'PUT', '/api/settings/online-bookings', {
    ...rest,
    resourceIds: ids,
    agreement: { text: agreement.text, cancellationTerms: agreement.cancellationTerms },
  });
}

/**
 * Demo halls, rates, holidays and block-outs through the public API (first start only), then
 * the venues' six months of history and three ahead (decision 48) through the owning services'
 * internal demo routes when `services` (internal URLs and secret) is known. Answers whether the
 * halls were created now.
 */
export async function seedDemoDomains(base, log = console.log, services = servicesFromEnv()) {
  const tokens = { owner: await signIn(base, 'owner@demo.local') };
  tokens.owner2 = await signIn(base, 'owner2@demo.local');
  const existing = await call(base, tokens.owner, 'GET', '/api/resources');
  const created = !(Array.isArray(existing) && existing.length > 0);
  const venues = {};
  for (const [key, halls] of Object.entries(HALLS)) {
    const token = tokens[key];
    let resources = [];
    if (created) {
      for (const { resource, pricing } of halls) {
        const r = await call(base, token, 'POST', '/api/resources', resource);
        resources.push(r);
        await call(base, token, 'POST', '/api/pricing', {
          resourceId: r.id,
          resourceName: r.name,
          ...pricing,
        });
      }
      const year = new Date().getUTCFullYear();
      await call(base, token, 'POST', '/api/holidays/sync', { state: 'NSW', year });
    } else {
      const list = key === 'owner' ? existing : await call(base, token, 'GET', '/api/resources');
      resources = halls.map(({ resource }) => list.find((x) => x.name === resource.name));
    }
    const blocked = [];
    for (const [venue, index, days, timeFrom, timeTo, reason, notes] of BLOCKOUTS) {
      if (venue !== key || !resources[index]) continue;
      const day = dayFromToday(days);
      blocked.push({ resourceId: resources[index].id, day });
      if (created)
        await call(base, token, 'POST', '/api/blockouts', {
          resourceIds: [resources[index].id],
          dateFrom: day,
          dateTo: day,
          timeFrom,
          timeTo,
          reason,
          notes,
        });
    }
    await openOnlineBookings(base, token, resources);
    venues[key] = {
      key,
      tenantId: DEMO_TENANT_IDS[key],
      blocked,
      resources: halls.map(({ resource, pricing }, i) => ({
        id: resources[i]?.id,
        name: resource.name,
        type: resource.type,
        capacity: resource.capacity,
        rate: pricing,
      })),
      complete: halls.every((_, i) => resources[i]),
    };
  }
  if (created) log('[start] demo halls, rates, holidays and block-outs created');
  if (!services) {
    log('[start] demo history skipped: no internal service addresses in this environment');
    return created;
  }
  const started = Date.now();
  const ready = Object.values(venues).filter((venue) => {
    if (!venue.complete)
      log(`[start] demo history skipped for ${venue.key}@demo.local: its demo halls are not all there`);
    return venue.complete;
  });
  const runs = await seedHistories(services, ready);
  ready.forEach((venue, i) => {
    const { bookings, money } = runs[i];
    if (!bookings.already || !money.already)
      log(
        `[start] demo history for ${venue.key}@demo.local: ${bookings.created} bookings, ${money.created} money records`,
      );
  });
  const phase = (name) => (runs.reduce((sum, run) => sum + run.ms[name], 0) / 1000).toFixed(1);
  log(
    `[start] demo history checked in ${((Date.now() - started) / 1000).toFixed(1)} s` +
      (runs.length
        ? ` (comms ${phase('comms')} s, bookings ${phase('bookings')} s, money ${phase('money')} s)`
        : ''),
  );
  return created;
}
