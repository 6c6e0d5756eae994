/**
 * A local stand-in for the few Stripe endpoints payment links use (no outside network here;
 * decision 43). The official SDK talks to it through STRIPE_API_BASE exactly as to Stripe:
 *
 * - `POST /v1/checkout/sessions` (form-encoded, Bearer secret key, `Stripe-Account`,
 *   `Idempotency-Key` honoured: the same key answers the same session) and
 *   `GET /v1/checkout/sessions/{id}`;
 * - a hosted "checkout" page `GET /checkout/{id}` with a Pay button; `POST /checkout/{id}/pay`
 *   completes the session, posts a correctly SIGNED `checkout.session.completed` webhook
 *   (`Stripe-Signature: t=…,v1=HMAC-SHA256(secret, t + "." + payload)`, Stripe's scheme) to the
 *   product, and redirects to the session's success_url.
 *
 * Used by money's tests and by the e2e launcher (scripts/e2e.mjs). Not for production.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StandinOptions {
  /** Where webhooks go (the product's `/api/payments/stripe/webhook`); `setWebhookUrl` changes it. */
  webhookUrl: string;
  webhookSecret: string;
  /** The platform's secret key the SDK must present; absent → any `sk_` key. */
  secretKey?: string;
  port?: number;
  host?: string;
  /** Also send `payment_intent.succeeded` after the session's event (Stripe sends both). */
  paymentIntentEvent?: boolean;
}

export interface StandinSession {
  id: string;
  object: 'checkout.session';
  account: string | null;
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  customer_email: string | null;
  metadata: Record<string, string>;
  mode: string;
  payment_intent: string | null;
  payment_intent_metadata: Record<string, string>;
  payment_status: 'unpaid' | 'paid';
  status: 'open' | 'complete';
  success_url: string;
  cancel_url: string;
  url: string;
  line_items_name: string;
}

export interface StandinEvent {
  id: string;
  object: 'event';
  type: string;
  account?: string;
  api_version: string;
  created: number;
  livemode: false;
  pending_webhooks: number;
  request: { id: null; idempotency_key: null };
  data: { object: Record<string, unknown> };
}

export interface Delivery {
  eventId: string;
  status: number;
  body: string;
}

export interface StripeStandin {
  url: string;
  port: number;
  sessions: Map<string, StandinSession>;
  events: StandinEvent[];
  deliveries: Delivery[];
  /** `Stripe-Signature` for `payload` at `t` (seconds), signed with `secret` (default the webhook secret). */
  signature(payload: string, t?: number, secret?: string): string;
  /** Completes a session as the Pay button does (without the redirect); answers its events. */
  pay(sessionId: string): Promise<StandinEvent[]>;
  /** Posts `event` to the webhook, signed; answers the delivery. */
  deliver(event: StandinEvent): Promise<Delivery>;
  /** A completed session's event (without delivering it), for tests of odd deliveries. */
  sessionEvent(session: StandinSession, type?: string): StandinEvent;
  /** For a product started after the stand-in (it needs the stand-in's address first). */
  setWebhookUrl(url: string): void;
  close(): Promise<void>;
}

const id = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;
const API_VERSION = '2025-10-29.clover';

/** `a[b][0][c]=v` form keys into nested objects and arrays (what the SDK's encoder writes). */
export function parseForm(body: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.replace(/\]/g, '').split('[');
    let node: Record<string, unknown> = out;
    path.forEach((part, i) => {
      if (i === path.length - 1) node[part] = value;
      else {
        const nextIsIndex = /^\d+$/.test(path[i + 1]!);
        node[part] ??= nextIsIndex ? [] : {};
        node = node[part] as Record<string, unknown>;
      }
    });
  }
  return out;
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  res.writeHead(status, {
    'content-type': typeof body === 'string' ? 'text/html; charset=utf-8' : 'application/json',
    ...headers,
  });
  res.end(text);
}

const stripeError = (res: ServerResponse, status: number, message: string) =>
  send(res, status, { error: { type: 'invalid_request_error', message } });

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const esc = (v: unknown) => String(v ?? '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const publicSession = (s: StandinSession) => {
  const { account: _a, payment_intent_metadata: _m, line_items_name: _n, ...rest } = s;
  return rest;
};

