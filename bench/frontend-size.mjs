// What a cold visit of each page downloads: every script and style sheet a fresh browser
// (empty HTTP cache) fetches until the page has settled, counted as the bytes on the wire
// (the gateway gzips bundles). Runs Debian's Chromium against a running product (BASE_URL),
// so it measures what users get, federation runtime and lazy chunks included, rather than
// what a reading of webpack's stats says they should get.
//
//   node bench/frontend-size.mjs                      # /login and every page the owner may open
//   node bench/frontend-size.mjs /login /BookingsAll  # just these
//   node bench/frontend-size.mjs --files /login       # and list each file
//   node bench/frontend-size.mjs --json out.json …    # also write the numbers
//
// Exit code 1 when a page is over its budget (LOGIN_BUDGET_KB, PAGE_BUDGET_KB).
// Playwright comes from the e2e workspace (hoisted to the root node_modules).
import { writeFileSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { PAGES } from '../packages/contracts/src/routes.ts';

const base = process.env.BASE_URL ?? 'http://localhost:8080';
const email = process.env.EMAIL ?? 'owner@demo.local';
const password = process.env.PASSWORD ?? 'demo-pass-2026';
const loginBudget = Number(process.env.LOGIN_BUDGET_KB ?? 200) * 1000;
const pageBudget = Number(process.env.PAGE_BUDGET_KB ?? 350) * 1000;

const args = process.argv.slice(2);
const listFiles = args.includes('--files');
const jsonAt = args.indexOf('--json');
const jsonFile = jsonAt >= 0 ? args[jsonAt + 1] : null;
const named = args.filter((a, i) => a.startsWith('/') && !(jsonAt >= 0 && i === jsonAt + 1));
// Pages a hall owner may open (super-admin pages would only show Access Denied).
const paths = named.length
  ? named
  : ['/login', ...PAGES.filter((p) => !p.roles || p.roles.includes('hall_owner')).map((p) => p.path)];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});

/**
 * The session's cookies, carried from one visit to the next. The product is signed in to once:
 * the gateway allows 20 sign-ins a minute from one address, and there are more pages than that.
 * The refresh cookie rotates each time a page starts (an old one is taken as copied and ends the
 * session), so each visit passes on the cookie it ended with. Only cookies: a visit must start
 * with nothing else of the one before (its HTTP cache is the context's and starts empty anyway).
 */
let cookies = [];

/** One cold visit: a new context (empty cache), signed in unless it is the login page. */
async function measure(path) {
  const signedIn = path !== '/login';
  const context = await browser.newContext({
    baseURL: base,
    viewport: { width: 1400, height: 900 },
    storageState: { cookies: signedIn ? cookies : [], origins: [] },
  });
  try {
    if (signedIn && cookies.length === 0) {
      // The refresh cookie lands in the context's jar; the shell turns it into a session.
      const res = await context.request.post('/api/login', { data: { email, password } });
      if (!res.ok()) throw new Error(`sign-in failed: ${res.status()}`);
    }
    const result = await visit(context, path);
    if (signedIn) ({ cookies } = await context.storageState());
    return result;
  } finally {
    await context.close();
  }
}

async function visit(context, path) {
  const page = await context.newPage();
  const pending = [];
  page.on('requestfinished', (request) => {
    const type = request.resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    pending.push(
      request.sizes().then(async (sizes) => {
        const response = await request.response();
        return {
          type: type === 'script' ? 'js' : 'css',
          url: request.url().replace(base, ''),
          // The body as sent: gzipped when the gateway compressed it.
          wire: sizes.responseBodySize,
          raw: (await response?.body())?.length ?? 0,
        };
      }),
    );
  });
  const started = Date.now();
  await page.goto(path, { waitUntil: 'load' });
  // Settled: the page's heading is up and nothing (lazy chunk, data) has been fetched for 500 ms.
  await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 90_000 });
  await page.waitForLoadState('networkidle');
  const settledMs = Date.now() - started;
  const heading = (await page.getByRole('heading', { level: 1 }).first().innerText()).trim();
  const files = await Promise.all(pending);
  const sum = (type, key) => files.filter((f) => f.type === type).reduce((n, f) => n + f[key], 0);
  return {
    path,
    heading,
    settledMs,
    jsFiles: files.filter((f) => f.type === 'js').length,
    jsWire: sum('js', 'wire'),
    jsRaw: sum('js', 'raw'),
    cssFiles: files.filter((f) => f.type === 'css').length,
    cssWire: sum('css', 'wire'),
    files,
  };
}

// kB = 1,000 bytes.
const kb = (n) => (n / 1000).toFixed(1).padStart(7);
const results = [];
console.log('page                      JS files  JS gz KB  JS raw KB  CSS gz KB  settled ms  heading');
const failed = [];
for (const path of paths) {
  let r;
  try {
    r = await measure(path);
  } catch (error) {
    // One page that does not settle (a busy machine, a broken remote) is reported, not fatal.
    failed.push(path);
    cookies = []; // the session may have ended with it: the next page signs in again
    console.log(`${path.padEnd(26)}FAILED: ${String(error.message).split('\n')[0]}`);
    continue;
  }
  results.push(r);
  const budget = path === '/login' ? loginBudget : pageBudget;
  const flag = r.jsWire > budget ? '  OVER BUDGET' : '';
  console.log(
    `${path.padEnd(26)}${String(r.jsFiles).padStart(8)}  ${kb(r.jsWire)}  ${kb(r.jsRaw)}   ${kb(r.cssWire)}  ${String(r.settledMs).padStart(10)}  ${r.heading}${flag}`,
  );
  if (listFiles)
    for (const f of [...r.files].sort((a, b) => b.wire - a.wire))
      console.log(`    ${f.type.padEnd(4)}${kb(f.wire)} KB  ${f.url}`);
}
await browser.close();

const over = results.filter((r) => r.jsWire > (r.path === '/login' ? loginBudget : pageBudget));
const worst = results.reduce((a, b) => (b.jsWire > a.jsWire ? b : a), results[0]);
if (worst) console.log(`\nlargest: ${worst.path} ${kb(worst.jsWire).trim()} KB of gzipped JS`);
if (jsonFile)
  writeFileSync(jsonFile, JSON.stringify({ base, date: new Date().toISOString(), results }, null, 2) + '\n');
if (over.length) console.log(`over budget: ${over.map((r) => r.path).join(', ')}`);
if (failed.length) console.log(`not measured: ${failed.join(', ')}`);
if (over.length || failed.length) process.exit(1);
