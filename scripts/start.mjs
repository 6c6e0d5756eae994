// `npm start`: install what is missing, build what changed, then run the whole product on
// one URL with embedded PGlite databases under DATA_DIR (default .data/).
import path from 'node:path';
import { ensureInstalled, reexecUnderNode24, root } from './lib/node24.mjs';

ensureInstalled();
reexecUnderNode24(import.meta.filename);

const { buildFrontends } = await import('./lib/frontends.mjs');
const { ensureKeys } = await import('./lib/keys.mjs');
const { productEnv, startAll, waitForHealth } = await import('./lib/processes.mjs');

const port = Number(process.env.PORT ?? 8080);
const dataDir = path.resolve(root, process.env.DATA_DIR ?? '.data');

await buildFrontends();
const keys = ensureKeys(dataDir);
const env = productEnv({ dataDir, keys, port });
delete env.PORT;

// Only the identity service holds the signing key.
const product = startAll({ env, port, adminEnv: { AUTH_PRIVATE_KEY_FILE: keys.privateKeyFile } });
let shuttingDown = false;
const shutdown = async (signal) => {
  if (shuttingDown) return;
  shuttingDown = true;
  console.log(`\n[start] ${signal}: stopping every process…`);
  await product.stop();
  process.exit(0);
};
process.on('SIGINT', () => shutdown('SIGINT'));
process.on('SIGTERM', () => shutdown('SIGTERM'));

try {
  await waitForHealth(`http://127.0.0.1:${port}/api/health`, { timeoutMs: 300_000 });
} catch (err) {
  console.error(`[start] ${err.message}`);
  await product.stop();
  process.exit(1);
}
if (process.env.SEED_DEMO !== 'false') {
  const { seedDemoDomains } = await import('./lib/demo-seed.mjs');
  const { servicesFromEnv } = await import('./lib/demo-seed-history.mjs');
  // Demo content is a convenience: a failure is reported but never stops the product.
  await seedDemoDomains(`http://127.0.0.1:${port}`, console.log, servicesFromEnv(env)).catch((err) =>
    console.warn(`[start] demo data not created: ${err.message}`),
  );
}
console.log(`
  VenueDesk is running at http://localhost:${port}
  Data: ${dataDir}${
    process.env.SEED_DEMO === 'false'
      ? ''
      : `
  Demo sign-ins (password demo-pass-2026):
    admin@demo.local   super admin
    owner@demo.local   hall owner, Harbourside Hall
    owner2@demo.local  hall owner, Hilltop Community Centre
    staff@demo.local   staff of Harbourside Hall (dashboard, calendar, bookings, customers)`
  }
  Press Ctrl+C to stop.
`);
