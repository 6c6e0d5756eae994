import { smsNotOptedOutMessage, smsOptedInMessage, smsOptedOutMessage } from '@venue/contracts/comms';
import { notFound, operation } from '@venue/service-kit';
import { db } from '../../db/query.ts';
import type { CommsDeps } from '../../deps.ts';
import { tenantOf } from '../../shared/request.ts';
import { findBookingCopy } from '../../templates/values.ts';
import { optOutOf, phoneOf } from '../opt-out-store.ts';

export const listSmsOptOuts = operation(
  'get /api/email-comms/sms/opt-outs',
  async ({ ctx, tx, query: q }) => {
    const tenantId = tenantOf(ctx);
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
  },
);

export const putSmsOptOut = (deps: CommsDeps) =>
  operation('put /api/email-comms/sms/opt-outs', async ({ ctx, tx, body: p }) => {
    const tenantId = tenantOf(ctx);
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

export const deleteSmsOptOut = operation(
  'delete /api/email-comms/sms/opt-outs',
  async ({ ctx, tx, query: q }) => {
    const tenantId = tenantOf(ctx);
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
  },
);
