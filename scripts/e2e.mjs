// `npm run test:e2e`: builds what changed, starts a fresh product (new temporary DATA_DIR,
// its own ports) and runs the Playwright suite in Debian's Chromium against it.
import { appendFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { ensureInstalled, reexecUnderNode24, root } from './lib/node24.mjs';

ensureInstalled();
reexecUnderNode24(import.meta.filename);

const { buildFrontends } = await import('./lib/frontends.mjs');
const { ensureKeys } = await import('./lib/keys.mjs');
const { productEnv, startAll, waitForHealth } = await import('./lib/processes.mjs');

const port = Number(process.env.E2E_PORT ?? 8090);
// services on 7201… so a running `npm start` is not disturbed; E2E_PORT_BASE moves them again
const portBase = Number(process.env.E2E_PORT_BASE ?? 100);
const dataDir = mkdtempSync(path.join(tmpdir(), 'venue-e2e-'));

await buildFrontends();
// The gateway's test of the built app (every asset index.html names is served, within the CSP)
// skips in `npm test`, which runs before anything is built; here the build exists, so it runs.
if (process.argv.length === 2) {
  const built = spawnSync(process.execPath, ['--test', path.join(root, 'gateway/src/built-app.test.ts')], {
    cwd: root,
    stdio: 'inherit',
  });
  if (built.status !== 0) {
    console.error('[e2e] the built app test failed');
    process.exit(built.status ?? 1);
  }
}
const keys = ensureKeys(dataDir);
const env = productEnv({ dataDir, keys, port, portBase });
delete env.PORT;

// With E2E_PG_URL (a superuser URL, as CI has) the product runs on a fresh PostgreSQL
// database with the two roles of decision 19: venue_owner owns the schemas and migrates,
// venue_app serves. Tests may reach under it (E2E_DATABASE_URL) to prove that tampering is
// detected. Without it the product runs on embedded PGlite.
let dropDatabase = async () => {};
const playwrightEnv = {};
if (process.env.E2E_PG_URL) {
  const { productDatabase } = await import('./lib/product-database.mjs');
  const dbName = `venue_e2e_${Date.now()}`;
  const database = await productDatabase(process.env.E2E_PG_URL, dbName);
  Object.assign(env, database.env);
  playwrightEnv.E2E_DATABASE_URL = database.superUrl;
  dropDatabase = () => database.drop();
  console.log(`[e2e] product on PostgreSQL database ${dbName}`);
}
// Many sign-ins from one address in a short run; the limits themselves have API tests.
env.LOGIN_RATE_LIMIT_PER_MINUTE = '1000';
// The same for the venues' public pages (decision 56): many requests from one address; the
// gateway's door tests check the limits themselves.
env.PUBLIC_RATE_LIMIT_SCALE = '100';
// Webhooks (decision 60): the specs' receivers listen on this machine, which a webhook may reach
// only when the operator allows it.
env.WEBHOOK_ALLOW_HOSTS = '127.0.0.1';

// Card payments (decision 43): money's Stripe SDK talks to the local stand-in, whose hosted
// checkout page posts signed webhooks back through the gateway. It runs as a process of its own
// (this launcher blocks while Playwright runs). `npm start` has none of this (no STRIPE_*
// variables: bank transfer only).
const stripe = {
  STRIPE_SECRET_KEY: 'sk_test_e2e_standin',
  STRIPE_WEBHOOK_SECRET: `whsec_e2e_${Date.now().toString(36)}`,
};
const standin = spawn(
  process.execPath,
  [path.join(root, 'services/money/src/paylinks/stripe-standin-main.ts')],
  {
    env: {
      ...process.env,
      ...stripe,
      STANDIN_WEBHOOK_URL: `http://127.0.0.1:${port}/api/payments/stripe/webhook`,
      STANDIN_PORT: process.env.E2E_STRIPE_PORT ?? '0',
      // Stripe sends both for one payment; money records it once.
      STANDIN_PAYMENT_INTENT_EVENT: 'true',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  },
);
process.once('exit', () => standin.kill('SIGKILL'));
const standinUrl = await new Promise((ok, fail) => {
  let out = '';
  standin.stdout.on('data', (d) => {
    out += d;
    const m = out.match(/listening (\S+)/);
    if (m) ok(m[1]);
  });
  standin.once('exit', (code) => fail(new Error(`the Stripe stand-in exited (${code})`)));
});
Object.assign(env, stripe, { STRIPE_API_BASE: standinUrl });

// The product's logs go to a file beside the test artifacts (printed on failure), or to
// the console with E2E_LOGS=true.
const outputDir = path.join(root, 'e2e', 'test-results', String(port));
mkdirSync(outputDir, { recursive: true });
// Outside outputDir: Playwright empties that folder when it starts.
const logFile = path.join(root, 'e2e', 'test-results', `product-${port}.log`);
rmSync(logFile, { force: true });
const log = process.env.E2E_LOGS === 'true' ? console.log : (line) => appendFileSync(logFile, line + '\n');

const product = startAll({
  env,
  port,
  log,
  adminEnv: { AUTH_PRIVATE_KEY_FILE: keys.privateKeyFile },
});
let code = 1;
try {
  // Six embedded databases start at once; on a busy two-core machine that can take minutes.
  await waitForHealth(`http://127.0.0.1:${port}/api/health`, { timeoutMs: 300_000 });
  // Not spawnSync: this process reads the product's output (its children's pipes) and must go on
  // reading while the tests run; a blocked launcher filled the pipes and froze the product.
  const playwright = spawn(
    path.join(root, 'node_modules', '.bin', 'playwright'),
    ['test', '--config', path.join(root, 'e2e', 'playwright.config.ts'), ...process.argv.slice(2)],
    {
      cwd: path.join(root, 'e2e'),
      stdio: 'inherit',
      env: {
        ...process.env,
        ...playwrightEnv,
        // The demo seed some specs run (decision 48) reaches the services' internal demo routes.
        INTERNAL_SECRET: env.INTERNAL_SECRET,
        BOOKINGS_URL: env.BOOKINGS_URL,
        MONEY_URL: env.MONEY_URL,
        COMMS_URL: env.COMMS_URL,
        BASE_URL: `http://localhost:${port}`,
        E2E_DATA_DIR: dataDir,
        E2E_OUTPUT_DIR: outputDir,
      },
    },
  );
  const [status] = await once(playwright, 'exit');
  code = status ?? 1;
} catch (err) {
  console.error(`[e2e] ${err.message}`);
}
if (code !== 0 && existsSync(logFile)) {
  const lines = readFileSync(logFile, 'utf8')
    .split('\n')
    .filter((l) => !l.includes('/health'));
  console.error(`[e2e] last product log lines (${logFile}):\n${lines.slice(-60).join('\n')}`);
}
try {
  await product.stop();
  standin.kill('SIGTERM');
  await dropDatabase();
  rmSync(dataDir, { recursive: true, force: true });
} catch (err) {
  console.error(`[e2e] cleanup: ${err.message}`);
}
process.exit(code);
