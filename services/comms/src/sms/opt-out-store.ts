/**
 * Staff's SMS opt-out toggle (issue 26 item 3): a customer who phoned or wrote to say stop is
 * marked opted out by a person with the Send Email (`comms`) permission, and opted back in the
 * same way. The mark is the row a STOP reply writes (`sms_opt_outs`, `source` 'staff', who and
 * when), so the one check that refuses SMS to a number that replied STOP (sms.ts smsRefusal)
 * refuses it too, for a person's SMS and automatic ones alike. Each change is audited.
 */
import { SMS_BAD_PHONE, type SmsOptOut } from '@venue/contracts/comms';
import { badRequest, type Tx } from '@venue/service-kit';
import { db } from '../db/query.ts';
import { iso } from '../shared/request.ts';
import { e164Of } from './sms.ts';

export const badPhone = () =>
  badRequest(SMS_BAD_PHONE, { errors: [{ path: 'phone', message: SMS_BAD_PHONE }] });

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

export async function phoneOf(tx: Tx, tenantId: string, typed: string): Promise<string> {
  const phone = await e164Of(tx, tenantId, typed);
  if (!phone) throw badPhone();
  return phone;
}
