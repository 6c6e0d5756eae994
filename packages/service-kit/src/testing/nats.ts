import { connect } from 'node:net';

/** The NATS server the tests that need one expect (docker compose's, on its default port). */
export const TEST_NATS_URL = 'nats://127.0.0.1:4222';

/**
 * Whether something accepts connections at TEST_NATS_URL within five seconds: the JetStream tests run
 * only then, and say they skipped otherwise.
 */
export function natsAnswers(): Promise<boolean> {
  const { hostname, port } = new URL(TEST_NATS_URL);
  return new Promise((resolve) => {
    const s = connect({ host: hostname, port: Number(port) });
    // Generous: a test process busy loading its files can be late to see the connection it made,
    // and a refused connection (no NATS here) fails at once anyway.
    s.setTimeout(5000);
    s.once('connect', () => {
      s.destroy();
      resolve(true);
    });
    s.once('error', () => resolve(false));
    s.once('timeout', () => {
      s.destroy();
      resolve(false);
    });
  });
}

/**
 * A test's `skip` for what needs NATS: false when it answers at TEST_NATS_URL, else the reason,
 * said on the console too, so a run without NATS shows what it left out.
 */
export async function skipWithoutNats(what: string): Promise<string | false> {
  if (await natsAnswers()) return false;
  const reason = `NATS not reachable at ${new URL(TEST_NATS_URL).host}`;
  console.log(`# ${reason}: skipping ${what}`);
  return reason;
}
