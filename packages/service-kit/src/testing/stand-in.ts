/**
 * A peer stood in for over HTTP, for a test of code that calls it: listening on an ephemeral port,
 * keeping every request it was sent and answering each as the test says.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request as the stand-in received it, its body read whole as text. */
export interface StandInRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** How to answer one request (200 with an empty body unless said), after `delayMs` if given. */
export interface StandInAnswer {
  status?: number;
  body?: string;
  headers?: Record<string, string>;
  delayMs?: number;
}

export interface StandIn {
  /** `http://127.0.0.1:<port>`, for a `<NAME>_URL` or a service's `peers`. */
  url: string;
  /** Every request so far, oldest first (a test may empty it: `seen.length = 0`). */
  seen: StandInRequest[];
  close(): Promise<void>;
}

/** Starts a stand-in answering each request with `answer` ('hang': never, so a caller's timeout ends it). */
export async function startStandIn(
  answer: (req: StandInRequest) => StandInAnswer | 'hang',
): Promise<StandIn> {
  const seen: StandInRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const got = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      seen.push(got);
      const reply = answer(got);
      if (reply === 'hang') return;
      const send = () => {
        res.writeHead(reply.status ?? 200, reply.headers);
        res.end(reply.body ?? '');
      };
      if (reply.delayMs) setTimeout(send, reply.delayMs);
      else send();
    });
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    close: () => new Promise<void>((ok) => server.close(() => ok())),
  };
}
