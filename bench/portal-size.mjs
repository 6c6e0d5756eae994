// What a visitor's phone downloads on a cold visit of a venue's booking page (issue 25 item 1:
// at most 150 kB of gzipped JavaScript): every script and style sheet Debian's Chromium fetches,
// with an empty cache at 375 px, until the page has settled (its calendar is up and nothing has
// been fetched for 500 ms), counted as bytes on the wire (the gateway gzips bundles).
//
//   node bench/portal-size.mjs                          # against a running product (BASE_URL)
//   node bench/portal-size.mjs /book/hilltop-community-centre /my
//   node bench/portal-size.mjs --files                  # and list each file
//   node bench/portal-size.mjs --dist                   # portal/dist served here, gzipped, with a
//                                                       # stand-in API (before a product serves it)
//
// Exit code 1 when a page is over its budget (PORTAL_BUDGET_KB, default 150).
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';

const args = process.argv.slice(2);
const listFiles = args.includes('--files');
const fromDist = args.includes('--dist');
const budget = Number(process.env.PORTAL_BUDGET_KB ?? 150) * 1000;
const named = args.filter((a) => a.startsWith('/'));
const paths = named.length ? named : ['/book/harbourside-hall'];

let base = process.env.BASE_URL ?? 'http://localhost:8080';
let server = null;
if (fromDist) ({ base, server } = await serveDist());

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

async function measure(path) {
  // A phone: 375 px wide, a new context (empty cache).
  const context = await browser.newContext({ baseURL: base, viewport: { width: 375, height: 812 } });
  try {
    const page = await context.newPage();
    const pending = [];
    page.on('requestfinished', (request) => {
      const type = request.resourceType();
      if (type !== 'script' && type !== 'stylesheet') return;
      pending.push(
        request.sizes().then(async (sizes) => ({
          type: type === 'script' ? 'js' : 'css',
          url: request.url().replace(base, ''),
          wire: sizes.responseBodySize,
          raw: (await (await request.response())?.body())?.length ?? 0,
        })),
      );
    });
    const started = Date.now();
    await page.goto(path, { waitUntil: 'load' });
    await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 60_000 });
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
      cssWire: sum('css', 'wire'),
      files,
    };
  } finally {
    await context.close();
  }
}

const kb = (n) => (n / 1000).toFixed(1).padStart(7);
console.log(`portal on ${base}${fromDist ? ' (portal/dist, stand-in API)' : ''}`);
console.log('page                           JS files  JS gz KB  JS raw KB  CSS gz KB  settled ms  heading');
let over = false;
for (const path of paths) {
  const r = await measure(path);
  const flag = r.jsWire > budget ? '  OVER BUDGET' : '';
  if (flag) over = true;
  console.log(
    `${path.padEnd(31)}${String(r.jsFiles).padStart(8)}${kb(r.jsWire)}   ${kb(r.jsRaw)}    ${kb(r.cssWire)}  ${String(r.settledMs).padStart(10)}  ${r.heading}${flag}`,
  );
  if (listFiles)
    for (const f of r.files.sort((a, b) => b.wire - a.wire))
      console.log(`    ${f.type.padEnd(4)}${kb(f.wire)} gz ${kb(f.raw)} raw  ${f.url}`);
}
console.log(`budget: ${budget / 1000} kB of gzipped JavaScript per cold visit`);
await browser.close();
server?.close();
process.exit(over ? 1 : 0);

/**
 * portal/dist as the gateway serves it (files under /book/, index.html for any page path,
 * gzip), and just enough of the public API for the booking page to draw its calendar.
 */
async function serveDist() {
  const dist = join(import.meta.dirname, '..', 'portal', 'dist');
  const types = { '.js': 'text/javascript', '.css': 'text/css', '.html': 'text/html' };
  const today = new Date().toISOString().slice(0, 10);
  const venue = {
    slug: 'harbourside-hall',
    name: 'Harbourside Hall',
    logoUrl: null,
    contact: { phone: '(02) 9876 5432', email: 'hello@example.com', address: null },
    timezone: 'Australia/Sydney',
    dateFormat: 'DD/MM/YYYY',
    timeFormat: '12h',
    currency: 'AUD',
    country: 'AU',
    resources: [
      {
        id: 'r1',
        name: 'Main Hall',
        capacity: 200,
        description: 'Our largest hall.',
        photoUrl: null,
        equipment: ['Projector'],
        openingHours: Array.from({ length: 7 }, () => ({ open: '08:00', close: '23:00' })),
        setupMinutes: 30,
        packdownMinutes: 30,
        rateInWords: '$160 an hour weekdays, $200 weekends',
      },
    ],
    addOns: [],
    online: {
      questions: [],
      agreement: { version: 1, text: 'Terms.', cancellationTerms: 'Terms.', updatedAt: `${today}T00:00:00Z` },
      minNoticeHours: 48,
      windowDays: 180,
      mode: 'request',
      verifyEmail: true,
    },
  };
  const api = (url) => {
    if (url.pathname.endsWith('/availability')) {
      const days = [];
      for (
        let d = new Date(`${url.searchParams.get('from')}T00:00:00Z`);
        ;
        d.setUTCDate(d.getUTCDate() + 1)
      ) {
        const date = d.toISOString().slice(0, 10);
        if (date > url.searchParams.get('to')) break;
        days.push({ date, open: '08:00', close: '23:00' });
      }
      return {
        timezone: 'Australia/Sydney',
        days,
        busy: [],
        earliestStart: new Date(Date.now() + 48 * 3_600_000).toISOString(),
        lastDate: '2100-01-01',
      };
    }
    if (/^\/api\/public\/venues\/[a-z0-9-]+$/.test(url.pathname)) return venue;
    return null;
  };
  const srv = createServer(async (req, res) => {
    const url = new URL(req.url, 'http://x');
    if (url.pathname.startsWith('/api/')) {
      const body = api(url);
      res.writeHead(body ? 200 : 404, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body ?? { message: 'Not found' }));
      return;
    }
    const name = url.pathname.startsWith('/book/') ? url.pathname.slice('/book/'.length) : '';
    const file = /\.[a-z]+$/.test(name) ? normalize(name).replace(/^(\.\.[/\\])+/, '') : 'index.html';
    try {
      const data = gzipSync(await readFile(join(dist, file)));
      res.writeHead(200, {
        'content-type': types[extname(file)] ?? 'application/octet-stream',
        'content-encoding': 'gzip',
      });
      res.end(data);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise((resolve) => srv.listen(0, '127.0.0.1', resolve));
  return { base: `http://127.0.0.1:${srv.address().port}`, server: srv };
}
