/**
 * Without SMS_URL (as on `npm start`) an SMS goes nowhere but Mail preview: the worker keeps it in
 * `captured_mail` marked as SMS, once per message id, as the embedded mail server keeps e-mails
 * (decision 29), so the operator sees what the customer would have got.
 */
import type { ServiceKit } from '@venue/service-kit';
import { db } from '../db/query.ts';

export async function captureSms(
  kit: ServiceKit,
  m: { tenantId: string; messageId: string; from: string; to: string; body: string },
): Promise<void> {
  const raw = Buffer.from(m.body, 'utf8');
  await kit.db.tenantTx(m.tenantId, (tx) =>
    db(tx)
      .insertInto('captured_mail')
      .values({
        tenant_id: m.tenantId,
        channel: 'sms',
        message_id: m.messageId,
        from_addr: m.from,
        to_addr: m.to,
        subject: `SMS to ${m.to}`,
        html: null,
        text_body: m.body,
        attachments: '[]',
        raw,
        size: raw.length,
      })
      .onConflict((oc) => oc.columns(['tenant_id', 'message_id']).doNothing())
      .execute(),
  );
}
