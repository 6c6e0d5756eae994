import { createServer } from 'node:http';
import { pino } from 'pino';
import { createGateway } from './app.ts';
import { drain } from './drain.ts';
import { internalSecret, loadPublicKey } from './identity.ts';
import { batchedLines } from './log-destination.ts';

const logger = pino({ name: 'gateway', level: process.env.LOG_LEVEL ?? 'info' }, batchedLines());

// Fail at start, not on the first signed-in request, when the key or secret is missing.
await loadPublicKey();
internalSecret();

// The login limit is configurable so a test run that signs in many times from one address
// (the browser suite) is not throttled; its behaviour has its own tests.
const loginLimit = Number(process.env.LOGIN_RATE_LIMIT_PER_MINUTE ?? 20);
const gateway = createGateway({ logger, loginRateLimit: { max: loginLimit, windowMs: 60_000 } });
const server = createServer(gateway.callback());
// Longer than typical load-balancer idle timeouts, so the balancer closes idle connections first.
server.keepAliveTimeout = 65_000;

const port = Number(process.env.PORT ?? 8080);
server.listen(port, () => logger.info({ port }, 'gateway listening'));

let stopping = false;
async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, 'gateway shutting down');
  // Stop accepting and let in-flight requests finish (the launcher stops the services only
  // after the gateway has exited); a long download gets 4 s before it is cut.
  await drain(server, 4_000);
  await gateway.close();
  logger.info('gateway stopped');
  process.exit(0);
}
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));
