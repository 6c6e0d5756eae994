// The owner's writes as the screens send them, for the write benches (writes.mjs, burst.mjs): a
// signed-in sender, and booking creates each in a free slot of its own (the venue's halls in turn,
// three slots a day, from a day far ahead).
import { base, signIn } from './run.mjs';

/** Three slots a day, far enough apart for the halls' set-up and pack-down buffers. */
const SLOTS = [
  ['09:00', '10:00'],
  ['13:00', '14:00'],
  ['17:00', '18:00'],
];

/**
 * Signs in as the demo owner and answers `send` (one request: its status, parsed body or text, and
 * ms) and `createBooking` (a create as the booking form sends it, with an Idempotency-Key), the
 * venue's active halls, and the first day no create has used yet (for the next run's DAY_OFFSET).
 */
export async function ownerWrites({ dayOffset, customer = 'Bench Writer' }) {
  const token = await signIn();
  const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const listed = await (await fetch(`${base}/api/resources`, { headers: auth })).json();
  const halls = Array.isArray(listed) ? listed : (listed.items ?? listed.data ?? []);
  const hallIds = halls.filter((r) => r.status === 'active' || r.status === undefined).map((r) => r.id);
  if (!hallIds.length) throw new Error(`no active halls to book: ${JSON.stringify(listed).slice(0, 200)}`);
  // The demo venues' zone (a day far ahead: only the date matters).
  const zone = process.env.TIME_ZONE ?? 'Australia/Sydney';
  const dayOf = (n) =>
    new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(new Date(Date.now() + n * 86_400_000));

  async function send(method, path, body, headers = {}) {
    const s = performance.now();
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { ...auth, ...headers },
      body: JSON.stringify(body),
    });
    const text = await res.text();
    const ms = performance.now() - s;
    let parsed = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // not JSON: kept as text for the failure line
    }
    return { status: res.status, body: parsed, text, ms };
  }

  let used = 0;
  // As the booking form (useBookingSave): with an Idempotency-Key, a new one per create.
  const createBooking = () => {
    const i = used++;
    const slot = Math.floor(i / hallIds.length);
    const [startTime, endTime] = SLOTS[slot % SLOTS.length];
    const tag = customer.toLowerCase().replace(/\s+/g, '.');
    return send(
      'POST',
      '/api/bookings/admin',
      {
        customerName: `${customer} ${i}`,
        customerEmail: `${tag}.${i}@example.com`,
        customerPhone: '+61 412 345 678',
        eventType: 'Meeting',
        selectedHall: hallIds[i % hallIds.length],
        bookingDate: dayOf(dayOffset + Math.floor(slot / SLOTS.length)),
        startTime,
        endTime,
        guestCount: 20,
      },
      { 'idempotency-key': crypto.randomUUID() },
    );
  };

  return {
    send,
    createBooking,
    hallIds,
    slotsUsed: () => used,
    nextFreeDay: () => dayOffset + Math.ceil(used / (hallIds.length * SLOTS.length)),
  };
}