function sessionEvent(s: StandinSession, type = 'checkout.session.completed'): StandinEvent {
  return {
    id: id('evt'),
    object: 'event',
    type,
    ...(s.account ? { account: s.account } : {}),
    api_version: API_VERSION,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: {
      object:
        type === 'payment_intent.succeeded'
          ? {
              id: s.payment_intent,
              object: 'payment_intent',
              amount: s.amount_total,
              amount_received: s.amount_total,
              currency: s.currency,
              metadata: s.payment_intent_metadata,
              status: 'succeeded',
            }
          : publicSession(s),
    },
  };
}

function createSession(req: IncomingMessage, form: Record<string, unknown>, base: string): StandinSession {
  const items = (form.line_items as Record<string, unknown>[] | undefined) ?? [];
  let amount = 0;
  let currency = '';
  let name = '';
  for (const item of items) {
    const price = (item.price_data ?? {}) as Record<string, unknown>;
    amount += Number(price.unit_amount ?? 0) * Number(item.quantity ?? 1);
    currency = String(price.currency ?? currency);
    name ||= String((price.product_data as Record<string, unknown> | undefined)?.name ?? '');
  }
  const sid = id('cs');
  const pid = (form.payment_intent_data ?? {}) as Record<string, unknown>;
  return {
    id: sid,
    object: 'checkout.session',
    account: (req.headers['stripe-account'] as string | undefined) ?? null,
    amount_total: amount,
    currency,
    client_reference_id: (form.client_reference_id as string | undefined) ?? null,
    customer_email: (form.customer_email as string | undefined) ?? null,
    metadata: (form.metadata as Record<string, string> | undefined) ?? {},
    mode: String(form.mode ?? 'payment'),
    payment_intent: null,
    payment_intent_metadata: (pid.metadata as Record<string, string> | undefined) ?? {},
    payment_status: 'unpaid',
    status: 'open',
    success_url: String(form.success_url ?? ''),
    cancel_url: String(form.cancel_url ?? ''),
    url: `${base}/checkout/${sid}`,
    line_items_name: name,
  };
}

function checkoutPage(s: StandinSession): string {
  const amount = new Intl.NumberFormat('en-AU', {
    style: 'currency',
    currency: s.currency.toUpperCase(),
  }).format(s.amount_total / 100);
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Checkout (Stripe stand-in)</title></head>
<body><main><h1>Checkout (Stripe stand-in)</h1><p>${esc(s.line_items_name)}</p><p>Amount: <strong>${esc(amount)}</strong></p>
<form method="post" action="/checkout/${esc(s.id)}/pay"><button type="submit">Pay ${esc(amount)}</button></form>
<p><a href="${esc(s.cancel_url)}">Cancel and go back</a></p></main></body></html>`;
}

/** The stand-in's memory, shared by its API, its checkout page and the test handle. */
interface Standin {
  opts: StandinOptions;
  sessions: Map<string, StandinSession>;
  byIdempotencyKey: Map<string, string>;
  events: StandinEvent[];
  deliveries: Delivery[];
  base: string;
  webhookUrl: string;
}

const signatureWith = (secret: string, payload: string, t: number) =>
  `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${payload}`).digest('hex')}`;

async function deliver(st: Standin, event: StandinEvent): Promise<Delivery> {
  const payload = JSON.stringify(event, null, 2);
  let d: Delivery;
  try {
    const r = await fetch(st.webhookUrl, {
      method: 'POST',
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'stripe-signature': signatureWith(st.opts.webhookSecret, payload, Math.floor(Date.now() / 1000)),
        'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
      },
      body: payload,
      signal: AbortSignal.timeout(15_000),
    });
    d = { eventId: event.id, status: r.status, body: await r.text() };
  } catch (err) {
    d = { eventId: event.id, status: 0, body: (err as Error).message };
  }
  st.deliveries.push(d);
  return d;
}

async function pay(st: Standin, sessionId: string): Promise<StandinEvent[]> {
  const s = st.sessions.get(sessionId);
  if (!s) throw new Error(`no session ${sessionId}`);
  if (s.status === 'complete') return [];
  s.status = 'complete';
  s.payment_status = 'paid';
  s.payment_intent = id('pi');
  const sent = [sessionEvent(s)];
  if (st.opts.paymentIntentEvent) sent.push(sessionEvent(s, 'payment_intent.succeeded'));
  for (const e of sent) {
    st.events.push(e);
    await deliver(st, e);
  }
  return sent;
}

