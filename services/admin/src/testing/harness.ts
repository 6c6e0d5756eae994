/**
 * Test harness: admin on the kit's starter (a fresh database, fresh keys), signed in through its
 * own login with the demo accounts (admin owns the users, so it has no cast), plus what is
 * admin's own: refresh cookies, the audit outbox, uploads and downloads. Not a test file itself.
 */
import { REFRESH_COOKIE } from '@venue/contracts';
import {
  callService,
  startServiceHarness,
  type CallOptions,
  type Reply,
  type ServiceHarness,
  type TestService,
  type TestKeys,
} from '@venue/service-kit/testing';
import { adminService } from '../app.ts';
import { DEMO_PASSWORD } from '../demo/seed.ts';

export { DEMO_PASSWORD };
export type { Reply };

export type Keys = TestKeys;

/** No cast, tokens or settings here: admin signs its own users in (`login`) and publishes settings. */
export interface Harness extends Pick<ServiceHarness, 'url' | 'keys' | 'close'> {
  kit: TestService['kit'];
  /** The service itself (its router lists the routes it serves). */
  service: TestService['service'];
}

/**
 * Start it in a describe's `before` and close it in that describe's `after`, not in top-level
 * hooks: when a workspace's files share one process (decision 70), the top-level hooks of every
 * file hang off the one root test and all run before any file's tests, so every file's service
 * (and whatever the file set in the environment) would be up at once.
 */
export async function startAdmin(): Promise<Harness> {
  delete process.env.SEED_DEMO;
  // No cast: admin resolves its own users, and no settings to deliver (admin publishes them).
  const { t, url, keys, close } = await startServiceHarness(adminService);
  return { url, keys, close, kit: t.kit, service: t.service };
}

/** Admin's calls to the other services go where `<NAME>_URL` points (the kit's, decision 70). */
export { pointPeersAt } from '@venue/service-kit/testing';

/** A request to admin: JSON with a bearer token and/or the refresh cookie. */
export function call(
  h: { url: string },
  method: string,
  path: string,
  options: CallOptions = {},
): Promise<Reply> {
  return callService(h.url, method, path, options);
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

/**
 * The audit actions recorded about a target, as written to the outbox in the same transaction,
 * in the order they were recorded (without ORDER BY they once came in heap order, which a later
 * update of the first row can change).
 */
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
export function upload(
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
  return callService(h.url, 'POST', path, { token: options.token, body: form });
}

/** GET returning the raw bytes (pictures, CSV). */
export async function download(
  h: { url: string },
  path: string,
  token?: string,
): Promise<{ status: number; bytes: Buffer; headers: Headers }> {
  const { status, bytes, headers } = await callService(h.url, 'GET', path, { token });
  return { status, bytes: Buffer.from(bytes), headers };
}
