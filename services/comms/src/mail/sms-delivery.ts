/**
 * The worker's delivery of an SMS from the outbox (split from worker.ts, issue 28 item 2): same
 * claim, retries and once-only record as an e-mail, a different transport.
 */
import { SMS_OPTED_OUT } from '@venue/contracts/comms';
import type { ServiceKit } from '@venue/service-kit';
import { db } from '../db/query.ts';
import type { CommsDeps } from '../deps.ts';
import { captureSms } from '../sms/capture.ts';
import { isOptedOut } from '../sms/sms.ts';
import { statusPath } from '../sms/status-store.ts';
import { SmsSendError, type SmsAccepted } from '../sms/transport.ts';
import type { ClaimedRow } from './claim.ts';
import { GIVE_UP_AFTER_MS, recordFailure } from './outcome.ts';

/**
 * An SMS (issue 26, decision 61): to the provider (SMS_URL), or into Mail preview without one. A
 * number that replied STOP after the SMS was queued gets nothing: it fails saying so. The
 * provider's 4xx fails it at once with the answer; 5xx, 408, 429 and no answer are retried with
 * the backoff for {@link GIVE_UP_AFTER_MS}, like a mail server that is down.
 */
export async function deliverSms(
  kit: ServiceKit,
  deps: CommsDeps,
  row: ClaimedRow,
  token: string,
  signal: AbortSignal,
): Promise<'sent' | 'retrying' | 'failed'> {
  const from = deps.sms.from;
  const phone = row.to_phone ?? '';
  const optedOut = await kit.db.tenantTx(row.tenant_id, (tx) => isOptedOut(tx, row.tenant_id, phone));
  if (optedOut) {
    await recordFailure(kit, deps, row, token, {
      message: SMS_OPTED_OUT,
      giveUp: true,
      fromName: from,
      replyTo: null,
    });
    return 'failed';
  }
  try {
    let accepted: SmsAccepted;
    if (deps.sms.send)
      accepted = await deps.sms.send(
        {
          to: phone,
          from,
          body: row.body_text,
          // the receipt ("delivered", "undelivered") comes back to the venue's signed status URL
          statusCallback: `${deps.publicOrigin}${statusPath(row.tenant_id)}`,
        },
        signal,
      );
    else {
      await captureSms(kit, {
        tenantId: row.tenant_id,
        messageId: row.message_id,
        from,
        to: phone,
        body: row.body_text,
      });
      accepted = { providerId: null, answer: 'Captured for Mail preview (no SMS_URL).' };
    }
    await kit.db.tenantTx(row.tenant_id, (tx) =>
      db(tx)
        .updateTable('emails')
        .set({
          status: 'sent',
          sent_at: deps.now().toISOString(),
          smtp_response: accepted.answer.slice(0, 1000),
          provider_id: accepted.providerId,
          last_error: null,
          from_name: from,
          claim_token: null,
        })
        .where('tenant_id', '=', row.tenant_id)
        .where('id', '=', row.id)
        .where('claim_token', '=', token)
        .execute(),
    );
    return 'sent';
  } catch (err) {
    const e =
      err instanceof SmsSendError ? err : new SmsSendError((err as Error).message ?? String(err), null);
    const age = deps.now().getTime() - new Date(row.created_at).getTime();
    const giveUp = e.permanent || age >= GIVE_UP_AFTER_MS;
    kit.log.warn(
      { emailId: row.id, status: e.status, attempts: row.attempts, giveUp },
      `SMS not sent: ${e.message}`,
    );
    await recordFailure(kit, deps, row, token, { message: e.message, giveUp, fromName: from, replyTo: null });
    return giveUp ? 'failed' : 'retrying';
  }
}
