/**
 * Twilio's request signature on the inbound SMS webhook (issue 26 item 3): the secret URL alone
 * is a credential anyone who once saw it (a log, a proxy, a former staff member) can replay, so
 * when the provider's auth token is known the post must also prove it came from the provider.
 *
 * Twilio's recipe: `X-Twilio-Signature` = base64(HMAC-SHA1(auth token, the full URL it posted to
 * + each form parameter's name and value, sorted by name)). The URL is the one configured at the
 * provider, the product's public one: behind the gateway (and any proxy in front of it) the Host
 * and scheme this service sees are not it, so it is `PUBLIC_BASE_URL` (deps.publicOrigin) + the
 * path and query the request came with (the gateway forwards both unchanged).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const SIGNATURE_HEADER = 'x-twilio-signature';

/** Twilio's signature of a form post of `params` to `url`. */
export function twilioSignature(authToken: string, url: string, params: URLSearchParams): string {
  // By name, then (a repeated name) by value, as Twilio's own validators order them.
  const pairs = [...params].sort(([a, av], [b, bv]) => (a === b ? cmp(av, bv) : cmp(a, b)));
  const data = url + pairs.map(([name, value]) => name + value).join('');
  return createHmac('sha1', authToken).update(data, 'utf8').digest('base64');
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Whether `given` (the header) is the signature of this post; a missing header never is. */
export function signatureMatches(
  authToken: string,
  url: string,
  params: URLSearchParams,
  given: string | undefined,
): boolean {
  if (!given) return false;
  const want = Buffer.from(twilioSignature(authToken, url, params));
  const got = Buffer.from(given.trim());
  return want.length === got.length && timingSafeEqual(want, got);
}
