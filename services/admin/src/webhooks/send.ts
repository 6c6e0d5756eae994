/**
 * One attempt at a delivery (decision 60): a POST to the address the policy approved, connected
 * to by that address (the host name still names the TLS certificate and the Host header), with
 * no redirect followed, a deadline from connecting to the last byte, and the answer read up to a
 * limit. Node's own http client: it follows no redirect, takes the pinned address through
 * `lookup`, and pools nothing (`agent: false`), so no connection made for one address is reused
 * for another.
 */
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { WEBHOOK_ANSWER_LOGGED_BYTES } from '@venue/contracts/admin';
import { hostOf } from './address-policy.ts';
import type { ResolvedAddress, WebhookDeps } from './config.ts';

export interface AttemptResult {
  statusCode: number | null;
  durationMs: number;
  error: string | null;
  /** The first 2 kB of the answer (NUL characters replaced: the log is text). */
  answer: string;
  answerTruncated: boolean;
}

/** Why there was no answer, in words for the delivery log. */
function describe(err: NodeJS.ErrnoException, timeoutMs: number): string {
  switch (err.code) {
    case 'ETIMEDOUT_WEBHOOK':
      return `No answer within ${Math.round(timeoutMs / 1000)} s.`;
    case 'ECONNREFUSED':
      return 'Connection refused.';
    case 'ECONNRESET':
      return 'The connection was closed before an answer.';
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return 'The address cannot be reached.';
    default:
      return (err.message || String(err)).slice(0, 500);
  }
}

/** The POST, connected to the approved address, whatever the resolver would say now. */
function pinnedRequest(
  url: URL,
  address: ResolvedAddress,
  headers: Record<string, string>,
  payload: Buffer,
): http.ClientRequest {
  const host = hostOf(url);
  const lookup: LookupFunction = (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address: address.address, family: address.family }]);
    else callback(null, address.address, address.family);
  };
  const client = url.protocol === 'https:' ? https : http;
  return client.request({
    method: 'POST',
    protocol: url.protocol,
    hostname: host,
    port: url.port || (url.protocol === 'https:' ? 443 : 80),
    path: `${url.pathname}${url.search}`,
    headers: { ...headers, 'content-type': 'application/json', 'content-length': String(payload.length) },
    agent: false,
    lookup,
    // SNI and the certificate check name the host; an address literal has no name to send.
    ...(url.protocol === 'https:' && !isIP(host) ? { servername: host } : {}),
  });
}

export function postDelivery(
  url: URL,
  address: ResolvedAddress,
  headers: Record<string, string>,
  body: string,
  deps: Pick<WebhookDeps, 'timeoutMs' | 'answerLimitBytes'>,
): Promise<AttemptResult> {
  const started = performance.now();
  const payload = Buffer.from(body, 'utf8');
  return new Promise<AttemptResult>((resolve) => {
    let settled = false;
    const chunks: Buffer[] = [];
    let received = 0;
    let kept = 0;
    let truncated = false;
    let statusCode: number | null = null;
    const finish = (error: string | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      const answer = Buffer.concat(chunks)
        .subarray(0, WEBHOOK_ANSWER_LOGGED_BYTES)
        .toString('utf8')
        .replaceAll('\u0000', '\uFFFD');
      resolve({
        statusCode,
        durationMs: Math.max(0, Math.round(performance.now() - started)),
        error,
        answer,
        answerTruncated: truncated || received > WEBHOOK_ANSWER_LOGGED_BYTES,
      });
    };
    const req = pinnedRequest(url, address, headers, payload);
    const deadline = setTimeout(() => {
      const err: NodeJS.ErrnoException = new Error('timed out');
      err.code = 'ETIMEDOUT_WEBHOOK';
      req.destroy(err);
    }, deps.timeoutMs);
    req.on('error', (err: NodeJS.ErrnoException) => {
      // An answer whose body was cut at the limit is an answer: its status counts.
      if (statusCode !== null && truncated) finish(null);
      else finish(describe(err, deps.timeoutMs));
    });
    req.on('response', (res) => {
      statusCode = res.statusCode ?? null;
      res.on('data', (chunk: Buffer) => {
        received += chunk.length;
        if (received > deps.answerLimitBytes) {
          truncated = true;
          // Enough read: the rest is not wanted, and a receiver that never stops must not hold us.
          res.destroy();
          req.destroy();
          finish(null);
          return;
        }
        if (kept < WEBHOOK_ANSWER_LOGGED_BYTES) {
          chunks.push(chunk);
          kept += chunk.length;
        }
      });
      res.on('end', () => finish(null));
      res.on('error', (err: NodeJS.ErrnoException) => finish(describe(err, deps.timeoutMs)));
      res.on('aborted', () => finish(truncated ? null : 'The answer was cut off.'));
    });
    req.end(payload);
  });
}
