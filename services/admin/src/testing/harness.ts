/**
 * Test harness: a fresh admin service (PGlite, or a fresh schema on TEST_DATABASE_URL) with
 * the demo accounts, plus small HTTP helpers. Not a test file itself.
 */
import { REFRESH_COOKIE } from '@venue/contracts';
import { startTestService, testKeys } from '@venue/service-kit/testing';
import { adminService } from '../app.ts';
import { DEMO_PASSWORD } from '../seed.ts';

export { DEMO_PASSWORD };

export type Keys = Awaited<ReturnType<typeof testKeys>>;

export interface Harness {
  url: string;
  keys: Keys;
  close(): Promise<void>;
  kit: Awaited<ReturnType<typeof startTestService>>['kit'];
  /** The service itself (its router lists the routes it serves). */
  service: Awaited<ReturnType<typeof startTestService>>['service'];
}

export async function startAdmin(): Promise<Harness> {
  const keys = await testKeys();
  delete process.env.SEED_DEMO;
  const t = await startTestService(adminService);
  return { url: t.url, kit: t.kit, service: t.service, keys, close: () => t.close() };
}

export interface Reply {
  status: number;
  // Response shapes are what the assertions probe; typing each one would only restate them.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
  headers: Headers;
  cookies: string[];
}

export async function call(
  h: { url: string },
  method: string,
  path: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string>; cookie?: string } = {},
): Promise<Reply> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.cookie) headers.cookie = options.cookie;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(h.url + path, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // not JSON: keep the text for the assertion message
  }
  return { status: res.status, body, headers: res.headers, cookies: res.headers.getSetCookie() };
}

/** The `venue_refresh=<value>` pair from a response, ready to send back as a Cookie header. */
export function refreshCookie(reply: Reply): string {
  const raw = reply.cookies.find((c) => c.startsWith(`${REFRESH_COOKIE}=`));
  if (!raw) throw new Error(`no ${REFRESH_COOKIE} cookie in ${JSON.stringify(reply.cookies)}`);
  return raw.split(';')[0]!;
}

export interface Session {
  token: string;
  role: string;
  cookie: string;
  userId: string;
}

export async function login(
  h: { url: string },
  email: string,
  password = DEMO_PASSWORD,
  headers?: Record<string, string>,
): Promise<Session> {
  const reply = await call(h, 'POST', '/api/login', { body: { email, password }, headers });
  if (reply.status !== 200)
    throw new Error(`login ${email} failed: ${reply.status} ${JSON.stringify(reply.body)}`);
  const payload = JSON.parse(Buffer.from(String(reply.body.token).split('.')[1]!, 'base64url').toString());
  return {
    token: reply.body.token,
    role: reply.body.role,
    cookie: refreshCookie(reply),
    userId: payload.sub,
  };
}

/** Audit actions recorded about a target, as written to the outbox in the same transaction. */
/** The audit actions recorded for a target, in the order they were recorded (no ORDER BY once read them in heap order, which a later update of the first row can change). */
export async function auditedActions(h: Harness, target: string): Promise<string[]> {
  return h.kit.db.systemTx(async (tx) => {
    const { rows } = await tx.query<{ action: string }>(
      `SELECT data->>'action' AS action FROM outbox
        WHERE type = 'audit.recorded' AND data->>'target' = $1
        ORDER BY seq`,
      [target],
    );
    return rows.map((r) => r.action);
  });
}

/** Delivers the outbox now, so `audit.recorded` events are in audit_log when this resolves. */
export async function flushAudit(h: Harness): Promise<void> {
  await h.kit.relay.flush();
}

/** A multipart upload of one file under `field`, as the browser's FormData sends it. */
export async function upload(
  h: { url: string },
  path: string,
  options: { token?: string; field?: string; data: Buffer; filename: string; type?: string },
): Promise<Reply> {
  const form = new FormData();
  form.append(
    options.field ?? 'profilePicture',
    new Blob([new Uint8Array(options.data)], { type: options.type ?? 'application/octet-stream' }),
    options.filename,
  );
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const res = await fetch(h.url + path, { method: 'POST', headers, body: form });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // not JSON
  }
  return { status: res.status, body, headers: res.headers, cookies: res.headers.getSetCookie() };
}

/** GET returning the raw bytes (pictures, CSV). */
export async function download(
  h: { url: string },
  path: string,
  token?: string,
): Promise<{ status: number; bytes: Buffer; headers: Headers }> {
  const res = await fetch(h.url + path, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()), headers: res.headers };
}
