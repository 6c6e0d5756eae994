// What insights' read model costs per event it applies: N (default 3,000) booking events
// delivered one at a time with kit.handleEvent, as the relay delivers them, after 300 to warm up;
// the CPU of this process (the service) and, with TEST_DATABASE_URL, of the database's backends
// (found by the database's name). Another checkout (a worktree of the commit before) may be
// named as the argument.
//
//   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node bench/insights-consume.mjs [checkout]
import { randomUUID } from 'node:crypto';
import path from 'node:path';

const root = process.argv[2] ?? path.resolve(import.meta.dirname, '..');
const { startInsights, OWNER, bookingEvent, resourceEvent, settingsEvent, openDaily } = await import(
  `${root}/services/insights/src/testing/harness.ts`
);
const { backends, cpuMs } = await import('./lib/cpu.mjs');
const h = await startInsights();
await h.deliver(settingsEvent(OWNER, 1));
const R = randomUUID();
await h.deliver(resourceEvent(OWNER, { id: R, name: 'Hall', hours: openDaily('07:00', '23:00') }));
const db = process.env.TEST_DATABASE_URL ? new URL(process.env.TEST_DATABASE_URL).pathname.slice(1) : null;
const pgNow = () => (db ? [...cpuMs(backends(db)).values()].reduce((a, b) => a + b, 0) : 0);
const N = Number(process.env.N ?? 3000);
const ev = (i) =>
  bookingEvent(OWNER, {
    id: randomUUID(),
    code: `BK-${i}`,
    resourceId: R,
    resourceName: 'Hall',
    status: 'confirmed',
    startsAt: new Date(Date.now() + i * 3_600_000).toISOString(),
    endsAt: new Date(Date.now() + i * 3_600_000 + 1_800_000).toISOString(),
  });
for (let i = 0; i < 300; i++) await h.deliver(ev(-i - 1));
const c0 = process.cpuUsage();
const p0 = pgNow();
const t0 = performance.now();
for (let i = 0; i < N; i++) await h.deliver(ev(i));
const c = process.cpuUsage(c0);
const p = pgNow() - p0;
const wall = performance.now() - t0;
console.log(
  `${h.t.database.kind}: ${N} booking events, ${(wall / N).toFixed(3)} ms each, CPU service ${((c.user + c.system) / 1000 / N).toFixed(3)} + PostgreSQL ${(p / N).toFixed(3)} ms per event`,
);
await h.close();
process.exit(0);
