// The six services in one process (decision 64): what `npm start`, the browser tests and the
// bench product run. Each service is still its own program (`services/<name>/src/main.ts`, its
// own container in docker compose); here their `start` functions run side by side, each on the
// port its `<NAME>_URL` names, with its own database, relay and jobs. Sharing the process saves
// what six node processes each paid for themselves: one V8 heap with the libraries loaded once
// (koa, kysely, zod and the contracts), one allocator, one copy of node. SIGINT/SIGTERM close
// the six together, then the process ends.
import { SERVICES } from './lib/processes.mjs';

const portOf = (name) => {
  const url = process.env[`${name.toUpperCase()}_URL`];
  if (!url)
    throw new Error(`${name.toUpperCase()}_URL is not set: the launcher names every service's address`);
  return Number(new URL(url).port);
};

// The signals are taken before the services start: a Ctrl-C (or a test's SIGTERM) that comes
// while the last of them is still starting waits for the starts, then closes all six, rather
// than ending the process in the middle of a migration with node's default exit.
let starting;
let closing = false;
const close = async (signal) => {
  if (closing) return;
  closing = true;
  const started = await starting;
  const results = await Promise.allSettled(started.map((s) => s.close()));
  const failed = results.filter((r) => r.status === 'rejected');
  for (const f of failed) console.error(`[services] ${signal}: a service did not close cleanly:`, f.reason);
  process.exit(failed.length ? 1 : 0);
};
process.once('SIGINT', () => void close('SIGINT'));
process.once('SIGTERM', () => void close('SIGTERM'));

// Together, not one after another: opening an embedded database waits mostly on compiling
// PostgreSQL's WebAssembly, which runs on V8's background threads.
starting = Promise.all(
  SERVICES.map(async ([name]) => {
    const { start } = await import(`../services/${name}/src/main.ts`);
    return start({ port: portOf(name), signals: false });
  }),
);
await starting;
