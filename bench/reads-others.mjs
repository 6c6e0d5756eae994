// Issue 9's "the same, after adding the 1,000 other tenants: changes < 10 %", measured so that
// the machine's drift cancels out. Two products run side by side on the same tenant: one with
// the tenant alone (ALONE_URL), one with the tenant and the 1,000 others (OTHERS_URL). Only the one
// under load does any work. Each read of reads.mjs is first loaded for 3 s on each (not recorded:
// a read's first seconds in a process cost several times the rest), then on one and at once on the other,
// ROUNDS times (default 4), the order swapped every round, so a slow minute of the machine falls
// on both. Printed per read: each side's lowest p99 and its median CPU per request (gateway +
// bookings [+ PostgreSQL]), and the change from alone to with the others.
//
// On a 2-core machine shared with other work, single runs of the same read moved by ±15 %
// (bench/README): wider than the 10 % to tell apart, which is why the pairs are interleaved.
//
// PGlite: one product folder with the tenant alone, a copy of it with the others added
// (bench/README, "Reads with and without the other tenants"); product.mjs on each, with its own
// PORT and PORT_BASE. ALONE_BOOKINGS_URL and OTHERS_BOOKINGS_URL (each bookings service's own
// address) give the CPU figures; on PostgreSQL ALONE_PG_DB and OTHERS_PG_DB add the backends'.
// CONNECTIONS (16), DURATION (s, default 10), SEARCH as reads.mjs.
import { best, bookingReads, cpuGroups, measured } from './lib/reads.mjs';
import { baseline, load, machine, signIn } from './lib/run.mjs';

const connections = Number(process.env.CONNECTIONS ?? 16);
const rounds = Number(process.env.ROUNDS ?? 4);
const sides = ['alone', 'others'].map((name) => {
  const url = process.env[`${name.toUpperCase()}_URL`];
  if (!url)
    throw new Error('Set ALONE_URL and OTHERS_URL: two products, the tenant alone and with the others');
  return {
    name,
    url,
    groups: cpuGroups(
      url,
      process.env[`${name.toUpperCase()}_BOOKINGS_URL`],
      process.env[`${name.toUpperCase()}_PG_DB`],
    ),
  };
});
for (const side of sides) Object.assign(side, await bookingReads(side.url));
// A fresh access token for each read: a run outlives one (its answers would turn into fast 401s).
const renew = async (side) => {
  side.headers = { authorization: `Bearer ${await signIn(undefined, undefined, side.url)}` };
};
// The same tenant on both sides, or the comparison says nothing.
if (sides[0].sizes !== sides[1].sizes)
  throw new Error(
    `the two products answer differently:\n  alone:  ${sides[0].sizes}\n  others: ${sides[1].sizes}`,
  );
console.log(`answers on both: ${sides[0].sizes}`);

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const cpuOf = (r) => r['cpu ms/req'] ?? r['gateway cpu ms'];
const change = (from, to) => `${to >= from ? '+' : '−'}${Math.abs((100 * (to - from)) / from).toFixed(0)} %`;

const rows = [];
let failed = 0;
for (let f = 0; f < sides[0].figures.length; f++) {
  const title = sides[0].figures[f][0];
  const runs = { alone: [], others: [] };
  for (const side of sides) {
    await renew(side);
    // warm-up, not recorded: the first seconds of a read in a process cost several times the rest
    await load(side.figures[f][1], { connections, headers: side.headers, title, seconds: 3 });
  }
  for (let i = 0; i < rounds; i++) {
    for (const side of i % 2 ? [...sides].reverse() : sides) {
      const r = await measured(
        side.figures[f][1],
        { connections, headers: side.headers, title },
        side.groups,
      );
      failed += r.failed;
      runs[side.name].push(r);
    }
  }
  const [alone, others] = [runs.alone, runs.others].map((rs) => ({
    failed: rs.reduce((n, r) => n + r.failed, 0),
    p99: rs.reduce(best, undefined).p99,
    p99s: rs.map((r) => r.p99),
    cpu: median(rs.map(cpuOf)),
  }));
  rows.push({
    figure: title,
    'alone p99 ms': alone.p99,
    'others p99 ms': others.p99,
    'p99 change': change(alone.p99, others.p99),
    'alone CPU ms': +alone.cpu.toFixed(2),
    'others CPU ms': +others.cpu.toFixed(2),
    'CPU change': change(alone.cpu, others.cpu),
    'every p99 (alone | others)': `${alone.p99s.join(' ')} | ${others.p99s.join(' ')}`,
    'failed (alone | others)': `${alone.failed} | ${others.failed}`,
  });
}
const bare = await baseline(connections);
console.log(
  `\n${machine()} — ${connections} connections, ${rounds} rounds each, interleaved; bare Koa ${bare.rps} req/s`,
);
console.table(rows);
console.log('target: each read changes < 10 % with the 1,000 other tenants added (issue 9)');
if (failed > 0) console.log(`${failed} requests failed: the figures above do not count`);
process.exitCode = failed > 0 ? 1 : 0;
