import type { Server } from 'node:http';

/**
 * Stops accepting connections and waits for in-flight requests to be answered. Idle keep-alive
 * sockets are closed at once (and again as requests finish, so a client cannot keep the server
 * alive by reusing its socket); whatever is still open after `graceMs` is cut.
 */
export async function drain(server: Server, graceMs: number): Promise<void> {
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  const idle = setInterval(() => server.closeIdleConnections(), 50);
  const force = setTimeout(() => server.closeAllConnections(), graceMs);
  try {
    await closed;
  } finally {
    clearInterval(idle);
    clearTimeout(force);
  }
}
