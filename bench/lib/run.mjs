// Shared by the bench scripts: sign in, run autocannon, and measure a bare Koa "hello" in the
// same run so every figure is printed next to what this machine does with no work at all.
import { createServer } from 'node:http';
import { cpus, totalmem } from 'node:os';
import autocannon from 'autocannon';
import Koa from 'koa';

export const base = process.env.BASE_URL ?? 'http://localhost:8080';
export const duration = Number(process.env.DURATION ?? 10);

/** Signs in at the product at `at` (BASE_URL by default) and answers the access token. */
export async function signIn(
  email = process.env.EMAIL ?? 'owner@demo.local',
  password = process.env.PASSWORD ?? 'demo-pass-2026',
  at = base,
) {
  const res = await fetch(`${at}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`sign-in as ${email} failed: ${res.status} ${await res.text()}`);
  return (await res.json()).token;
}

/** autocannon with the figures we record; non-2xx answers count as failures. */
export async function load(url, { connections = 16, headers = {}, title = url, seconds = duration } = {}) {
  const r = await autocannon({
    url,
    connections,
    duration: seconds,
    headers: { 'accept-encoding': 'gzip, br', ...headers },
  });
  const failed = r.errors + r.non2xx + r.timeouts;
  return {
    title,
    rps: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    failed,
  };
}

/** A bare Koa server answering "hello": the ceiling any route on this machine can reach. */
export async function bareKoa() {
  const app = new Koa();
  app.use((ctx) => {
    ctx.body = { hello: 'world' };
  });
  const server = createServer(app.callback());
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${server.address().port}/`;
  return { url, close: () => new Promise((r) => server.close(r)) };
}

export async function baseline(connections = 16) {
  const koa = await bareKoa();
  try {
    return await load(koa.url, { connections, title: 'bare Koa hello' });
  } finally {
    await koa.close();
  }
}

export function machine() {
  return `${new Date().toISOString().slice(0, 10)}, ${cpus().length} cores (${cpus()[0]?.model ?? 'cpu'}), ${Math.round(totalmem() / 2 ** 30)} GiB, node ${process.version}`;
}

/** Prints a table of results with each one's throughput as a share of the bare baseline. */
export function report(results, bare, extra = '') {
  console.log(`\n${machine()}${extra ? ` — ${extra}` : ''}`);
  const rows = [...results, bare].map((r) => ({
    figure: r.title,
    'req/s': r.rps,
    'p50 ms': r.p50,
    'p99 ms': r.p99,
    failed: r.failed,
    'of bare Koa': r === bare ? '100 %' : `${((100 * r.rps) / bare.rps).toFixed(1)} %`,
  }));
  console.table(rows);
  return rows;
}
