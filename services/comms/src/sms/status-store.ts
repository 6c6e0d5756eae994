/**
 * SMS delivery receipts (issue 26 item 3, decision 61). Each SMS is sent with a `StatusCallback`
 * naming the venue's status URL; the provider later posts `MessageSid`, `MessageStatus` and, when
 * it failed, `ErrorCode` there. The token is the venue id and an HMAC of it, like the inbound URL's
 * (a different label, so one URL never opens the other): nothing stored, and the id names the venue
 * whose messages the receipt may touch.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { internalSecret } from '@venue/service-kit';

export function statusMac(tenantId: string): string {
  const key = process.env.SMS_INBOUND_SECRET?.trim() || internalSecret();
  return createHmac('sha256', key).update(`sms-status:${tenantId}`).digest('base64url');
}
export const statusToken = (tenantId: string) => `${tenantId}.${statusMac(tenantId)}`;
export const statusPath = (tenantId: string) => `/api/email-comms/sms/status/${statusToken(tenantId)}`;

export function tenantOfStatusToken(token: string): string | null {
  const m = /^([0-9a-f-]{36})\.([\w-]{43})$/.exec(token);
  if (!m) return null;
  const want = Buffer.from(statusMac(m[1]!));
  const got = Buffer.from(m[2]!);
  return want.length === got.length && timingSafeEqual(want, got) ? m[1]! : null;
}
