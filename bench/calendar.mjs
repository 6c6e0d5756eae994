// Calendar month with 2,000 bookings: the bookings service alone, in-process, on loopback.
// PGlite in memory by default; TEST_DATABASE_URL uses a throwaway schema on PostgreSQL.
// Other services are not needed: catalogue answers are faked, and admin's settings event
// (Sydney, 10 % GST) is handed to the service directly.
import autocannon from 'autocannon';
import { makePrincipal, settingsChangedEvent, startTestService, testKeys } from '@venue/service-kit/testing';
import { createBookingsService } from '../services/bookings/src/app.ts';

const OWNER = '0a000000-0000-4000-8000-0000000000b1';
const clients = {
  resources: async () => [],
  priceQuote: async () => null,
};

const keys = await testKeys();
const t = await startTestService({
  ...createBookingsService({ clients }),
  resolvePrincipal: async (id) => (id === OWNER ? makePrincipal({ userId: OWNER }) : null),
});
const year = new Date().getFullYear() + 1;
try {
  await t.kit.handleEvent(settingsChangedEvent(OWNER, 1));
  await t.kit.db.tenantTx(OWNER, (tx) =>
    tx.query(
      `INSERT INTO bookings (tenant_id, booking_code, customer_id, customer_name, customer_email, customer_phone, event_type,
          booking_date, start_time, end_time, resource_id, resource_name, status, starts_at, ends_at, slot)
       SELECT $1, 'BENCH-' || g, 'CUST-BENCH', 'Customer ' || g, 'c' || g || '@example.com', '+61400000000', 'Meeting',
              make_date($2, 6, 1 + g % 30), '09:00', '10:00', gen_random_uuid(), 'Room ' || (g % 20), 'confirmed',
              make_date($2, 6, 1 + g % 30) + time '09:00', make_date($2, 6, 1 + g % 30) + time '10:00',
              tstzrange(make_date($2, 6, 1 + g % 30) + time '09:00', make_date($2, 6, 1 + g % 30) + time '10:00')
         FROM generate_series(1, 2000) g`,
      [OWNER, year],
    ),
  );
  const token = await keys.token({ sub: OWNER, role: 'hall_owner', tid: OWNER, pv: 1 });
  const url = `${t.url}/api/calendar?from=${year}-06-01&to=${year}-06-30`;
  const check = await (await fetch(url, { headers: { authorization: `Bearer ${token}` } })).json();
  if (check.events?.length !== 2000) throw new Error(`expected 2000 events, got ${check.events?.length}`);
  const result = await autocannon({
    url,
    connections: Number(process.env.CONNECTIONS ?? 4),
    duration: Number(process.env.DURATION ?? 10),
    headers: { authorization: `Bearer ${token}` },
  });
  console.log(autocannon.printResult(result));
  const failed = result.errors + result.non2xx;
  console.log(
    `calendar month, 2000 bookings (${t.database.kind}): p99 ${result.latency.p99} ms, ${result.requests.average} req/s, ${failed} failed`,
  );
  process.exitCode = failed > 0 ? 1 : 0;
} finally {
  await t.close();
}
