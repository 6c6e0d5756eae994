// Demo data for the domains, created through the product's own public API on the first
// `npm start` (so every rule applies to it exactly as to staff input). The identity service
// seeds the demo accounts; this adds the halls, rates, holidays and bookings behind them.
// Skipped with SEED_DEMO=false and whenever the demo owner already has resources.

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

/** The n-th upcoming weekday (0 = Sunday … 6 = Saturday) at least `minDays` from today. */
function upcoming(weekday, minDays) {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + minDays);
  while (d.getUTCDay() !== weekday) d.setUTCDate(d.getUTCDate() + 1);
  return isoDate(d);
}

const HALLS = {
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

const CUSTOMERS = [
  ['Amelia Chen', 'amelia.chen@example.com', '+61 412 345 678'],
  ['Noah Williams', 'noah.williams@example.com', '+61 423 456 789'],
  ['Harbour Rotary Club', 'events@harbourrotary.example.org', '+61 2 9555 0101'],
  ['Priya Patel', 'priya.patel@example.com', '+61 434 567 890'],
  ['Lachlan Murphy', 'lachlan.murphy@example.com', '+61 447 678 901'],
];

export async function seedDemoDomains(base, log = console.log) {
  const ownerToken = await signIn(base, 'owner@demo.local');
  const existing = await call(base, ownerToken, 'GET', '/api/resources');
  if (Array.isArray(existing) && existing.length > 0) return false;

  for (const [email, halls] of Object.entries(HALLS)) {
    const token = email === 'owner' ? ownerToken : await signIn(base, `${email}@demo.local`);
    const ids = [];
    for (const { resource, pricing } of halls) {
      const created = await call(base, token, 'POST', '/api/resources', resource);
      ids.push(created.id);
      await call(base, token, 'POST', '/api/pricing', {
        resourceId: created.id,
        resourceName: created.name,
        ...pricing,
      });
    }
    const year = new Date().getUTCFullYear();
    await call(base, token, 'POST', '/api/holidays/sync', { state: 'NSW', year });
    if (email !== 'owner') continue;

    const [mainHall, harbourRoom, lawn] = ids;
    await call(base, token, 'POST', '/api/blockouts', {
      resourceIds: [mainHall],
      dateFrom: upcoming(1, 20),
      dateTo: upcoming(1, 20),
      timeFrom: '07:00',
      timeTo: '12:00',
      reason: 'Maintenance',
      notes: 'Floor polishing',
    });
    const plan = [
      // [customer, resource, weekday, minDays, start, end, eventType, guests, then]
      [0, mainHall, 6, 7, '17:00', '23:00', 'Wedding', 150, 'confirm'],
      [1, harbourRoom, 2, 3, '09:00', '12:00', 'Meeting', 12, 'confirm'],
      [2, mainHall, 5, 10, '18:00', '22:00', 'Community Event', 90, 'hold'],
      [3, lawn, 0, 14, '10:00', '16:00', 'Birthday Party', 60, null],
      [4, harbourRoom, 4, 5, '13:00', '17:00', 'Corporate Event', 30, null],
      [0, harbourRoom, 3, 21, '10:00', '12:00', 'Meeting', 8, 'cancel'],
    ];
    for (const [c, resourceId, weekday, minDays, startTime, endTime, eventType, guestCount, then] of plan) {
      const [customerName, customerEmail, customerPhone] = CUSTOMERS[c];
      const { booking } = await call(base, token, 'POST', '/api/bookings/admin', {
        customerName,
        customerEmail,
        customerPhone,
        eventType,
        selectedHall: resourceId,
        bookingDate: upcoming(weekday, minDays),
        startTime,
        endTime,
        guestCount,
        additionalDescription: '',
        status: 'pending',
      });
      if (then === 'confirm') {
        await call(base, token, 'PUT', `/api/bookings/${booking.id}/status`, {
          status: 'confirmed',
          payment_details: { tax_type: 'inclusive', deposit_type: 'Percentage', deposit_value: 25 },
        });
      } else if (then === 'hold') {
        await call(base, token, 'POST', `/api/bookings/${booking.id}/accept`, { holdHours: 72 });
      } else if (then === 'cancel') {
        await call(base, token, 'PUT', `/api/bookings/${booking.id}/status`, {
          status: 'cancelled',
          reason: 'customer_request',
        });
      }
    }
  }
  log('[start] demo halls, rates, holidays and bookings created');
  return true;
}
