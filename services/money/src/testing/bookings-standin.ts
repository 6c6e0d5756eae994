/**
 * Test support: a stand-in for what money asks other services about quotations — bookings'
 * internal from-quote route (a quotation's Accept) and slot check (its Send, issue 24 item 2),
 * and the catalogue's resource list (a quotation's resource named). `answer` gets each from-quote
 * request's JSON body and returns what bookings would reply; `slot` each slot check's (free by
 * default); `resources` is the venue's list (Main Hall, Hall B by default; mutable). The stand-in
 * listens on a free port (`url`); a test hands its own to startMoney (`peers`), which otherwise
 * starts a default one. It sets no environment: the test files of money share one process, and
 * each file's money must ask its own stand-in.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { InternalResource } from '@venue/contracts/internal';
import type { QuotationSlotCheck, QuotationSlotCheckAnswer } from '@venue/contracts/money-api';

export interface FromQuoteRequest {
  quotationId: string;
}

/** The stand-in catalogue's resources: every test venue has these two. */
export const MAIN_HALL_ID = '2a000000-0000-4000-8000-0000000000a1';
export const HALL_B_ID = '2a000000-0000-4000-8000-0000000000b2';

const resource = (id: string, name: string): InternalResource => ({
  id,
  name,
  capacity: 200,
  status: 'active',
  setupBufferMinutes: 15,
  packdownBufferMinutes: 15,
  applyBuffers: true,
});

export interface PeerOptions {
  /** Bookings' answer to a slot check (default: free). */
  slot?: (body: QuotationSlotCheck) => QuotationSlotCheckAnswer | Promise<QuotationSlotCheckAnswer>;
}

/** The server, with what it was asked (path and body, in order) and the catalogue's list. */
export interface PeerServer extends Server {
  /** Where it listens, e.g. `http://127.0.0.1:41234`: bookings and the catalogue both. */
  url: string;
  calls: { path: string; body: unknown }[];
  resources: InternalResource[];
  /** What bookings answers for one booking (`GET /internal/bookings/{tenant}/{id}`), by id; 404 for others. */
  bookings: Map<string, unknown>;
  options: PeerOptions;
}

export async function standInBookings(
  answer: (body: FromQuoteRequest) => unknown,
  options: PeerOptions = {},
): Promise<PeerServer> {
  const calls: PeerServer['calls'] = [];
  const resources = [resource(MAIN_HALL_ID, 'Main Hall'), resource(HALL_B_ID, 'Hall B')];
  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      void (async () => {
        const path = req.url ?? '';
        const body: unknown = raw ? JSON.parse(raw) : null;
        calls.push({ path, body });
        let reply: unknown;
        const one = /^\/internal\/bookings\/[^/]+\/([^/]+)$/.exec(path);
        if (one && req.method === 'GET') {
          const booking = peer.bookings.get(one[1]!);
          res.statusCode = booking ? 200 : 404;
          reply = booking ? { booking } : { message: 'No such booking.' };
        } else if (path.startsWith('/internal/resources/')) reply = peer.resources;
        else if (path === '/internal/bookings/slot-check')
          reply = peer.options.slot
            ? await peer.options.slot(body as QuotationSlotCheck)
            : { outcome: 'free' };
        else reply = await answer(body as FromQuoteRequest);
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify(reply));
      })();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  // Never what keeps a test process alive: a suite that closes only its service still ends.
  server.unref();
  const addr = server.address();
  const url = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  const peer = Object.assign(server, {
    url,
    calls,
    resources,
    options,
    bookings: new Map<string, unknown>(),
  });
  return peer;
}

/** The default stand-in startMoney starts: bookings makes one booking per quotation id. */
export function standInPeers(): Promise<PeerServer> {
  const made = new Map<string, { id: string; bookingCode: string }>();
  return standInBookings(({ quotationId }) => {
    const existing = made.get(quotationId);
    const booking = existing ?? { id: randomUUID(), bookingCode: `HH-2026-${String(1000 + made.size)}` };
    made.set(quotationId, booking);
    return { outcome: existing ? 'existing' : 'created', booking };
  });
}
