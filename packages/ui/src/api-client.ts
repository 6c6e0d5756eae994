/**
 * The one way the browser talks to /api. Carries the in-memory access token, refreshes it
 * once on a 401 (the refresh token lives in an httpOnly cookie) and turns failures into the
 * error texts of spec 01 §8. A 401 `token_stale` (the user's permissions or role changed) is
 * mended this way without the user noticing; a 401 whose refresh is refused ends the session
 * (decision 20).
 */

export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;
  constructor(message: string, status: number, body: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }
}

export interface ApiClientOptions {
  getToken: () => string | null;
  /**
   * Obtain a fresh access token (POST /api/auth/refresh); null when the session is gone. Throws
   * when the refresh could not be answered (accounts unavailable): the session may well be
   * alive, so the caller sees that failure instead of being signed out.
   */
  refresh?: () => Promise<string | null>;
  /** Called when a request stays 401 after the refresh attempt, with that 401's body. */
  onUnauthorized?: (body: unknown) => void;
  baseUrl?: string;
  fetch?: typeof fetch;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  /**
   * Sent as `Idempotency-Key` (POSTs whose repetition would do harm: creating a booking, bulk
   * actions). The same key with the same body replays the first answer instead of doing the
   * work again (docs/platform-contract.md); see `idempotencyKeys` for choosing one.
   */
  idempotencyKey?: string;
}

export interface ApiClient {
  /** Throws `Failed to {action}: {status} {statusText} - {server message or Unknown error}`. */
  request<T = unknown>(
    action: string,
    method: HttpMethod,
    path: string,
    body?: unknown,
    options?: RequestOptions,
  ): Promise<T>;
  /** Throws the server's message, or `HTTP error! status: {code}`. */
  api<T = unknown>(path: string, init?: { method?: HttpMethod; body?: unknown } & RequestOptions): Promise<T>;
}

/** A fresh random key (randomUUID needs a secure context; getRandomValues does not). */
export function newIdempotencyKey(): string {
  const c = globalThis.crypto;
  if (typeof c.randomUUID === 'function') return c.randomUUID();
  return Array.from(c.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Keys for one dialog opening: the same content submitted again (a double click, a retry after
 * a lost answer) gets the same key, so the server does the work once; changed content (the user
 * corrected what the server refused) gets a new key, since the server refuses a key reused for
 * a different body (422). Keep one per opening: `const [keyFor] = useState(idempotencyKeys)`.
 */
export function idempotencyKeys(): (body: unknown) => string {
  let last: { content: string; key: string } | undefined;
  return (body) => {
    const content = JSON.stringify(body) ?? '';
    if (last?.content !== content) last = { content, key: newIdempotencyKey() };
    return last.key;
  };
}

async function readBody(res: Response): Promise<unknown> {
  if (res.status === 204) return undefined;
  const text = await res.text();
  if (!text) return undefined;
  if ((res.headers.get('content-type') ?? '').includes('json')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

/** The `{message}` of the platform's error shape, if the body has one. */
export function serverMessage(body: unknown): string | undefined {
  if (body && typeof body === 'object' && 'message' in body) {
    const message = (body as { message: unknown }).message;
    if (typeof message === 'string' && message.trim()) return message;
  }
  return undefined;
}

const REFRESH_UNAVAILABLE = 'Accounts & settings is unavailable right now. Please try again shortly.';

function unavailableText(error: unknown): string {
  return error instanceof Error && error.message.trim() ? error.message : REFRESH_UNAVAILABLE;
}

/** What the caller sees when the token could not be renewed for now: a 503, not a sign-out. */
function refreshUnavailable(error: unknown): Response {
  return new Response(JSON.stringify({ message: unavailableText(error) }), {
    status: 503,
    statusText: 'Service Unavailable',
    headers: { 'content-type': 'application/json' },
  });
}

/** The fetch options of one attempt: the token, the idempotency key and a JSON or multipart body. */
function requestInit(
  method: HttpMethod,
  body: unknown,
  token: string | null,
  options: RequestOptions,
): RequestInit {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (options.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey;
  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    payload = body; // the browser sets the multipart boundary itself
  } else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  return { method, headers, body: payload, credentials: 'same-origin' };
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const baseUrl = options.baseUrl ?? '';

  async function send(
    method: HttpMethod,
    path: string,
    body: unknown,
    token: string | null,
    options: RequestOptions,
  ): Promise<Response> {
    return doFetch(`${baseUrl}${path}`, requestInit(method, body, token, options));
  }

  async function call(
    method: HttpMethod,
    path: string,
    body: unknown,
    opts: RequestOptions = {},
  ): Promise<{ res: Response; data: unknown }> {
    // A retry after the refresh keeps the key: the refused attempt never reached the work.
    let res = await send(method, path, body, options.getToken(), opts);
    if (res.status === 401 && options.refresh) {
      let fresh: string | null;
      try {
        fresh = await options.refresh();
      } catch (error) {
        await res.body?.cancel();
        return { res: refreshUnavailable(error), data: { message: unavailableText(error) } };
      }
      if (fresh) {
        await res.body?.cancel();
        res = await send(method, path, body, fresh, opts);
      }
    }
    const data = await readBody(res);
    if (res.status === 401) options.onUnauthorized?.(data);
    return { res, data };
  }

  return {
    async request<T>(
      action: string,
      method: HttpMethod,
      path: string,
      body?: unknown,
      opts?: RequestOptions,
    ): Promise<T> {
      const { res, data } = await call(method, path, body, opts);
      if (!res.ok) {
        const message = serverMessage(data) ?? 'Unknown error';
        throw new ApiError(
          `Failed to ${action}: ${res.status} ${res.statusText} - ${message}`,
          res.status,
          data,
        );
      }
      return data as T;
    },
    async api<T>(
      path: string,
      init: { method?: HttpMethod; body?: unknown } & RequestOptions = {},
    ): Promise<T> {
      const { res, data } = await call(init.method ?? 'GET', path, init.body, init);
      if (!res.ok) {
        throw new ApiError(serverMessage(data) ?? `HTTP error! status: ${res.status}`, res.status, data);
      }
      return data as T;
    },
  };
}
