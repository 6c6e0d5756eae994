/**
 * Staff's SMS opt-out toggle (issue 26 item 3): a customer who phoned or wrote to say stop is
 * marked opted out by a person with the Send Email (`comms`) permission, and opted back in the
 * same way. The mark is the row a STOP reply writes (`sms_opt_outs`, `source` 'staff', who and
 * when), so the one check that refuses SMS to a number that replied STOP (sms.ts smsRefusal)
 * refuses it too, for a person's SMS and automatic ones alike. Each change is audited.
 */
import {
  SMS_BAD_PHONE,
  smsNotOptedOutMessage,
  smsOptedInMessage,
  smsOptedOutMessage,
  smsOptOutPhoneSchema,
  smsOptOutQuerySchema,
  type SmsOptOut,
} from '@venue/contracts/comms';
import { badRequest, notFound, parseBody, parseQuery, type AppRouter, type Tx } from '@venue/service-kit';
import { db } from '../db/query.ts';
import type { CommsDeps } from '../deps.ts';
import { iso, commsGuard, tenantOf } from '../shared.ts';
import { findBookingCopy } from '../templates/values.ts';
import { e164Of } from './sms.ts';

const badPhone = () => badRequest(SMS_BAD_PHONE, { errors: [{ path: 'phone', message: SMS_BAD_PHONE }] });

/** The number's opt-out as the API answers it (not opted out: the rest null). */
export async function optOutOf(tx: Tx, tenantId: string, phone: string | null): Promise<SmsOptOut> {
  const none: SmsOptOut = {
    phone,
    optedOut: false,
    source: null,
    word: null,
    optedOutAt: null,
    byName: null,
  };
  if (!phone) return none;
  const r = await db(tx)
    .selectFrom('sms_opt_outs')
    .select(['source', 'word', 'opted_out_at', 'by_name'])
    .where('tenant_id', '=', tenantId)
    .where('phone', '=', phone)
    .executeTakeFirst();
  if (!r) return none;
  return {
    phone,
    optedOut: true,
    source: r.source,
    word: r.source === 'reply' ? r.word : null,
    optedOutAt: iso(r.opted_out_at),
    byName: r.source === 'staff' ? r.by_name : null,
  };
}

async function phoneOf(tx: Tx, tenantId: string, typed: string): Promise<string> {
  const phone = await e164Of(tx, tenantId, typed);
  if (!phone) throw badPhone();
  return phone;
}

export function smsOptOutRoutes(router: AppRouter, deps: CommsDeps): void {
  router.get('/api/email-comms/sms/opt-outs', ...commsGuard, async (ctx) => {
    const q = parseQuery(ctx, smsOptOutQuerySchema);
    const tenantId = tenantOf(ctx);
    const tx = ctx.state.tx;
    let phone: string | null;
    if (q.phone) phone = await phoneOf(tx, tenantId, q.phone);
    else {
      const b = await findBookingCopy(tx, tenantId, q.bookingId!);
      if (!b)
        throw notFound('Booking not found', {
          errors: [{ path: 'bookingId', message: 'Booking not found' }],
        });
      phone = b.customer_phone || null;
    }
    ctx.body = { optOut: await optOutOf(tx, tenantId, phone) };
  });

  router.put('/api/email-comms/sms/opt-outs', ...commsGuard, async (ctx) => {
    const p = parseBody(ctx, smsOptOutPhoneSchema);
    const tenantId = tenantOf(ctx);
    const tx = ctx.state.tx;
    const phone = await phoneOf(tx, tenantId, p.phone);
    const who = ctx.state.principal!;
    // A number already opted out (by its own STOP, or by someone before) keeps its first record.
    const added = await db(tx)
      .insertInto('sms_opt_outs')
      .values({
        tenant_id: tenantId,
        phone,
        word: null,
        source: 'staff',
        by_user_id: who.userId,
        by_name: (who.name?.trim() || who.email).slice(0, 200),
        opted_out_at: deps.now().toISOString(),
      })
      .onConflict((oc) => oc.columns(['tenant_id', 'phone']).doNothing())
      .returning('phone')
      .executeTakeFirst();
    if (added)
      await tx.audit(ctx, {
        action: 'sms_opted_out',
        targetType: 'phone',
        target: phone,
        targetLabel: `${phone} opted out of SMS by staff`,
      });
    ctx.body = { optOut: await optOutOf(tx, tenantId, phone), message: smsOptedOutMessage(phone) };
  });

  router.delete('/api/email-comms/sms/opt-outs', ...commsGuard, async (ctx) => {
    const q = parseQuery(ctx, smsOptOutPhoneSchema);
    const tenantId = tenantOf(ctx);
    const tx = ctx.state.tx;
    const phone = await phoneOf(tx, tenantId, q.phone);
    const gone = await db(tx)
      .deleteFrom('sms_opt_outs')
      .where('tenant_id', '=', tenantId)
      .where('phone', '=', phone)
      .returning(['source', 'word'])
      .executeTakeFirst();
    if (gone)
      await tx.audit(ctx, {
        action: 'sms_opted_in',
        targetType: 'phone',
        target: phone,
        targetLabel: `${phone} opted back in to SMS (was: ${gone.source === 'staff' ? 'marked by staff' : `replied ${gone.word ?? 'STOP'}`})`,
      });
    ctx.body = {
      optOut: await optOutOf(tx, tenantId, phone),
      message: gone ? smsOptedInMessage(phone) : smsNotOptedOutMessage(phone),
    };
  });
}
