/**
 * The SMS provider (issue 26 item 3, decision 61): an HTTP API taking Twilio-style form posts.
 * `SMS_URL` names it with its credentials (`https://ACxxx:token@api.twilio.com/2010-04-01/Accounts/ACxxx/Messages.json`);
 * each SMS is one POST of `To`, `From`, `Body` (application/x-www-form-urlencoded) with basic
 * auth from the URL's user and password, which never travel in the URL itself.
 *
 * The answer decides what the outbox does: 2xx sent (the provider's `sid` or `id` kept), 4xx a
 * permanent refusal (a bad number, an unverified sender: trying again cannot help) but for 408
 * and 429, 5xx and no answer at all (refused connection, 10 s timeout) tried again with the
 * worker's backoff. Redirects are not followed: a provider does not redirect a POST of a message.
 */
export const SMS_TIMEOUT_MS = 10_000;
/** Default price of one segment in the venue's currency's cents (SMS_SEGMENT_PRICE_CENTS). */
export const DEFAULT_SEGMENT_PRICE_CENTS = 6;

export interface SmsMessage {
  to: string;
  from: string;
  body: string;
  /** Where the provider posts the delivery receipt (Twilio's StatusCallback): the venue's status URL. */
  statusCallback?: string;
}

export interface SmsAccepted {
  providerId: string | null;
  /** The provider's answer, cut to 1000 characters, for the history. */
  answer: string;
}

/** A refusal or no answer. `status` null: the provider was not reached or did not answer in time. */
export class SmsSendError extends Error {
  readonly status: number | null;
  readonly permanent: boolean;
  constructor(message: string, status: number | null) {
    super(message);
    this.status = status;
    this.permanent = status !== null && status >= 400 && status < 500 && status !== 408 && status !== 429;
  }
}

export type SmsSend = (m: SmsMessage, signal: AbortSignal) => Promise<SmsAccepted>;

export interface SmsConfig {
  /** Null without SMS_URL: SMS are captured for Mail preview (sms/capture.ts). */
  send: SmsSend | null;
  /** `From` of every SMS: SMS_FROM (a number or an alphanumeric sender id). */
  from: string;
  segmentPriceCents: number;
  /**
   * The provider's auth token, which signs what it posts back (Twilio's `X-Twilio-Signature`):
   * the password of SMS_URL's basic auth, there being no other setting for it. Null or absent
   * (no SMS_URL, or one without a password, as the local stand-in): inbound posts are not
   * signature-checked, the secret URL alone admits them (sms/handlers/sms.ts).
   */
  authToken?: string | null;
}

/** The provider's message id in a JSON answer (Twilio `sid`, others `id` or `messageId`). */
function providerIdOf(text: string): string | null {
  try {
    const j = JSON.parse(text) as Record<string, unknown>;
    for (const k of ['sid', 'id', 'messageId', 'message_id']) {
      const v = j[k];
      if (typeof v === 'string' || typeof v === 'number') return String(v).slice(0, 200);
    }
  } catch {
    // not JSON: no id
  }
  return null;
}

export function httpSmsSender(smsUrl: string, timeoutMs = SMS_TIMEOUT_MS): SmsSend {
  const url = new URL(smsUrl);
  const user = decodeURIComponent(url.username);
  const password = decodeURIComponent(url.password);
  url.username = '';
  url.password = '';
  const endpoint = url.toString();
  const authorization =
    user || password ? `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}` : null;
  return async (m, signal) => {
    let res: Response;
    try {
      res = await fetch(endpoint, {
        method: 'POST',
        redirect: 'manual',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
          ...(authorization ? { authorization } : {}),
        },
        body: new URLSearchParams({
          To: m.to,
          From: m.from,
          Body: m.body,
          ...(m.statusCallback ? { StatusCallback: m.statusCallback } : {}),
        }).toString(),
        signal: AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)]),
      });
    } catch (err) {
      const e = err as Error & { cause?: { code?: string } };
      const why =
        e.name === 'TimeoutError'
          ? `The SMS provider did not answer within ${timeoutMs / 1000} s.`
          : e.cause?.code === 'ECONNREFUSED'
            ? 'The SMS provider refused the connection.'
            : `The SMS provider could not be reached: ${e.cause?.code ?? e.message}`;
      throw new SmsSendError(why, null);
    }
    const text = (await res.text().catch(() => '')).slice(0, 1000);
    if (res.status >= 200 && res.status < 300) return { providerId: providerIdOf(text), answer: text };
    throw new SmsSendError(
      `SMS provider answered ${res.status}: ${text || res.statusText}`.slice(0, 1000),
      res.status,
    );
  };
}

/** The password of SMS_URL's basic auth (Twilio's auth token), or null. */
export function authTokenOf(smsUrl: string | undefined): string | null {
  if (!smsUrl || !URL.canParse(smsUrl)) return null;
  return decodeURIComponent(new URL(smsUrl).password) || null;
}

/** Production: SMS_URL (else capture; its password the auth token), SMS_FROM, SMS_SEGMENT_PRICE_CENTS. */
export function smsConfigFromEnv(env: NodeJS.ProcessEnv = process.env): SmsConfig {
  const url = env.SMS_URL?.trim();
  const price = Number(env.SMS_SEGMENT_PRICE_CENTS ?? DEFAULT_SEGMENT_PRICE_CENTS);
  return {
    send: url ? httpSmsSender(url) : null,
    authToken: authTokenOf(url),
    from: env.SMS_FROM?.trim() || 'VenueDesk',
    segmentPriceCents: Number.isInteger(price) && price >= 0 ? price : DEFAULT_SEGMENT_PRICE_CENTS,
  };
}
