/**
 * The one way the browser talks to /api. Carries the in-memory access token, refreshes it
 * once on a 401 (the refresh token lives in an httpOnly cookie) and turns failures into the
 * error texts of spec 01 §8.
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
  /** Obtain a fresh access token (POST /api/auth/refresh); null when the session is gone. */
  refresh?: () => Promise<string | null>;
  /** Called when a request stays 401 after the refresh attempt. */
  onUnauthorized?: () => void;
  baseUrl?: string;
  fetch?: typeof fetch;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiClient {
  /** Throws `Failed to {action}: {status} {statusText} - {server message or Unknown error}`. */
  request<T = unknown>(action: string, method: HttpMethod, path: string, body?: unknown): Promise<T>;
  /** Throws the server's message, or `HTTP error! status: {code}`. */
  api<T = unknown>(path: string, init?: { method?: HttpMethod; body?: unknown }): Promise<T>;
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

export function createApiClient(options: ApiClientOptions): ApiClient {
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const baseUrl = options.baseUrl ?? '';

  async function send(
    method: HttpMethod,
    path: string,
    body: unknown,
    token: string | null,
  ): Promise<Response> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (token) headers.Authorization = `Bearer ${token}`;
    let payload: BodyInit | undefined;
    if (body instanceof FormData) {
      payload = body; // the browser sets the multipart boundary itself
    } else if (body !== undefined) {
      headers['Content-Type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    return doFetch(`${baseUrl}${path}`, { method, headers, body: payload, credentials: 'same-origin' });
  }

  async function call(
    method: HttpMethod,
    path: string,
    body: unknown,
  ): Promise<{ res: Response; data: unknown }> {
    let res = await send(method, path, body, options.getToken());
    if (res.status === 401 && options.refresh) {
      const fresh = await options.refresh().catch(() => null);
      if (fresh) res = await send(method, path, body, fresh);
    }
    if (res.status === 401) options.onUnauthorized?.();
    return { res, data: await readBody(res) };
  }

  return {
    async request<T>(action: string, method: HttpMethod, path: string, body?: unknown): Promise<T> {
      const { res, data } = await call(method, path, body);
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
    async api<T>(path: string, init: { method?: HttpMethod; body?: unknown } = {}): Promise<T> {
      const { res, data } = await call(init.method ?? 'GET', path, init.body);
      if (!res.ok) {
        throw new ApiError(serverMessage(data) ?? `HTTP error! status: ${res.status}`, res.status, data);
      }
      return data as T;
    },
  };
}
