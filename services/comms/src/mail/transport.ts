/**
 * The SMTP transport every message leaves by (issue 24 item 12): the operator's SMTP_URL, the
 * embedded capture server, or a test peer, always made here so all three behave alike.
 *
 * - **Timeouts in seconds.** nodemailer waits 2 minutes for a connection, 30 s for a greeting
 *   and 10 minutes of silence on a socket before giving up; one mail server that accepts a
 *   connection and then says nothing held a delivery for ten minutes. Here: 10 s to connect (DNS
 *   included), 10 s for the greeting, 30 s of silence at any step.
 * - **A small pool.** Up to {@link SEND_CONCURRENCY} connections, reused between messages, one per
 *   worker lane (worker.ts sends that many messages at once), so one stalled connection holds
 *   up one message, not the queue.
 * - **No resending of its own.** nodemailer's pool puts a message back in its queue when a
 *   connection closes mid-delivery (up to 5 times by default). A connection that closes after the
 *   server took the final dot would send it again inside one claim; the outbox retries instead,
 *   under a new claim, so a message is sent at most once per claim.
 */
import nodemailer from 'nodemailer';

/** Messages sent at once (worker lanes) and connections kept open to the mail server. */
export const SEND_CONCURRENCY = 4;

export interface SmtpTimeouts {
  /** Connecting, the DNS lookup included. */
  connectionTimeout: number;
  /** From connected to the server's 220 greeting. */
  greetingTimeout: number;
  /** Silence on the socket at any later step (a reply, the DATA transfer). */
  socketTimeout: number;
}

export const SMTP_TIMEOUTS: SmtpTimeouts = {
  connectionTimeout: 10_000,
  greetingTimeout: 10_000,
  socketTimeout: 30_000,
};

/** Where to send: an SMTP URL (`smtp://user:pass@host:587`) or a host and port (loopback peers). */
export type SmtpTarget = string | { host: string; port: number; secure?: boolean; ignoreTLS?: boolean };

export function smtpTransport(target: SmtpTarget, timeouts: Partial<SmtpTimeouts> = {}) {
  const t = { ...SMTP_TIMEOUTS, ...timeouts };
  return nodemailer.createTransport({
    ...(typeof target === 'string' ? { url: target } : target),
    pool: true,
    maxConnections: SEND_CONCURRENCY,
    maxRequeues: 0,
    connectionTimeout: t.connectionTimeout,
    dnsTimeout: t.connectionTimeout,
    greetingTimeout: t.greetingTimeout,
    socketTimeout: t.socketTimeout,
    // An idle pooled connection is closed by us well before a server would drop it.
    idleTimeout: 60_000,
  });
}
