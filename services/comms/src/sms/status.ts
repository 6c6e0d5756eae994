/**
 * SMS delivery receipts (issue 26 item 3, decision 61). Each SMS is sent with a `StatusCallback`
 * naming the venue's status URL; the provider later posts `MessageSid`, `MessageStatus` and, when
 * it failed, `ErrorCode` there. The token is the venue id and an HMAC of it, like the inbound URL's
 * (a different label, so one URL never opens the other): nothing stored, and the id names the venue
 * whose messages the receipt may touch.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { smsStatusCallbackSchema } from '@venue/contracts/comms';
import {
  internalSecret,
  notFound,
  parseBody,
  sql,
  type AppContext,
  type AppRouter,
  type ServiceKit,
} from '@venue/service-kit';
import { db } from '../db/query.ts';
import type { CommsDeps } from '../deps.ts';

function statusMac(tenantId: string): string {
  const key = process.env.SMS_INBOUND_SECRET?.trim() || internalSecret();
  return createHmac('sha256', key).update(`sms-status:${tenantId}`).digest('base64url');
}
export const statusToken = (tenantId: string) => `${tenantId}.${statusMac(tenantId)}`;
export const statusPath = (tenantId: string) => `/api/email-comms/sms/status/${statusToken(tenantId)}`;

function tenantOfStatusToken(token: string): string | null {
  const m = /^([0-9a-f-]{36})\.([\w-]{43})$/.exec(token);
  if (!m) return null;
  const want = Buffer.from(statusMac(m[1]!));
  const got = Buffer.from(m[2]!);
  return want.length === got.length && timingSafeEqual(want, got) ? m[1]! : null;
}

export function smsStatusRoutes(router: AppRouter, deps: CommsDeps, kit: ServiceKit): void {
  // No sign-in (a provider cannot): the venue's signed URL is the credential. Answers 200 to any
  // well-formed receipt, also for an id it does not know, so the provider does not retry it.
  router.post('/api/email-comms/sms/status/:token', async (ctx: AppContext) => {
    const tenantId = tenantOfStatusToken(ctx.params.token ?? '');
    if (!tenantId) throw notFound('Not found');
    const b = parseBody(ctx, smsStatusCallbackSchema);
    const outcome =
      b.MessageStatus === 'delivered' || b.MessageStatus === 'read'
        ? ('delivered' as const)
        : b.MessageStatus === 'undelivered' || b.MessageStatus === 'failed'
          ? ('undelivered' as const)
          : null;
    let recorded: 'delivered' | 'undelivered' | 'ignored' = 'ignored';
    if (outcome) {
      const changed = await kit.db.tenantTx(tenantId, (tx) =>
        db(tx)
          .updateTable('emails')
          .set({
            delivery: outcome,
            delivery_error: outcome === 'undelivered' ? b.ErrorCode?.trim() || null : null,
            delivery_at: deps.now().toISOString(),
          })
          .where('tenant_id', '=', tenantId)
          .where('channel', '=', 'sms')
          .where('provider_id', '=', b.MessageSid)
          // One statement decides: a delivered message never goes back (receipts arrive out of
          // order, and a late "undelivered" of a retried part must not undo a handset's receipt).
          .where(sql<boolean>`delivery IS DISTINCT FROM 'delivered'`)
          .executeTakeFirst(),
      );
      if (Number(changed.numUpdatedRows) > 0) recorded = outcome;
    }
    ctx.body = { recorded };
  });
}
