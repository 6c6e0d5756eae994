/**
 * The one way a service calls another (issue 10): the internal secret, the caller's request id,
 * a timeout, retries of idempotent calls and the answer checked against its contract schema,
 * with every failure mapped once to an `InternalCallError` that says which service and why.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import type { z } from 'zod';
import { INTERNAL_AUTH_HEADER, REQUEST_ID_HEADER } from '@venue/contracts';
import { internalSecret } from '../auth/tokens.ts';
import { serviceUrl } from '../events/service-urls.ts';
import type { ServiceOptions } from '../kit.ts';
import { callUrl, type CallAnswer } from './in-process.ts';

/**
 * What a service is doing (set by requestContext, and by the kit around an event or a job): calls
 * made on its behalf carry the request's id and go to the service's own `peers` when it has them.
 */
export const requestScope = new AsyncLocalStorage<{
  requestId?: string;
  peers?: ServiceOptions['peers'];
}>();

export type InternalFailure = 'unreachable' | 'timeout' | 'status' | 'invalid';

export class InternalCallError extends Error {
  readonly service: string;
  readonly kind: InternalFailure;
  /** The other service's HTTP status when it answered (kind 'status'). */
  readonly status: number | undefined;
  /**
   * The refusal's JSON body when it sent one (kind 'status'), e.g. `{ message, code }` of a 409,
   * so a caller can pass the other service's reason on instead of guessing it.
   */
  readonly body: unknown;
  constructor(service: string, kind: InternalFailure, detail: string, status?: number, body?: unknown) {
    super(`${service}: ${detail}`);
    this.name = 'InternalCallError';
    this.service = service;
    this.kind = kind;
    this.status = status;
    this.body = body;
  }
}

export interface InternalCall<S extends z.ZodType> {
  service: string;
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Path with its query, e.g. `/internal/resources/<tenant>`. */
  path: string;
  body?: unknown;
  /** The contract schema the answer must match. */
  response: S;
  timeoutMs?: number;
  /**
   * Whether repeating the call is harmless. GET, PUT and DELETE are; a POST only when it reads
   * (a price quote) or carries an Idempotency-Key.
   */
  idempotent?: boolean;
  /** Extra attempts for an idempotent call that found the other service down or busy. */
  retries?: number;
  headers?: Record<string, string>;
}

const RETRY_STATUSES = new Set([502, 503, 504]);

/**
 * Calls another service and answers its parsed, validated body. Throws `InternalCallError`:
 * 'unreachable' or 'timeout' when no answer came (after retries), 'status' for a non-2xx answer
 * (its status kept, so callers can treat a 404 as "none"), 'invalid' when the answer breaks the
 * contract, which is a bug in one of the two services rather than data to guess around.
 */
export async function callService<S extends z.ZodType>(call: InternalCall<S>): Promise<z.infer<S>> {
  const res = await answerOf(call, 'application/json');
  let json: unknown;
  try {
    json = await res.json();
  } catch {
    throw new InternalCallError(call.service, 'invalid', 'answered something that is not JSON');
  }
  const parsed = call.response.safeParse(json);
  if (!parsed.success) {
    const where = parsed.error.issues[0]?.path.join('.') || '(root)';
    throw new InternalCallError(call.service, 'invalid', `answer breaks its contract at ${where}`);
  }
  return parsed.data;
}

/** A file another service answered (`callServiceBytes`). */
export interface InternalFile {
  bytes: Buffer;
  contentType: string;
  /** From the answer's Content-Disposition, when it names one. */
  filename: string | null;
}

/**
 * Like `callService`, for an answer that is a file (a PDF) rather than JSON: the same secret,
 * request id, timeout, retries and failures. `contentType` is the type the answer must have
 * (e.g. `application/pdf`); anything else is 'invalid', as a broken JSON answer is.
 */
export async function callServiceBytes(
  call: Omit<InternalCall<z.ZodType>, 'response'> & { contentType: string },
): Promise<InternalFile> {
  const res = await answerOf(call, call.contentType);
  const contentType = (res.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (contentType !== call.contentType.toLowerCase()) {
    await res.body?.cancel();
    throw new InternalCallError(
      call.service,
      'invalid',
      `answered ${contentType || 'no content type'} where ${call.contentType} was expected`,
    );
  }
  const bytes = Buffer.from(await res.arrayBuffer());
  const disposition = res.headers.get('content-disposition') ?? '';
  const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? null;
  return { bytes, contentType, filename };
}

/** A refusal's JSON body (services answer errors as small JSON objects); null for anything else. */
async function refusalBody(res: CallAnswer): Promise<unknown> {
  if (!(res.headers.get('content-type') ?? '').includes('json')) {
    await res.body?.cancel();
    return null;
  }
  try {
    return await res.json();
  } catch {
    return null;
  }
}

/** The 2xx answer of the call (retried as its kind allows), or the `InternalCallError` it ends in. */
async function answerOf(
  call: Omit<InternalCall<z.ZodType>, 'response'>,
  accept: string,
): Promise<CallAnswer> {
  const method = call.method ?? 'GET';
  const idempotent = call.idempotent ?? method !== 'POST';
  const attempts = 1 + (idempotent ? (call.retries ?? 2) : 0);
  const requestId = requestScope.getStore()?.requestId;
  const headers: Record<string, string> = {
    accept,
    [INTERNAL_AUTH_HEADER]: internalSecret(),
    ...(requestId ? { [REQUEST_ID_HEADER]: requestId } : {}),
    ...(call.body === undefined ? {} : { 'content-type': 'application/json' }),
    ...call.headers,
  };
  let last: InternalCallError | undefined;
  for (let attempt = 0; attempt < attempts; attempt++) {
    if (attempt > 0) await sleep(50 * 4 ** (attempt - 1)); // 50 ms, 200 ms
    let res: CallAnswer;
    try {
      // Asked per attempt: with several replicas, a retry goes to the next one.
      const base = requestScope.getStore()?.peers?.[call.service] ?? serviceUrl(call.service);
      res = await callUrl(`${base}${call.path}`, {
        method,
        headers,
        body: call.body === undefined ? undefined : JSON.stringify(call.body),
        signal: AbortSignal.timeout(call.timeoutMs ?? 3000),
      });
    } catch (err) {
      const timedOut = (err as Error).name === 'TimeoutError';
      last = new InternalCallError(
        call.service,
        timedOut ? 'timeout' : 'unreachable',
        timedOut
          ? `no answer within ${call.timeoutMs ?? 3000} ms`
          : `unreachable (${(err as Error).message})`,
      );
      continue;
    }
    if (!res.ok) {
      last = new InternalCallError(
        call.service,
        'status',
        `answered ${res.status}`,
        res.status,
        await refusalBody(res),
      );
      if (RETRY_STATUSES.has(res.status)) continue;
      throw last;
    }
    return res;
  }
  throw last ?? new InternalCallError(call.service, 'unreachable', 'no attempt made');
}