/** `/v1/…`: the API the SDK calls, behind the secret key. */
async function serveApi(st: Standin, req: IncomingMessage, res: ServerResponse, url: URL, parts: string[]) {
  const { opts, sessions, byIdempotencyKey } = st;
  const auth = req.headers.authorization ?? '';
  const key = auth.startsWith('Bearer ') ? auth.slice(7) : '';
  if (opts.secretKey ? key !== opts.secretKey : !key.startsWith('sk_'))
    return stripeError(res, 401, 'Invalid API Key provided.');
  if (req.method === 'POST' && parts[1] === 'checkout' && parts[2] === 'sessions' && parts.length === 3) {
    const form = parseForm(await readBody(req));
    const idem = req.headers['idempotency-key'] as string | undefined;
    const again = idem ? sessions.get(byIdempotencyKey.get(idem) ?? '') : undefined;
    if (again) return send(res, 200, publicSession(again), { 'idempotent-replayed': 'true' });
    if (form.mode !== 'payment') return stripeError(res, 400, 'Only mode=payment is stood in for.');
    if (!form.success_url) return stripeError(res, 400, 'Missing required param: success_url.');
    const s = createSession(req, form, st.base);
    if (!(s.amount_total > 0) || !s.currency) return stripeError(res, 400, 'Missing line_items price_data.');
    sessions.set(s.id, s);
    if (idem) byIdempotencyKey.set(idem, s.id);
    return send(res, 200, publicSession(s));
  }
  if (req.method === 'GET' && parts[1] === 'checkout' && parts[2] === 'sessions' && parts[3]) {
    const s = sessions.get(parts[3]);
    return s
      ? send(res, 200, publicSession(s))
      : stripeError(res, 404, `No such checkout.session: '${parts[3]}'`);
  }
  return stripeError(res, 404, `Unrecognized request URL (${req.method}: ${url.pathname}).`);
}

/** `/checkout/{id}`: the hosted page and its Pay button. Answers false when it is neither. */
async function serveCheckout(st: Standin, req: IncomingMessage, res: ServerResponse, parts: string[]) {
  const s = st.sessions.get(parts[1]!);
  if (!s) {
    send(res, 404, '<!doctype html><title>Not found</title><h1>No such checkout</h1>');
    return true;
  }
  if (req.method === 'GET' && parts.length === 2) {
    send(res, 200, checkoutPage(s));
    return true;
  }
  if (req.method === 'POST' && parts[2] === 'pay') {
    await pay(st, s.id);
    res.writeHead(303, { location: s.success_url });
    res.end();
    return true;
  }
  return false;
}

export async function startStripeStandin(opts: StandinOptions): Promise<StripeStandin> {
  const st: Standin = {
    opts,
    sessions: new Map(),
    byIdempotencyKey: new Map(),
    events: [],
    deliveries: [],
    base: '',
    webhookUrl: opts.webhookUrl,
  };
  const server: Server = createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? '/', 'http://standin');
      const parts = url.pathname.split('/').filter(Boolean);
      if (parts[0] === 'v1') return await serveApi(st, req, res, url, parts);
      if (parts[0] === 'checkout' && parts[1] && (await serveCheckout(st, req, res, parts))) return;
      send(res, 404, { error: { message: 'Not found' } });
    } catch (err) {
      send(res, 500, { error: { type: 'api_error', message: (err as Error).message } });
    }
  });
  await new Promise<void>((ok, fail) => {
    server.once('error', fail);
    server.listen(opts.port ?? 0, opts.host ?? '127.0.0.1', () => ok());
  });
  const port = (server.address() as AddressInfo).port;
  st.base = `http://${opts.host ?? '127.0.0.1'}:${port}`;
  return {
    url: st.base,
    port,
    sessions: st.sessions,
    events: st.events,
    deliveries: st.deliveries,
    signature: (payload, t = Math.floor(Date.now() / 1000), secret = opts.webhookSecret) =>
      signatureWith(secret, payload, t),
    pay: (sessionId) => pay(st, sessionId),
    deliver: (event) => deliver(st, event),
    sessionEvent,
    setWebhookUrl: (url) => {
      st.webhookUrl = url;
    },
    close: () =>
      new Promise<void>((ok) => {
        server.closeAllConnections();
        server.close(() => ok());
      }),
  };
}
