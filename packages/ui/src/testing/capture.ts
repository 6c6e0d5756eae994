import { expect } from '@jest/globals';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { server } from './msw.ts';

export interface CapturedRequest {
  method: string;
  /** Path and query as sent, e.g. /api/bookings?status=pending&sort=start */
  url: URL;
  headers: Headers;
  /** The parsed JSON body, or undefined when there was none. */
  body: unknown;
}

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

type Answer = JsonBodyType | Response;

/**
 * Answers `method path` with `answer` (a JSON body, or a function of the captured request, which
 * may wait, e.g. on `holdAnswer()`, to show the screen while it is sending) and records every
 * request it answers, as it arrives, so a test can assert what the screen sent.
 */
export function captureRequests(
  method: Method,
  path: string,
  answer: JsonBodyType | ((req: CapturedRequest) => Answer | Promise<Answer>) = {},
): CapturedRequest[] {
  const seen: CapturedRequest[] = [];
  server.use(
    http[method](path, async ({ request }) => {
      const text = await request.text();
      const captured: CapturedRequest = {
        method: request.method,
        url: new URL(request.url),
        headers: request.headers,
        body: text ? (JSON.parse(text) as unknown) : undefined,
      };
      seen.push(captured);
      const out = typeof answer === 'function' ? await answer(captured) : answer;
      return out instanceof Response ? out : HttpResponse.json(out);
    }),
  );
  return seen;
}

/**
 * The body of the one request `captured` holds, to assert what the screen sent: the test fails
 * (as `toHaveLength(1)` says it) when it sent none or several.
 */
export function onlyBody(captured: readonly CapturedRequest[]): unknown {
  expect(captured).toHaveLength(1);
  return captured[0]!.body;
}
