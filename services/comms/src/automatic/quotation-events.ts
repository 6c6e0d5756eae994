/**
 * Money's quotation e-mails (issue 13, decision 33; the pattern of money-events.ts):
 *
 * - `quotation.sent` (Send, Bulk Send) → the tenant's `quotation` template, with money's PDF
 *   fetched by the worker when it sends (`pdfPath`), so money being down only delays it;
 * - `quotation.declined` → a short notice in fixed words (no template kind stands for it).
 *
 * Each names the quotation by its number and the event's date and times, and the resource by its
 * name (issue 24 item 2).
 *
 * Both are asked for by a person, so the venue's automatic switches do not apply. Once per
 * event (a quotation may be sent again, each time its own e-mail; a redelivery writes nothing).
 */
import { renderTemplate, type TemplateValues } from '@venue/contracts/comms';
import type { QuotationEmailEvent } from '@venue/contracts/money-api';
import { isUuid, type Consumer, type Tx } from '@venue/service-kit';
import { db } from '../db/query.ts';
import type { CommsDeps } from '../deps.ts';
import { queueEmail } from '../mail/queue.ts';
import { templateOfKind } from './automatic.ts';
import { ensureTenant } from '../templates/seed.ts';
import { formatDate, formatMoney, venueContext } from '../templates/values.ts';

/** The decline notice, naming the quotation by its number when it has one (issue 24 item 2). */
const declinedSubject = (numbered: boolean) =>
  `Your quotation ${numbered ? '{{quotationNumber}} ' : ''}for {{eventType}} at {{hallName}}`;
const declinedBody = (numbered: boolean) =>
  `Hi {{customerName}},\n\nThis is to let you know that the quotation ${numbered ? '{{quotationNumber}} ' : ''}for {{eventType}} at {{hallName}} on {{bookingDate}} ({{startTime}}–{{endTime}}, {{calculatedPrice}}) has been declined and the date is not held for you.\n\nIf you would like a new quotation, simply reply to this e-mail.\n\n{{businessName}}`;

const fileName = (text: string) => text.replace(/[^A-Za-z0-9._-]/g, '_');

/**
 * The resource's name, never its id (issue 24 item 2): a quotation saved with the id alone (before
 * money named resources) is named from comms' booking copies of that resource, else the venue.
 */
async function placeName(tx: Tx, tenantId: string, name: string, businessName: string): Promise<string> {
  const given = name.trim();
  if (given && !isUuid(given)) return given;
  if (given) {
    const known = await db(tx)
      .selectFrom('booking_copies')
      .select('resource_name')
      .where('tenant_id', '=', tenantId)
      .where('resource_id', '=', given)
      .where('resource_name', '<>', '')
      .limit(1)
      .executeTakeFirst();
    if (known && !isUuid(known.resource_name.trim())) return known.resource_name;
  }
  return businessName || 'our venue';
}

async function queueQuotationMail(
  tx: Tx,
  tenantId: string,
  eventId: string,
  q: QuotationEmailEvent,
  declined: boolean,
  now: Date,
): Promise<string | null> {
  await ensureTenant(tx, tenantId);
  if (!q.customerEmail.includes('@')) return null;
  const venue = await venueContext(tx, tenantId);
  // Kept and retried rather than written in a guessed time zone and currency.
  if (!venue) throw new Error(`settings of tenant ${tenantId} have not reached comms yet`);
  const number = q.number ?? null;
  let template: { id: string | null; name: string | null; subject: string; body: string } = {
    id: null,
    name: null,
    subject: declinedSubject(number !== null),
    body: declinedBody(number !== null),
  };
  if (!declined) {
    const quotation = await templateOfKind(tx, tenantId, 'quotation');
    if (!quotation) return null;
    template = quotation;
  }
  const businessName = venue.businessName || 'The venue team';
  const values: TemplateValues = {
    customerName: q.customerName,
    customerEmail: q.customerEmail,
    eventType: q.eventType,
    hallName: await placeName(tx, tenantId, q.resourceName, venue.businessName),
    bookingDate: formatDate(q.eventDate),
    // The event's times (events before issue 24 lack them: blank, never a raw placeholder).
    startTime: q.startTime ?? '',
    endTime: q.endTime ?? '',
    quotationNumber: number ?? '',
    calculatedPrice: formatMoney(q.totalCents, venue.currency),
    businessName,
  };
  const r = renderTemplate(template.subject, template.body, values);
  return queueEmail(tx, {
    tenantId,
    kind: declined ? 'quotation_declined' : 'quotation',
    dedupeKey: `quotation:${q.quotationId}:${eventId}`,
    templateId: template.id,
    templateName: template.name,
    toEmail: q.customerEmail,
    toName: q.customerName,
    subject: r.subject,
    text: r.text,
    html: r.html,
    attachmentFetch:
      !declined && q.pdfPath
        ? {
            service: 'money',
            path: q.pdfPath,
            // money names the file by the quotation's number when it answers; this is the fallback
            filename: number ? `${fileName(number)}.pdf` : 'quotation.pdf',
            contentType: 'application/pdf',
          }
        : null,
    now,
  });
}

export function quotationConsumers(deps: CommsDeps): {
  'quotation.sent': Consumer<'quotation.sent'>;
  'quotation.declined': Consumer<'quotation.declined'>;
} {
  return {
    'quotation.sent': async (event, tx) => {
      if (!event.tenantId) return;
      await queueQuotationMail(tx, event.tenantId, event.id, event.data, false, deps.now());
    },
    'quotation.declined': async (event, tx) => {
      if (!event.tenantId) return;
      await queueQuotationMail(tx, event.tenantId, event.id, event.data, true, deps.now());
    },
  };
}
