/**
 * Calling a service under test as the shell does: JSON with a bearer token, the answer read once
 * into every form an assertion may want (parsed JSON, text, bytes, headers, cookies), so a test
 * never has to know in advance whether a route answers JSON, CSV, iCalendar or a PDF.
 */

export interface Reply {
  status: number;
  // Response shapes are what the assertions probe; typing each one would only restate them.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
  /** The body as text: what `body` is too when it is not JSON (CSV, iCalendar, an error page). */
  text: string;
  /** The body's bytes (a PDF, a picture). */
  bytes: Uint8Array;
  headers: Headers;
  /** Each Set-Cookie header of the answer. */
  cookies: string[];
}

export interface CallOptions {
  /** Sent as `Authorization: Bearer <token>`. */
  token?: string;
  /**
   * JSON, unless it is FormData (sent as the browser's multipart upload) or a string (sent as
   * written: JSON a test wrote by hand, or another format with its content-type in `headers`).
   */
  body?: unknown;
  /** Sent as they are; a content-type here wins over the JSON default. */
  headers?: Record<string, string>;
  /** Sent as the Cookie header (admin's refresh cookie). */
  cookie?: string;
}

/** One request to the service at `url`. */
export async function callService(
  url: string,
  method: string,
  path: string,
  options: CallOptions = {},
): Promise<Reply> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.cookie) headers.cookie = options.cookie;
  let payload: string | FormData | undefined;
  if (options.body instanceof FormData) payload = options.body;
  else if (options.body !== undefined) {
    headers['content-type'] ??= 'application/json';
    payload = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
  }
  const res = await fetch(url + path, { method, headers, body: payload });
  const bytes = new Uint8Array(await res.arrayBuffer());
  const text = new TextDecoder().decode(bytes);
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // not JSON (CSV, iCalendar, a PDF): the text is the body, and `bytes` has the rest
  }
  return { status: res.status, body, text, bytes, headers: res.headers, cookies: res.headers.getSetCookie() };
}

/**
 * The harnesses' `call(method, path, as, body, headers)`: `as` is a cast member's user id (its
 * token is sent) or a token itself; no `as`, no token.
 */
export type Call = (
  method: string,
  path: string,
  as?: string,
  body?: unknown,
  headers?: Record<string, string>,
) => Promise<Reply>;

/** A `Call` on the service at `url`, with `tokens` by user id. */
export function callAs(url: string, tokens: Record<string, string>): Call {
  return (method, path, as, body, headers) =>
    callService(url, method, path, { token: as ? (tokens[as] ?? as) : undefined, body, headers });
}

/**
 * The calls a test's set-up makes (`call` as `as`) and needs to succeed: each answers its body,
 * or throws naming the call and its answer, so a broken set-up is not taken for what is tested.
 */
export function setUpCalls(call: Call, as: string) {
  return async (method: string, path: string, body?: unknown): Promise<Reply['body']> => {
    const r = await call(method, path, as, body);
    if (r.status >= 300) throw new Error(`setup ${method} ${path}: ${r.status} ${r.text}`);
    return r.body;
  };
}
