/**
 * Fakes shared by the gateway tests: upstream services, a fake admin, keys and a running gateway,
 * and the real admin behind a gateway for the end-to-end files.
 */
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { importPKCS8, importSPKI, SignJWT, type CryptoKey } from 'jose';
import { pino } from 'pino';
import type { Principal, ServiceName, SessionEndReason } from '@venue/contracts';
import { ACCESS_TOKEN_ALG, type AppRouter } from '@venue/service-kit';
import {
  setEnv,
  startTestService,
  testKeys as kitTestKeys,
  type TestService,
} from '@venue/service-kit/testing';
import { startAdmin, type Harness as AdminHarness } from '../../services/admin/src/testing/harness.ts';
import { createGateway, type Gateway, type GatewayOptions } from './app.ts';

export interface Listening {
  url: string;
  close(): Promise<void>;
}

export async function listen(
  handler: (req: IncomingMessage, res: ServerResponse) => void | Promise<void>,
): Promise<Listening> {
  // A fake whose caller hung up mid-body (what the gateway does on 413) just drops the request.
  const server = createServer((req, res) => {
    Promise.resolve()
      .then(() => handler(req, res))
      .catch(() => res.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A URL nothing listens on (a port that was just free). */
export async function deadUrl(): Promise<string> {
  const l = await listen(() => {});
  await l.close();
  return l.url;
}

export interface Recorded {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface FakeService extends Listening {
  name: string;
  requests: Recorded[];
}

/** Returns true when it answered the request itself; otherwise the default echo runs. */
export type Handler = (req: IncomingMessage, res: ServerResponse) => boolean | Promise<boolean>;

export async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

/**
 * A stand-in service. By default it answers `/health` and echoes every other request as JSON
 * (with two cookies), recording it; `handler` may take over any request first.
 */
export async function fakeService(name: string, handler?: Handler): Promise<FakeService> {
  const requests: Recorded[] = [];
  const l = await listen(async (req, res) => {
    if (handler && (await handler(req, res))) return;
    if (req.url === '/health') {
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ status: 'ok', service: name }));
      return;
    }
    const body = await readBody(req);
    const recorded = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body };
    requests.push(recorded);
    res.writeHead(200, {
      'content-type': 'application/json',
      'set-cookie': [`${name}_a=1; Path=/; HttpOnly`, `${name}_b=2; Path=/api; SameSite=Strict`],
      'x-served-by': name,
    });
    res.end(
      JSON.stringify({ service: name, method: recorded.method, url: recorded.url, bytes: body.length }),
    );
  });
  return { ...l, name, requests };
}

/**
 * The test process's one key pair and internal secret: the kit's, with which the real services
 * these tests start in-process (admin, bookings, the kit's stand-ins) sign tokens and check the
 * gateway's signed headers, reading them from the environment the kit writes. The gateway test
 * files share a process (scripts/test.mjs): a pair or secret of their own, written there, would
 * break the tokens and headers of every file run before it.
 */
const processKeys = await kitTestKeys();
const processPrivateKey = await importPKCS8(processKeys.privateKeyPem, ACCESS_TOKEN_ALG);
const processPublicKey = await importSPKI(processKeys.publicKeyPem, ACCESS_TOKEN_ALG);

export const TEST_SECRET = processKeys.internalSecret;

export interface TestClaims {
  sub: string;
  pv: number;
  role?: string;
  tid?: string;
  /** Session id, and the principal snapshot (em, nm, par, perm) as admin issues them. */
  sid?: string;
  em?: string;
  nm?: string | null;
  par?: string | null;
  perm?: string[];
}

export interface TestKeys {
  privateKey: CryptoKey;
  /** The PEM text of the public half (the algorithm-confusion test signs with it as an HMAC key). */
  publicKeyPem: string;
  token(claims: TestClaims, tweak?: (jwt: SignJWT) => SignJWT): Promise<string>;
}

const keys: TestKeys = {
  privateKey: processPrivateKey,
  publicKeyPem: processKeys.publicKeyPem,
  token: ({ sub, role, tid, ...rest }, tweak = (j) => j) =>
    tweak(
      new SignJWT({ role: role ?? 'hall_owner', tid: tid ?? sub, ...rest })
        .setProtectedHeader({ alg: ACCESS_TOKEN_ALG, typ: 'JWT' })
        .setSubject(sub)
        .setIssuer('venue-admin')
        .setAudience('venue-api')
        .setIssuedAt()
        .setExpirationTime('10m'),
    ).sign(processPrivateKey),
};

/** Signs tokens as admin would, with the process's pair that every gateway started here verifies. */
export async function testKeys(): Promise<TestKeys> {
  return keys;
}

export interface EnvScope {
  /** Sets variables, remembering what each held before the first set. */
  set(vars: Record<string, string>): void;
  /** Puts back what the variables held before. */
  restore(): void;
}

/**
 * Environment variables that the in-process services read when they call out (the kit's relay
 * finds GATEWAY_URL, its principal look-up ADMIN_URL). A file sets them in its own describe's
 * `before` and restores them in its `after`, so they are never another file's.
 */
export function envScope(): EnvScope {
  const undo: Array<() => void> = [];
  return {
    set: (vars) => void undo.push(setEnv(vars)),
    // Last set first, so each variable ends as it was before the first.
    restore: () =>
      undo
        .splice(0)
        .reverse()
        .forEach((put) => put()),
  };
}

/** The snapshot claims admin puts in a token for `p`. */
export function snapshotClaims(p: Principal): Pick<TestClaims, 'em' | 'nm' | 'par' | 'perm'> {
  return { em: p.email, nm: p.name, par: p.parentUserId, perm: p.permissions };
}

export function principal(userId: string, tokenVersion = 1): Principal {
  return {
    userId,
    email: `${userId}@example.test`,
    name: 'Test User',
    role: 'hall_owner',
    tenantId: userId,
    parentUserId: null,
    permissions: [],
    tokenVersion,
  };
}

export interface FakeAdmin extends FakeService {
  /** User ids looked up, in order. */
  lookups: string[];
  /** Sessions admin will report as ended, with why. */
  ended: Map<string, SessionEndReason>;
}

/**
 * Admin with `/internal/principals/:id?sid=` (checking the internal secret; answers the lookup
 * shape) and the echo for everything else.
 */
export async function fakeAdmin(principals: Map<string, Principal>): Promise<FakeAdmin> {
  const lookups: string[] = [];
  const ended = new Map<string, SessionEndReason>();
  const admin = await fakeService('admin', (req, res) => {
    const url = new URL(req.url ?? '/', 'http://admin');
    const m = /^\/internal\/principals\/([^/]+)$/.exec(url.pathname);
    if (!m) return false;
    const id = decodeURIComponent(m[1]!);
    lookups.push(id);
    const json = (status: number, body: unknown) =>
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (req.headers['x-venue-internal'] !== TEST_SECRET) res.writeHead(401).end();
    else {
      const p = principals.get(id);
      const sid = url.searchParams.get('sid') ?? '';
      const reason = ended.get(sid);
      if (!p) json(200, { status: 'ended', reason: 'deleted' });
      else if (reason) json(200, { status: 'ended', reason });
      else json(200, { status: 'live', principal: p });
    }
    return true;
  });
  return Object.assign(admin, { lookups, ended });
}

export interface LogCapture {
  lines: Array<Record<string, unknown>>;
}

export interface RunningGateway extends Listening {
  logs: LogCapture['lines'];
  app: Gateway;
}

/** Starts a gateway on port 0 with the process's keys; services not given point at a dead port. */
export async function startGateway(
  services: Partial<Record<ServiceName, string>>,
  options: Omit<GatewayOptions, 'serviceUrls' | 'logger'> = {},
): Promise<RunningGateway> {
  const dead = await deadUrl();
  const serviceUrls: Partial<Record<ServiceName, string>> = {};
  for (const name of ['admin', 'catalogue', 'bookings', 'money', 'comms', 'insights'] as const) {
    serviceUrls[name] = services[name] ?? dead;
  }
  const lines: Array<Record<string, unknown>> = [];
  const logger = pino({ level: 'debug' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
  // Keys given, not read from the environment: they are the process's, whatever a file set there.
  const app = createGateway({
    serviceUrls,
    logger,
    staticRoot: '/nonexistent',
    nats: false,
    publicKey: processPublicKey,
    internalSecret: TEST_SECRET,
    ...options,
  });
  const l = await listen(app.callback());
  return {
    ...l,
    logs: lines,
    app,
    close: async () => {
      await l.close();
      await app.close();
    },
  };
}

/** A gateway's answer as the end-to-end files read it. */
export interface GatewayReply {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
  text: string;
  headers: Headers;
  cookies: string[];
}

export interface ViaOptions {
  token?: string;
  cookie?: string;
  /** Sent as JSON. */
  body?: unknown;
  /** Another gateway (a replica) instead of this one. */
  url?: string;
}

export interface AdminBehindGateway {
  /** The real admin, its relay posting to this gateway's /internal/events. */
  admin: AdminHarness;
  /** A kit service standing in for the areas the test names, trusting the gateway's signed callers. */
  area: TestService;
  gateway: RunningGateway;
  /** A request through the gateway, with a bearer token, a cookie and/or a JSON body. */
  via(method: string, path: string, opts?: ViaOptions): Promise<GatewayReply>;
  /** Stops admin now (a test of the gateway without it); `close` then leaves it be. */
  stopAdmin(): Promise<void>;
  /** Closes what it started, the last first, and puts the environment back. */
  close(): Promise<void>;
}

/**
 * The real admin, a stand-in area (`routes`, serving the areas in `serves`) and a gateway in front
 * of both. ADMIN_URL points where nothing listens, so a call that succeeds proves the area trusted
 * the gateway's signed principal rather than asking admin; GATEWAY_URL is where admin's relay
 * delivers its events. Both are put back by `close`. Start it in a describe's `before`.
 */
export async function startAdminBehindGateway(
  area: { name: string; routes: (router: AppRouter) => void; serves: ServiceName[] },
  gatewayOptions: Omit<GatewayOptions, 'serviceUrls' | 'logger'> = {},
): Promise<AdminBehindGateway> {
  const env = envScope();
  const started: Array<() => Promise<void>> = [];
  const close = async () => {
    for (const stop of started.splice(0).reverse()) await stop();
    env.restore();
  };
  try {
    const admin = await startAdmin();
    let adminUp = true;
    started.push(async () => {
      if (adminUp) await admin.close();
    });
    env.set({ ADMIN_URL: await deadUrl() });
    const stand = await startTestService({ name: area.name, routes: area.routes });
    started.push(() => stand.close());
    const areas = Object.fromEntries(area.serves.map((name) => [name, stand.url]));
    const gateway = await startGateway({ admin: admin.url, ...areas }, gatewayOptions);
    started.push(() => gateway.close());
    env.set({ GATEWAY_URL: gateway.url });
    return {
      admin,
      area: stand,
      gateway,
      via: (method, path, opts = {}) => viaGateway(opts.url ?? gateway.url, method, path, opts),
      stopAdmin: async () => {
        adminUp = false;
        await admin.close();
      },
      close,
    };
  } catch (err) {
    await close();
    throw err;
  }
}

async function viaGateway(
  url: string,
  method: string,
  path: string,
  opts: ViaOptions,
): Promise<GatewayReply> {
  const headers: Record<string, string> = {};
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.cookie) headers.cookie = opts.cookie;
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(url + path, {
    method,
    headers,
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  const text = await res.text();
  return {
    status: res.status,
    body: text ? JSON.parse(text) : null,
    text,
    headers: res.headers,
    cookies: res.headers.getSetCookie(),
  };
}
