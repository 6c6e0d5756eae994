/**
 * Test support: a stand-in for bookings' internal from-quote route, which a quotation's Accept
 * calls. `answer` gets each request's JSON body and returns what bookings would reply; the
 * stand-in listens on a free port and BOOKINGS_URL points at it, so start it before startMoney.
 */
import { createServer, type Server } from 'node:http';

export interface FromQuoteRequest {
  quotationId: string;
}

export async function standInBookings(answer: (body: FromQuoteRequest) => unknown): Promise<Server> {
  const bookings = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      void (async () => {
        const reply = await answer(JSON.parse(raw) as FromQuoteRequest);
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify(reply));
      })();
    });
  });
  await new Promise<void>((r) => bookings.listen(0, '127.0.0.1', () => r()));
  const addr = bookings.address();
  process.env.BOOKINGS_URL = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  return bookings;
}
