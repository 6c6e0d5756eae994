/**
 * A bond settled reaches the customer (issue 24 item 3): money publishes `bond.refunded` when a
 * held bond goes back in full and `bond.forfeited` when part or all of it is kept (with a reason;
 * the kept part carries GST), and comms writes the customer the venue's "Bond returned or kept"
 * template (`bond_returned`): for a refund "Your bond for HH-2026-0042 has been refunded: $500.00",
 * for a forfeit what was kept (with its GST), why, and what came back, if anything.
 *
 * The figures are the event's, which money reads back from its bonds row after writing it (the
 * stored amounts, never worked out again here), worded in the venue's currency. No PDF goes with
 * it: a refund has no document, and the kept part's BOND tax invoice is money's own
 * `invoice.issued`, e-mailed as an Invoice of its own.
 *
 * Switch: `credit_note_issued` ("Adjustment note or refund" under Automatic e-mails). A bond
 * coming back is money going back to the customer, as a refund on an adjustment note is, and a
 * venue that does not want its refunds e-mailed (it tells customers itself) wants the same for
 * bonds; a switch of its own would be one more for a rare event. On by default.
 *
 * Once per bond: a bond is settled once (HELD → REFUNDED or (PARTIALLY_)FORFEITED), so the
 * outbox's unique `dedupe_key` per bond makes the same event delivered again, or published twice,
 * write nothing; the inbox already drops a redelivery of the same event id.
 */
import { renderTemplate, type AutomaticEmailKind, type TemplateValues } from '@venue/contracts/comms';
import type { BondEvent } from '@venue/contracts/money-api';
import type { Consumer, Tx } from '@venue/service-kit';
import type { CommsDeps } from '../deps.ts';
import { queueEmail } from '../mail/queue.ts';
import { bookingValues, formatMoney } from '../templates/values.ts';
import { mailContext, nextDaytime, type AutomaticOutcome } from './automatic.ts';

/** The automatic switch bond e-mails go under (see above for why this one). */
export const BOND_MAIL_SWITCH: AutomaticEmailKind = 'credit_note_issued';

/** The outcome in words, for a subject (`bondSummary`) and a body (`bondOutcome`), and the figures. */
export function bondWords(
  bond: BondEvent,
  settled: 'refunded' | 'forfeited',
  bookingCode: string,
  currency: string,
): TemplateValues {
  const money = (cents: number) => formatMoney(cents, currency);
  const amount = money(bond.amountCents);
  const refunded = money(bond.refundedCents);
  const kept = money(bond.forfeitedCents);
  const figures: TemplateValues = {
    bondAmount: amount,
    amountRefunded: refunded,
    amountKept: kept,
    gstKept: money(bond.forfeitedGstCents),
    keptReason: bond.reason ?? '',
  };
  if (settled === 'refunded')
    return {
      ...figures,
      bondSummary: `has been refunded: ${refunded}`,
      bondOutcome: `Your bond for ${bookingCode} has been refunded: ${refunded}.`,
    };
  // A venue not registered for GST keeps no GST: nothing to name.
  const gst = bond.forfeitedGstCents > 0 ? `, including ${money(bond.forfeitedGstCents)} GST` : '';
  const whole = bond.refundedCents === 0;
  // The kept part's tax invoice goes as an e-mail of its own: named here, so the customer knows
  // the two belong together.
  const invoice = bond.keptInvoiceNumber;
  return {
    ...figures,
    ...(invoice ? { invoiceNumber: invoice } : {}),
    bondSummary: whole ? `has been kept: ${kept}` : `has been settled: ${kept} kept, ${refunded} refunded`,
    bondOutcome: [
      whole
        ? `We have kept all of your ${amount} bond for ${bookingCode}${gst}.`
        : `We have kept ${kept} of your ${amount} bond for ${bookingCode}${gst}.`,
      `Reason: ${bond.reason ?? ''}`,
      whole ? 'Nothing of the bond is refunded.' : `The rest, ${refunded}, has been refunded to you.`,
      ...(invoice ? [`The tax invoice for what was kept, ${invoice}, comes in an e-mail of its own.`] : []),
    ].join('\n\n'),
  };
}

/**
 * Queues the e-mail, or says why not. Throws when the venue's settings have not reached comms
 * (the event is kept and retried rather than worded in a guessed currency and time zone).
 */
export async function queueBondMail(
  tx: Tx,
  tenantId: string,
  bond: BondEvent,
  settled: 'refunded' | 'forfeited',
  now: Date,
): Promise<AutomaticOutcome> {
  const { cs, template, venue, booking } = await mailContext(tx, tenantId, 'bond_returned', bond.bookingId);
  if (cs?.automatic?.[BOND_MAIL_SWITCH] === false) return 'off';
  if (!template) return 'no-template';
  // The customer is the booking's (the event names only the booking). Without comms' copy of it
  // there is nobody to write to; throwing would hold back every later money event to comms.
  if (!booking || !booking.customer_email.includes('@')) return 'no-address';
  if (!venue) throw new Error(`settings of tenant ${tenantId} have not reached comms yet`);
  const values: TemplateValues = {
    ...bookingValues(booking, venue),
    ...bondWords(bond, settled, booking.booking_code, venue.currency),
  };
  const r = renderTemplate(template.subject, template.body, values);
  const id = await queueEmail(tx, {
    tenantId,
    // the history's kind: what the e-mail was (the switch is credit_note_issued's)
    kind: 'bond_returned',
    dedupeKey: `auto:bond_returned:${bond.id}`,
    bookingId: booking.booking_id,
    templateId: template.id,
    templateName: template.name,
    toEmail: booking.customer_email,
    toName: booking.customer_name,
    subject: r.subject,
    text: r.text,
    html: r.html,
    now,
    notBefore: nextDaytime(now, venue.timezone, cs?.send_hour ?? 9),
  });
  return id ? 'queued' : 'already-sent';
}

export function bondConsumers(deps: CommsDeps): {
  'bond.refunded': Consumer<'bond.refunded'>;
  'bond.forfeited': Consumer<'bond.forfeited'>;
} {
  return {
    'bond.refunded': async (event, tx) => {
      if (!event.tenantId) return;
      await queueBondMail(tx, event.tenantId, event.data, 'refunded', deps.now());
    },
    'bond.forfeited': async (event, tx) => {
      if (!event.tenantId) return;
      await queueBondMail(tx, event.tenantId, event.data, 'forfeited', deps.now());
    },
  };
}
