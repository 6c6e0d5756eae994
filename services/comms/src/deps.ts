/** What comms takes from its surroundings: clock, mail transport, retry timing. Tests replace them. */
import type { Transporter } from 'nodemailer';
import type { PayLinkAnswer } from './send/pay-link.ts';
import type { SmsConfig } from './sms/transport.ts';

export interface MailerConfig {
  /** The SMTP transport (SMTP_URL, or the embedded capture server). Resolved per delivery round. */
  transport: () => Transporter;
  /** Envelope sender and the From address; the From name is the venue's business name. */
  mailFrom: string;
  /** True when the embedded capture server receives everything (no SMTP_URL): Mail preview shows it. */
  capturing: boolean;
}

export interface CommsDeps {
  now: () => Date;
  mailer: MailerConfig;
  /** The SMS provider (SMS_URL; none: captured for Mail preview), sender id and segment price. */
  sms: SmsConfig;
  /**
   * A claim nobody has renewed for this long is a dead worker's and goes back to the queue. A
   * live worker renews its claims every `heartbeatMs`, so it never loses one to this.
   */
  claimTimeoutMs: number;
  /** How often a worker renews the claim of a message it is working on. */
  heartbeatMs: number;
  /** A delivery not finished after this long is given up and retried later (a trickling server). */
  sendDeadlineMs: number;
  /** Messages sent at once (the worker's lanes; the SMTP pool keeps as many connections). */
  sendConcurrency: number;
  /** A lane with nothing to send while another is still sending looks for new mail this often. */
  idlePollMs: number;
  /** Wait before attempt `attempts + 1` after a temporary failure. */
  backoffMs: (attempts: number) => number;
  /** Messages per delivery round at most (the next round takes the rest). */
  batchSize: number;
  /** Where the worker asks admin for the venue's business name and e-mail (From, Reply-To). */
  fetchSender: (tenantId: string) => Promise<{ businessName: string; businessEmail: string } | null>;
  /** The payment link of the booking's open invoice for the pay-link e-mail (money's, decision 43). */
  fetchPayLink: (tenantId: string, bookingId: string) => Promise<PayLinkAnswer>;
  /**
   * The product's public origin (`https://venues.example`, no trailing slash): the links of the
   * customer's door e-mails start with it (the booking page's verification, the portal's sign-in
   * and address, the back office's booking for the venue). See {@link publicOriginFromEnv}.
   */
  publicOrigin: string;
}

/**
 * PUBLIC_BASE_URL; else the origin of PAY_LINK_BASE (where the pay-link e-mails, which money
 * makes, already point: one setting for a deployment that set that one); else the gateway on this
 * machine (`http://localhost:<GATEWAY_PORT>`, as money's default pay link).
 */
export function publicOriginFromEnv(env: NodeJS.ProcessEnv = process.env): string {
  const given = env.PUBLIC_BASE_URL?.trim();
  if (given) return given.replace(/\/+$/, '');
  const pay = env.PAY_LINK_BASE?.trim();
  if (pay && URL.canParse(pay)) return new URL(pay).origin;
  return `http://localhost:${env.GATEWAY_PORT ?? 8080}`;
}

/** 30 s, 60 s, 120 s … at most 10 minutes. */
export const defaultBackoff = (attempts: number) =>
  Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 600_000);
