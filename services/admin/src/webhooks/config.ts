/**
 * What webhooks take from their surroundings (decision 60): the operator's allowlist, the DNS
 * resolver, the retry timing and the delivery limits. Production reads the environment; tests
 * replace the resolver and shorten the timing (a real receiver outage still happens, but the
 * test waits seconds between attempts instead of minutes).
 */
import { lookup } from 'node:dns/promises';
import {
  WEBHOOK_ANSWER_LIMIT_BYTES,
  WEBHOOK_RETRY_DAYS,
  WEBHOOK_ROTATION_OVERLAP_HOURS,
  WEBHOOK_TIMEOUT_SECONDS,
} from '@venue/contracts/admin';
import { parseAllowList, type AllowList } from './address-policy.ts';

/** One resolved address, as `dns.lookup(…, { all: true })` answers it. */
export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

export interface WebhookDeps {
  /** The delivery job's clock: what is due, given up or switched off (tests move it days on). */
  now: () => Date;
  /** WEBHOOK_ALLOW_HOSTS: host names and CIDRs that may be reached although local, and over http. */
  allowList: AllowList;
  /** Every address of a host name (A and AAAA). */
  resolve: (hostname: string) => Promise<ResolvedAddress[]>;
  /** Wait before the next attempt after `failures` failed ones (1, 2, …), in milliseconds. */
  backoffMs: (failures: number) => number;
  /** A delivery is retried this long after it was queued; a webhook failing this long is switched off. */
  retryForMs: number;
  /** After a rotation, the previous secret signs too for this long. */
  rotationOverlapMs: number;
  /** Each attempt, from connecting to the last byte read. */
  timeoutMs: number;
  /** The answer is read up to this many bytes, then the connection is closed. */
  answerLimitBytes: number;
  /** Deliveries sent at once by one run of the job (one at a time per webhook and aggregate). */
  concurrency: number;
  /** A run of the job stops taking new deliveries after this long (the next run goes on). */
  runBudgetMs: number;
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/**
 * 10 s, 30 s, 1 min, 5 min, 15 min, 30 min, 1 h, 2 h, 4 h, then every 6 h: about twenty attempts
 * over the three days.
 */
const BACKOFF = [
  10 * SECOND,
  30 * SECOND,
  MINUTE,
  5 * MINUTE,
  15 * MINUTE,
  30 * MINUTE,
  HOUR,
  2 * HOUR,
  4 * HOUR,
];
export const defaultBackoff = (failures: number): number => BACKOFF[failures - 1] ?? 6 * HOUR;

/** Answers within 5 s or not at all: a resolver that hangs must not hold a save or the job. */
async function systemResolve(hostname: string): Promise<ResolvedAddress[]> {
  const answer = await Promise.race([
    lookup(hostname, { all: true, verbatim: true }),
    new Promise<never>((_, fail) =>
      setTimeout(() => fail(new Error(`resolving ${hostname} took too long`)), 5 * SECOND).unref(),
    ),
  ]);
  return answer.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
}

export function webhookDepsFromEnv(
  env: NodeJS.ProcessEnv = process.env,
  overrides: Partial<WebhookDeps> = {},
): WebhookDeps {
  return {
    now: () => new Date(),
    allowList: parseAllowList(env.WEBHOOK_ALLOW_HOSTS ?? ''),
    resolve: systemResolve,
    backoffMs: defaultBackoff,
    retryForMs: WEBHOOK_RETRY_DAYS * 24 * HOUR,
    rotationOverlapMs: WEBHOOK_ROTATION_OVERLAP_HOURS * HOUR,
    timeoutMs: WEBHOOK_TIMEOUT_SECONDS * SECOND,
    answerLimitBytes: WEBHOOK_ANSWER_LIMIT_BYTES,
    concurrency: 8,
    runBudgetMs: 50 * SECOND,
    ...overrides,
  };
}
