/**
 * Money's quotation e-mails (issue 13, decision 33; the pattern of money-events.ts):
 *
 * - `quotation.sent` (Send, Bulk Send) → the tenant's `quotation` template, with money's PDF
 *   fetched by the worker when it sends (`pdfPath`), so money being down only delays it;
 * - `quotation.declined` → a short notice in fixed words (no template kind stands for it).
 *
 * Both are asked for by a person, so the venue's automatic switches do not apply. Once per
 * event (a quotation may be sent again, each time its own e-mail; a redelivery writes nothing).
 */
import { renderTemplate, type TemplateValues } from '@venue/contracts/comms';
import type { QuotationEmailEvent } from '@venue/contracts/money-api';
import type { Consumer, Tx } from '@venue/service-kit';
import type { CommsDeps } from '../deps.ts';
import { queueEmail } from '../mail/queue.ts';
import { templateOfKind } from './automatic.ts';
import { ensureTenant } from '../templates/seed.ts';
import { formatDate, formatMoney, venueContext } from '../templates/values.ts';

const DECLINED_SUBJECT = 'Your quotation for {{eventType}} at {{hallName}}';
const DECLINED_BODY =
  'Hi {{customerName}},\n\nThis is to let you know that the quotation for {{eventType}} at {{hallName}} on {{bookingDate}} ({{calculatedPrice}}) has been declined and the date is not held for you.\n\nIf you would like a new quotation, simply reply to this e-mail.\n\n{{businessName}}';

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
  let template: { id: string | null; name: string | null; subject: string; body: string } = {
    id: null,
    name: null,
    subject: DECLINED_SUBJECT,
    body: DECLINED_BODY,
  };
  if (!declined) {
    const quotation = await templateOfKind(tx, tenantId, 'quotation');
    if (!quotation) return null;
    template = quotation;
  }
  const values: TemplateValues = {
    customerName: q.customerName,
    customerEmail: q.customerEmail,
    eventType: q.eventType,
    hallName: q.resourceName,
    bookingDate: formatDate(q.eventDate),
    startTime: '',
    endTime: '',
    calculatedPrice: formatMoney(q.totalCents, venue.currency),
    businessName: venue.businessName || 'The venue team',
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
            filename: `quotation-${q.quotationId}.pdf`,
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
