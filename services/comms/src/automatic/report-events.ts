/**
 * Scheduled report e-mails (issue 14 item 4; insights' report-exports/sweep.ts): a venue's
 * weekly or monthly report, asked for by its staff in Reports → Schedule Email. Insights publishes
 * `report.email_requested` when a schedule comes due in the venue's clock; comms writes one
 * e-mail per recipient in fixed words (no template kind stands for it, as the quotation decline
 * notice) with insights' PDF fetched by the worker when it sends (`attachment_fetch`, decision 30's
 * pattern), so insights being down only delays it.
 *
 * Once per schedule, due day and address by the outbox's unique `dedupe_key`, so a redelivered or
 * republished event writes nothing. The schedule's own hour decided when it went, so neither the
 * venue's automatic switches nor its send hour apply (a person asked for it, at that hour).
 */
import { renderTemplate } from '@venue/contracts/comms';
import type { Consumer } from '@venue/service-kit';
import type { CommsDeps } from '../deps.ts';
import { queueEmail } from '../mail/queue.ts';
import { ensureTenant } from '../templates/seed.ts';
import { formatDate, venueContext } from '../templates/values.ts';

export const REPORT_EMAIL_SUBJECT = '{{businessName}} report: {{periodLabel}} to {{bookingDate}}';
const BODY = [
  'Hello,',
  '',
  'Your {{frequency}} report from {{businessName}} is attached ({{periodLabel}} to {{bookingDate}}): the KPIs, historical and upcoming bookings, the forecast, resource utilisation, the bookings funnel, payments and customer cohorts.',
  '',
  'You receive it because you were added to a scheduled report in VenueDesk (Reports → Schedule Email). Ask the venue to remove you there if you no longer want it.',
].join('\n');

/** Fills the few words of this e-mail; every value is escaped by the renderer's HTML step. */
function words(text: string, values: Record<string, string>): string {
  return text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => values[name] ?? whole);
}

export function reportConsumers(deps: CommsDeps): {
  'report.email_requested': Consumer<'report.email_requested'>;
} {
  return {
    'report.email_requested': async (event, tx) => {
      const tenantId = event.tenantId;
      if (!tenantId) return;
      const r = event.data;
      await ensureTenant(tx, tenantId);
      const venue = await venueContext(tx, tenantId);
      // Kept and retried rather than written without the venue's name and clock.
      if (!venue) throw new Error(`settings of tenant ${tenantId} have not reached comms yet`);
      const values = {
        businessName: r.venueName || venue.businessName || 'Your venue',
        periodLabel: r.periodLabel,
        bookingDate: formatDate(r.dueDate),
        frequency: r.frequency,
      };
      const rendered = renderTemplate(words(REPORT_EMAIL_SUBJECT, values), words(BODY, values), {});
      const now = deps.now();
      for (const to of r.recipients) {
        if (!to.includes('@')) continue;
        await queueEmail(tx, {
          tenantId,
          kind: 'scheduled_report',
          dedupeKey: `report:${r.scheduleId}:${r.dueDate}:${to.toLowerCase()}`,
          toEmail: to,
          toName: '',
          subject: rendered.subject,
          text: rendered.text,
          html: rendered.html,
          attachmentFetch: {
            service: 'insights',
            path: r.pdfPath,
            filename: r.filename,
            contentType: 'application/pdf',
          },
          now,
        });
      }
    },
  };
}
