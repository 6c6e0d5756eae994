/**
 * "Your webhook was switched off" (issue 26, decision 60): admin switches a webhook off after its
 * deliveries failed for three days and publishes `webhook.disabled`; comms e-mails the hall owner
 * in fixed words (no template kind stands for it: it is about the venue's own systems, not a
 * customer), naming the webhook, since when it failed, the last answer and where to turn it back
 * on. Once per webhook and switch-off (the outbox's unique `dedupe_key`), so a redelivered event
 * writes nothing. The venue's automatic switches and send hour do not apply: the owner must know.
 */
import { renderTemplate } from '@venue/contracts/comms';
import type { Consumer } from '@venue/service-kit';
import type { CommsDeps } from '../deps.ts';
import { queueEmail } from '../mail/queue.ts';
import { ensureTenant } from '../templates/seed.ts';
import { formatInstant, venueContext } from '../templates/values.ts';

export const WEBHOOK_DISABLED_SUBJECT = 'Webhook switched off: {{webhook}}';
const BODY = [
  'Hello{{ownerName}},',
  '',
  'VenueDesk could not deliver events to your webhook “{{webhook}}” ({{url}}) since {{failingSince}}, so it was switched off on {{disabledAt}}. Events since then have not been sent to it.',
  '',
  'The last attempt: {{lastAnswer}}.',
  '',
  'When the receiving system works again, open Settings → Integrations → Webhooks, resume the webhook and use "Send again" in its delivery log for the events it missed.',
].join('\n');

function words(text: string, values: Record<string, string>): string {
  return text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => values[name] ?? whole);
}

export function webhookConsumers(deps: CommsDeps): { 'webhook.disabled': Consumer<'webhook.disabled'> } {
  return {
    'webhook.disabled': async (event, tx) => {
      const w = event.data;
      const tenantId = event.tenantId ?? w.tenantId;
      if (!w.ownerEmail.includes('@')) return;
      await ensureTenant(tx, tenantId);
      // The owner's clock when comms has the venue's settings; UTC rather than waiting without them.
      const zone = (await venueContext(tx, tenantId))?.timezone ?? 'UTC';
      let host = w.url;
      try {
        host = new URL(w.url).host;
      } catch {
        // admin stored a parsed URL; the raw text is the fallback
      }
      const values = {
        ownerName: w.ownerName ? ` ${w.ownerName}` : '',
        webhook: w.description ?? host,
        url: w.url,
        failingSince: formatInstant(w.failingSince, zone),
        disabledAt: formatInstant(w.disabledAt, zone),
        lastAnswer:
          w.lastStatusCode !== null
            ? `the receiver answered HTTP ${w.lastStatusCode}`
            : (w.lastError ?? 'no answer'),
      };
      const rendered = renderTemplate(words(WEBHOOK_DISABLED_SUBJECT, values), words(BODY, values), {});
      await queueEmail(tx, {
        tenantId,
        kind: 'webhook_disabled',
        dedupeKey: `webhook-disabled:${w.webhookId}:${w.disabledAt}`,
        toEmail: w.ownerEmail,
        toName: w.ownerName ?? '',
        subject: rendered.subject,
        text: rendered.text,
        html: rendered.html,
        now: deps.now(),
      });
    },
  };
}
