/**
 * Calls between services that share a process (decision 64: `npm start`, the browser tests and
 * the bench host the six in one) are handed to the callee's Koa app in memory instead of over a
 * loopback socket (decision 68). The call is the same request: the callee's whole middleware
 * (internal secret, hostile-input check, body limits, its transaction) runs as for one that came
 * over the network, and the caller reads a fetch `Response` as before. What goes is the socket
 * work on both sides: HTTP framing, the parser, undici, and the system calls, which were a
 * quarter of the services' CPU per booking create (the relay's deliveries and the price quote).
 * A service elsewhere, or one of these not listening yet, is reached over the network as before.
 * A relay's event batch goes further and skips the request (decision 74: `eventsInProcess`).
 */
import type { RequestListener } from 'node:http';
import inject from 'light-my-request';
import type { DomainEvent } from '@venue/contracts';
import { outsideTransaction } from '../db/database.ts';

/** Listening services of this process by origin (`http://127.0.0.1:7104`). */
const hosted = new Map<string, RequestListener>();

/** How a service applies a relay's batch (its `kit.handleEvents`), answered as its batch route does. */
export type EventsHandler = (
  events: readonly DomainEvent[],
) => Promise<{ outcomes: readonly string[]; error?: unknown }>;

/** The same services' event batches, by origin (decision 74). */
const hostedEvents = new Map<string, EventsHandler>();

/**
 * Serves calls to `origins` from this process while the service listens, and takes relays'
 * event batches for it directly (`handleEvents`); the returned function stops both (on close,
 * so a call or a delivery to a closed service fails as it would over the network).
 */
export function hostInProcess(
  origins: readonly string[],
  listener: RequestListener,
  handleEvents?: EventsHandler,
): () => void {
  for (const o of origins) {
    hosted.set(o, listener);
    if (handleEvents) hostedEvents.set(o, handleEvents);
  }
  return () => {
    for (const o of origins) {
      if (hosted.get(o) === listener) hosted.delete(o);
      if (hostedEvents.get(o) === handleEvents) hostedEvents.delete(o);
    }
  };
}

/**
 * The batch handler of the service at `url` when it listens in this process, else undefined
 * (delivered over HTTP). An event batch between services of one process skips the request
 * (decision 74): the events were the publisher's own outbox rows, so the request's checks
 * (internal secret, hostile text, the envelope's schema) have nothing to find, and its JSON both
 * ways, the middleware and light-my-request were about a tenth of the services' CPU per booking
 * create. The subscriber still parses each payload by its event type's schema (checkConsumed).
 */
export function eventsInProcess(url: string): EventsHandler | undefined {
  return hostedEvents.get(new URL(url).origin);
}

/** The origins a service listening on `host:port` answers to from this process. */
export function loopbackOrigins(host: string, port: number): string[] {
  const loopback = ['127.0.0.1', 'localhost', '0.0.0.0', '::'].includes(host);
  return loopback ? [`http://127.0.0.1:${port}`, `http://localhost:${port}`] : [`http://${host}:${port}`];
}

export interface CallInit {
  method: string;
  headers: Record<string, string>;
  body?: string;
  signal?: AbortSignal;
}

/**
 * What a caller reads of an answer: a fetch `Response` has it all, and an answer made in memory
 * only this (building undici's `Response` and `Headers` for each in-memory answer cost more CPU
 * than the rest of the call's plumbing: ~1 ms per booking create, its quote and deliveries).
 */
export interface CallAnswer {
  readonly ok: boolean;
  readonly status: number;
  readonly headers: { get(name: string): string | null };
  json(): Promise<unknown>;
  arrayBuffer(): Promise<ArrayBuffer>;
  /** The body still unread, to give up (fetch's stream); null in memory, where there is none. */
  readonly body: { cancel(): Promise<void> } | null;
}

/** An answer light-my-request gave, read as a fetch answer is. */
function answerInMemory(res: inject.Response, method: string): CallAnswer {
  const empty = res.statusCode === 204 || res.statusCode === 304 || method === 'HEAD';
  const bytes = empty ? Buffer.alloc(0) : res.rawPayload;
  return {
    ok: res.statusCode >= 200 && res.statusCode < 300,
    status: res.statusCode,
    headers: {
      get(name) {
        const value = res.headers[name.toLowerCase()];
        if (value === undefined) return null;
        return Array.isArray(value) ? value.join(', ') : String(value);
      },
    },
    // As fetch's: an empty body is not JSON and rejects.
    json: async () => JSON.parse(bytes.toString('utf8')) as unknown,
    arrayBuffer: async () =>
      bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer,
    body: null,
  };
}

/** `fetch`, unless the service at `url` listens in this process: then in memory. */
export function callUrl(url: string, init: CallInit): Promise<CallAnswer> {
  const target = new URL(url);
  const listener = hosted.get(target.origin);
  if (!listener) return fetch(url, init);
  // Outside the caller's transaction context: the callee opens its own on its own database.
  // light-my-request dispatches when its answer is first awaited (`then`), not when `inject` is
  // called, so `then` is called in here too: called outside, the callee ran in the caller's
  // transaction context, and on PGlite refused to open its own (money asking bookings for a
  // booking its copy lacked, from inside the invoice's transaction, answered 503).
  const answer = outsideTransaction(() =>
    inject(listener, {
      method: init.method as 'GET',
      url: `${target.pathname}${target.search}`,
      headers: init.headers,
      ...(init.body === undefined ? {} : { payload: init.body }),
      remoteAddress: '127.0.0.1',
    }).then((res) => answerInMemory(res, init.method)),
  );
  const signal = init.signal;
  if (!signal) return answer;
  // The caller's deadline holds as over the network (the callee's work is not cut short, as a
  // server does not stop when its client gives up).
  return new Promise<CallAnswer>((resolve, reject) => {
    const abort = () => reject(signal.reason as Error);
    if (signal.aborted) return abort();
    signal.addEventListener('abort', abort, { once: true });
    answer.then(
      (r) => {
        signal.removeEventListener('abort', abort);
        resolve(r);
      },
      (err: unknown) => {
        signal.removeEventListener('abort', abort);
        reject(err as Error);
      },
    );
  });
}
