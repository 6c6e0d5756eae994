/**
 * POST /internal/demo/history/:tenantId (decision 48): the demo venue's e-mails of the last six
 * months, written into comms' history as sent on the day they went out, from the venue's own
 * templates. Run by `npm start`'s demo seed BEFORE bookings and money write their history: each
 * e-mail carries the once-only key the automatic e-mail of that fact uses (auto:<kind>:<id>), so
 * when bookings' and money's events for those facts arrive, comms finds them already sent and
 * e-mails no customer today about a booking of last winter. Nothing is delivered: the rows are
 * history. Internal only; 404 unless the tenant is a demo venue and SEED_DEMO is on; once.
 */
import { z } from 'zod';
import {
  renderTemplate,
  TEMPLATE_KINDS,
  AUTOMATIC_EMAIL_KINDS,
  type TemplateValues,
} from '@venue/contracts/comms';
import {
  demoHistoryRoute,
  HttpError,
  sql,
  type AppRouter,
  type ServiceKit,
  type Tx,
} from '@venue/service-kit';
import type { BondEvent } from '@venue/contracts/money-api';
import { bondWords } from '../automatic/bond-events.ts';
import { db } from '../db/query.ts';
import { queueEmail } from '../mail/queue.ts';
import { ensureTenant } from '../templates/seed.ts';
import { bookingValues, venueContext, type VenueContext } from '../templates/values.ts';

const instant = z.iso.datetime({ offset: true });

export const demoEmailsSchema = z.object({
  emails: z
    .array(
      z.object({
        key: z.string().min(1).max(200),
        kind: z.enum([...AUTOMATIC_EMAIL_KINDS, 'quotation', 'quotation_declined', 'bond_returned'] as const),
        template: z.enum(TEMPLATE_KINDS),
        sentAt: instant,
        booking: z.object({
          id: z.uuid().nullable(),
          code: z.string().max(40),
          customerName: z.string().min(1).max(200),
          customerEmail: z.email().max(320),
          eventType: z.string().max(100),
          guestCount: z.number().int().nullable(),
          bookingDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
          startTime: z.string().max(5),
          endTime: z.string().max(5),
          resourceId: z.uuid(),
          resourceName: z.string().max(200),
          status: z.string().max(20),
          priceCents: z.number().int().min(0),
          holdExpiresAt: instant.nullable(),
        }),
        /** Values only the fact knows (invoice number and amounts, decline reason…). */
        extra: z.record(z.string().max(60), z.string().max(500)),
      }),
    )
    .min(1)
    .max(3000),
});

type DemoEmail = z.infer<typeof demoEmailsSchema>['emails'][number];
type DemoTemplate = { id: string; name: string; subject: string; body: string };

export function demoRoutes(router: AppRouter, kit: ServiceKit): void {
  demoHistoryRoute(router, kit, demoEmailsSchema, (tx, tenantId, plan) =>
    writeDemoHistory(tx, tenantId, plan.emails),
  );
}

/** The venue's e-mails as sent on their day, oldest first; none when its first one is there already. */
async function writeDemoHistory(
  tx: Tx,
  tenantId: string,
  emails: DemoEmail[],
): Promise<{ created: number; already: boolean }> {
  const q = db(tx);
  // sql: a transaction-scoped advisory lock, so two seeds of one venue run one after the other
  await sql`SELECT pg_advisory_xact_lock(hashtext(${'demo-history:comms:' + tenantId}))`.execute(q);
  const done = await q
    .selectFrom('emails')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('dedupe_key', '=', emails[0]!.key)
    .executeTakeFirst();
  if (done) return { created: 0, already: true };
  await ensureTenant(tx, tenantId);
  const venue = await venueContext(tx, tenantId);
  if (!venue) throw new HttpError(503, 'Settings have not reached comms yet.');
  const templates = await q
    .selectFrom('email_templates')
    .select(['id', 'name', 'subject', 'body', 'kind'])
    .where('tenant_id', '=', tenantId)
    .where('type', '=', 'email')
    .where('is_active', '=', true)
    .execute();
  let created = 0;
  for (const m of [...emails].sort((a, b) => a.sentAt.localeCompare(b.sentAt))) {
    const template = templates.find((t) => t.kind === m.template);
    if (!template) continue;
    if (await writeSentEmail(tx, tenantId, template, demoValues(tenantId, venue, m), m)) created++;
  }
  return { created, already: false };
}

/** The template's values for one e-mail: the booking as it was when it went out, and the fact's own. */
function demoValues(tenantId: string, venue: VenueContext, m: DemoEmail): TemplateValues {
  const b = m.booking;
  return {
    ...bookingValues(
      {
        tenant_id: tenantId,
        booking_id: b.id ?? '',
        booking_code: b.code,
        customer_id: null,
        customer_name: b.customerName,
        customer_email: b.customerEmail,
        event_type: b.eventType,
        guest_count: b.guestCount,
        booking_date: b.bookingDate,
        start_time: b.startTime,
        end_time: b.endTime,
        resource_id: b.resourceId,
        resource_name: b.resourceName,
        status: b.status,
        calculated_price_cents: b.priceCents,
        starts_at: new Date(m.sentAt),
        hold_expires_at: b.holdExpiresAt === null ? null : new Date(b.holdExpiresAt),
        booking_updated_at: new Date(m.sentAt),
      },
      venue,
    ),
    ...m.extra,
    // a bond paid back in full, worded as the live e-mail words it (automatic/bond-events.ts)
    ...(m.template === 'bond_returned' && m.extra.bondCents
      ? bondWords(
          {
            amountCents: Number(m.extra.bondCents),
            refundedCents: Number(m.extra.bondCents),
            forfeitedCents: 0,
            forfeitedGstCents: 0,
            reason: null,
          } as BondEvent,
          'refunded',
          b.code,
          venue.currency,
        )
      : {}),
  };
}

/** Queues the e-mail under its once-only key and marks it sent on its day; false when the key was taken. */
async function writeSentEmail(
  tx: Tx,
  tenantId: string,
  template: DemoTemplate,
  values: TemplateValues,
  m: DemoEmail,
): Promise<boolean> {
  const b = m.booking;
  const r = renderTemplate(template.subject, template.body, values);
  const sentAt = new Date(m.sentAt);
  const id = await queueEmail(tx, {
    tenantId,
    kind: m.kind,
    dedupeKey: m.key,
    bookingId: b.id,
    templateId: template.id,
    templateName: template.name,
    toEmail: b.customerEmail,
    toName: b.customerName,
    subject: r.subject,
    text: r.text,
    html: r.html,
    now: sentAt,
  });
  if (!id) return false;
  await db(tx)
    .updateTable('emails')
    .set({
      status: 'sent',
      attempts: 1,
      sent_at: sentAt.toISOString(),
      smtp_response: 'demo history (not delivered)',
    })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .execute();
  return true;
}
