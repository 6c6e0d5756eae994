import { createServer, type Server } from 'node:http';

/**
 * A subscriber that takes every event and does nothing with it, for the services a
 * cross-service test does not run (admin's audit log, insights, the gateway…): pointing their
 * `<NAME>_URL` here keeps a relay from holding its events back for them. It answers the relay's
 * batches (`POST /internal/events/batch`: every event taken) and single events alike. Sets the
 * URL of each of `subscribers`; `close()` stops it.
 */
export async function startEventSink(
  subscribers: readonly string[],
): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      let count = 0;
      try {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { events?: unknown[] };
        count = Array.isArray(body?.events) ? body.events.length : 0;
      } catch {
        // not JSON: answered as a single event
      }
      const answer =
        req.url === '/internal/events/batch'
          ? { statuses: Array.from({ length: count }, () => 'ignored') }
          : { status: 'ignored' };
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
    });
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  for (const name of subscribers) process.env[`${name.toUpperCase()}_URL`] = url;
  return { url, close: () => new Promise<void>((ok) => server.close(() => ok())) };
}
