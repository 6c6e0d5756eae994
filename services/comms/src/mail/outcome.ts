/**
 * How a claimed message's attempt is recorded when it is not sent (split from worker.ts, issue 28
 * item 2): back to the queue after a backoff, or given up on; only while the worker's claim stands.
 */
import type { ServiceKit } from '@venue/service-kit';
import { db } from '../db/query.ts';
import type { CommsDeps } from '../deps.ts';
import type { ClaimedRow } from './claim.ts';
import { maskSecretLinks } from './secret-links.ts';

export const GIVE_UP_AFTER_MS = 24 * 3_600_000;

/** What the message carries is now the e-mail's alone: its single-use link masked in the kept text. */
export function masked(row: ClaimedRow) {
  if (!row.link_expires_at) return {};
  return {
    subject: maskSecretLinks(row.subject),
    body_text: maskSecretLinks(row.body_text),
    body_html: maskSecretLinks(row.body_html),
  };
}

/** How a failed attempt ends: the SMTP reply code when the server answered, else none. */
export function classify(err: unknown): { code: number | null; message: string } {
  const e = err as { responseCode?: number; response?: string; message?: string; code?: string };
  const code = typeof e.responseCode === 'number' ? e.responseCode : null;
  const message = (e.response ?? e.message ?? String(err)).slice(0, 1000);
  return { code, message: e.code && code === null ? `${e.code}: ${message}` : message };
}

/**
 * Back to the queue after a backoff, or failed; a permanent SMTP answer also marks the address
 * bounced. A message given up on is published once (`email.failed`, in the same transaction as
 * the status that can only be set once under this claim), for the Dashboard's Alerts & Tasks.
 * An SMS goes out as the same event with `channel: 'sms'` and its E.164 number as `toEmail`:
 * insights words its alert as one.
 */
export async function recordFailure(
  kit: ServiceKit,
  deps: CommsDeps,
  row: ClaimedRow,
  token: string,
  f: { message: string; giveUp: boolean; fromName: string; replyTo: string | null; bounce?: boolean },
): Promise<void> {
  const next = new Date(deps.now().getTime() + deps.backoffMs(row.attempts));
  await kit.db.tenantTx(row.tenant_id, async (tx) => {
    const updated = await db(tx)
      .updateTable('emails')
      .set({
        status: f.giveUp ? 'failed' : 'pending',
        last_error: f.message,
        next_attempt_at: next.toISOString(),
        claim_token: null,
        claimed_at: null,
        from_name: f.fromName,
        reply_to: f.replyTo,
        // given up on: nobody will send the link now
        ...(f.giveUp ? masked(row) : {}),
      })
      .where('tenant_id', '=', row.tenant_id)
      .where('id', '=', row.id)
      .where('claim_token', '=', token)
      .executeTakeFirst();
    // only while this worker's claim stands
    const done = updated.numUpdatedRows > 0n;
    if (f.bounce && done)
      await db(tx)
        .insertInto('bounces')
        .values((eb) => ({
          tenant_id: row.tenant_id,
          email: eb.fn<string>('lower', [eb.val(row.to_email)]),
          reason: f.message,
          email_id: row.id,
          bounced_at: deps.now().toISOString(),
        }))
        .onConflict((oc) =>
          oc.columns(['tenant_id', 'email']).doUpdateSet((eb) => ({
            reason: eb.ref('excluded.reason'),
            email_id: eb.ref('excluded.email_id'),
            bounced_at: eb.ref('excluded.bounced_at'),
          })),
        )
        .execute();
    if (f.giveUp && done)
      await tx.publish('email.failed', {
        emailId: row.id,
        hallOwnerId: row.tenant_id,
        toEmail: row.channel === 'sms' ? (row.to_phone ?? '') : row.to_email,
        toName: row.to_name,
        subject: maskSecretLinks(row.subject),
        reason: f.message,
        bounced: f.bounce === true,
        bookingId: row.booking_id,
        failedAt: deps.now().toISOString(),
        channel: row.channel === 'sms' ? 'sms' : 'email',
      });
  });
}
