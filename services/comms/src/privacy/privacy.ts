/**
 * Personal data comms holds (its booking copy, the messages it sent, bounces, captured mail):
 * erased when bookings anonymises a customer, and included in the tenant's data export.
 */
import {
  tenantExportRoute,
  type AppRouter,
  type EventOf,
  type ServiceKit,
  type Tx,
} from '@venue/service-kit';
import { db } from '../db/query.ts';
import { emailsSelect } from '../history/email-record.ts';
import { maskSecretLinks } from '../mail/secret-links.ts';

const ERASED = 'Customer data erased';

/**
 * The customer's SMS (issue 26): a waiting one is not sent, texts and numbers go, and what Mail
 * preview captured of them. An opt-out (STOP) stays: it is the number's refusal, not the
 * customer's data, and honouring it must outlive the booking.
 */
async function eraseSms(tx: Tx, tenantId: string, phones: string[]): Promise<void> {
  if (!phones.length) return;
  await db(tx)
    .updateTable('emails')
    .set((eb) => {
      const waiting = eb('status', 'in', ['pending', 'sending']);
      return {
        to_phone: '',
        to_name: 'Anonymous',
        subject: ERASED,
        body_text: '',
        body_html: '',
        status: eb
          .case()
          .when(waiting)
          .then(eb.val('failed' as const))
          .else(eb.ref('status'))
          .end(),
        last_error: eb.case().when(waiting).then(eb.val(ERASED)).else(eb.ref('last_error')).end(),
        claim_token: null,
      };
    })
    .where('tenant_id', '=', tenantId)
    .where('channel', '=', 'sms')
    .where('to_phone', 'in', phones)
    .execute();
  await db(tx)
    .deleteFrom('captured_mail')
    .where('tenant_id', '=', tenantId)
    .where('channel', '=', 'sms')
    .where('to_addr', 'in', phones)
    .execute();
}

/** `customer.anonymised` (bookings): the customer's addresses, names and message texts go. */
export async function customerAnonymised(event: EventOf<'customer.anonymised'>, tx: Tx): Promise<void> {
  const tenantId = event.tenantId;
  if (!tenantId) return;
  const rows = await db(tx)
    .selectFrom('booking_copies')
    .select((eb) => eb.fn<string>('lower', ['customer_email']).as('email'))
    .distinct()
    .where('tenant_id', '=', tenantId)
    .where('customer_id', '=', event.data.id)
    .where('customer_email', 'like', '%@%')
    .execute();
  const phones = await db(tx)
    .selectFrom('booking_copies')
    .select('customer_phone')
    .distinct()
    .where('tenant_id', '=', tenantId)
    .where('customer_id', '=', event.data.id)
    .where('customer_phone', '<>', '')
    .execute();
  await eraseSms(
    tx,
    tenantId,
    phones.map((p) => p.customer_phone),
  );
  await db(tx)
    .updateTable('booking_copies')
    .set({ customer_name: 'Anonymous', customer_email: '', customer_phone: '' })
    .where('tenant_id', '=', tenantId)
    .where('customer_id', '=', event.data.id)
    .execute();
  for (const { email } of rows) {
    // A message still waiting is not sent any more: its recipient asked to be forgotten.
    const gone = await db(tx)
      .updateTable('emails')
      .set((eb) => {
        const waiting = eb('status', 'in', ['pending', 'sending']);
        return {
          to_email: 'anonymised@invalid',
          to_name: 'Anonymous',
          subject: ERASED,
          body_text: '',
          body_html: '',
          status: eb
            .case()
            .when(waiting)
            .then(eb.val('failed' as const))
            .else(eb.ref('status'))
            .end(),
          last_error: eb.case().when(waiting).then(eb.val(ERASED)).else(eb.ref('last_error')).end(),
          claim_token: null,
        };
      })
      .where('tenant_id', '=', tenantId)
      .where((eb) => eb(eb.fn('lower', ['to_email']), '=', email))
      .returning('id')
      .execute();
    if (gone.length)
      await db(tx)
        .deleteFrom('email_attachments')
        .where('tenant_id', '=', tenantId)
        // = ANY($n): one array parameter, its type (uuid[]) taken from email_id
        .where((eb) => eb('email_id', '=', eb.fn.any(eb.val(gone.map((g) => g.id)))))
        .execute();
    await db(tx).deleteFrom('bounces').where('tenant_id', '=', tenantId).where('email', '=', email).execute();
    await db(tx)
      .deleteFrom('captured_mail')
      .where('tenant_id', '=', tenantId)
      .where((eb) =>
        eb(eb.fn('lower', ['to_addr']), 'like', eb(eb(eb.val('%'), '||', eb.val(email)), '||', eb.val('%'))),
      )
      .execute();
  }
}

/** Admin's Data & Privacy export asks every service for its part. */
export function privacyRoutes(router: AppRouter, kit: ServiceKit): void {
  tenantExportRoute(router, kit, async (tx, tenantId) => ({
    emailTemplates: await db(tx)
      .selectFrom('email_templates')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .orderBy('created_at')
      .execute(),
    // The history's columns and attachment list (one query for both, email-record.ts); a
    // single-use link of a message still waiting masked, as the history shows it.
    emails: (
      await emailsSelect(tx).where('e.tenant_id', '=', tenantId).orderBy('e.created_at').execute()
    ).map((e) => ({ ...e, subject: maskSecretLinks(e.subject), body_text: maskSecretLinks(e.body_text) })),
    bounces: await db(tx)
      .selectFrom('bounces')
      .select(['email', 'reason', 'bounced_at'])
      .where('tenant_id', '=', tenantId)
      .execute(),
    // numbers opted out of the venue's SMS: replied STOP, or marked by staff (issue 26)
    smsOptOuts: await db(tx)
      .selectFrom('sms_opt_outs')
      .select(['phone', 'word', 'opted_out_at', 'source', 'by_name'])
      .where('tenant_id', '=', tenantId)
      .execute(),
    emailSettings:
      (await db(tx)
        .selectFrom('comms_settings')
        .selectAll()
        .where('tenant_id', '=', tenantId)
        .executeTakeFirst()) ?? null,
  }));
}
