/**
 * The templates every tenant starts with (issue 12 item 2): one per automatic or money e-mail,
 * plain text with the spec's variables (rendering escapes them for the HTML part). The customer's
 * door (issue 25) added five; migrations/016_customer_door.sql gives them to venues seeded before,
 * in these words (templates/migration-016.test.ts compares them); migrations/017 the bond's
 * (migration-017.test.ts).
 */
import type { TemplateKind } from '@venue/contracts/comms';

export interface DefaultTemplate {
  kind: TemplateKind;
  /** Absent: e-mail. */
  type?: 'email' | 'sms';
  name: string;
  subject: string;
  body: string;
}

const SIGN_OFF = '\n\nKind regards,\n{{businessName}}';

export const DEFAULT_TEMPLATES: DefaultTemplate[] = [
  {
    kind: 'booking_confirmed',
    name: 'Booking confirmation',
    subject: 'Your booking {{bookingCode}} is confirmed',
    body: `Hi {{customerName}},\n\nGood news: your booking for {{eventType}} at {{hallName}} on {{bookingDate}} from {{startTime}} to {{endTime}} is confirmed.\n\nGuests: {{guestCount}}\nTotal: {{calculatedPrice}}\nBooking reference: {{bookingCode}}\n\nReply to this e-mail if anything changes.${SIGN_OFF}`,
  },
  {
    kind: 'hold_placed',
    name: 'Hold placed',
    subject: 'We are holding {{hallName}} for you until {{holdExpiresAt}}',
    body: `Hi {{customerName}},\n\nWe have placed a hold on {{hallName}} for your {{eventType}} on {{bookingDate}} from {{startTime}} to {{endTime}}.\n\nThe hold lasts until {{holdExpiresAt}}. Please confirm before then, or the time is released for others.\n\nBooking reference: {{bookingCode}}${SIGN_OFF}`,
  },
  {
    kind: 'hold_expiring',
    name: 'Hold expiring',
    subject: 'Your hold on {{hallName}} ends {{holdExpiresAt}}',
    body: `Hi {{customerName}},\n\nA reminder that our hold on {{hallName}} for your {{eventType}} on {{bookingDate}} ends {{holdExpiresAt}}.\n\nReply to this e-mail to confirm the booking before then.\n\nBooking reference: {{bookingCode}}${SIGN_OFF}`,
  },
  {
    kind: 'declined',
    name: 'Booking request declined',
    subject: 'Your booking request {{bookingCode}}',
    body: `Hi {{customerName}},\n\nThank you for your interest in {{hallName}}. Unfortunately we cannot accept your request for {{eventType}} on {{bookingDate}} ({{startTime}}–{{endTime}}).\n\nReason: {{declineReason}}\n\nPlease reply to this e-mail if you would like to find another date.${SIGN_OFF}`,
  },
  {
    kind: 'changes_requested',
    name: 'Changes requested',
    subject: 'Changes needed for your booking {{bookingCode}}',
    body: `Hi {{customerName}},\n\nThank you for your booking request for {{eventType}} at {{hallName}} on {{bookingDate}} ({{startTime}}–{{endTime}}).\n\nBefore we can accept it we need a few changes:\n\n{{changesMessage}}\n\nPlease reply to this e-mail with the updated details.${SIGN_OFF}`,
  },
  {
    kind: 'cancelled',
    name: 'Booking cancelled',
    subject: 'Your booking {{bookingCode}} has been cancelled',
    body: `Hi {{customerName}},\n\nYour booking for {{eventType}} at {{hallName}} on {{bookingDate}} ({{startTime}}–{{endTime}}) has been cancelled.\n\nIf this is unexpected, please reply to this e-mail.${SIGN_OFF}`,
  },
  {
    kind: 'event_reminder',
    name: 'Event reminder',
    subject: 'Reminder: {{eventType}} at {{hallName}} on {{bookingDate}}',
    body: `Hi {{customerName}},\n\nThis is a friendly reminder of your {{eventType}} at {{hallName}} on {{bookingDate}} from {{startTime}} to {{endTime}}.\n\nGuests: {{guestCount}}\nBooking reference: {{bookingCode}}\n\nIf you need to make any changes, just reply to this e-mail.${SIGN_OFF}`,
  },
  {
    kind: 'payment_link',
    name: 'Payment link',
    subject: 'Payment for your booking {{bookingCode}}',
    // {{amountDue}}: what the linked page asks (issue 24 item 1); venues seeded before keep
    // "Amount: {{calculatedPrice}}", which a pay-link e-mail fills with the same amount.
    body: `Hi {{customerName}},\n\nYou can pay invoice {{invoiceNumber}} for your {{eventType}} at {{hallName}} on {{bookingDate}} here:\n\n{{paymentLink}}\n\nAmount due: {{amountDue}}${SIGN_OFF}`,
  },
  {
    kind: 'invoice',
    name: 'Invoice',
    subject: 'Invoice {{invoiceNumber}} for your booking {{bookingCode}}',
    body: `Hi {{customerName}},\n\nPlease find invoice {{invoiceNumber}} for {{eventType}} at {{hallName}} on {{bookingDate}} attached.\n\nTotal: {{invoiceTotal}}\nAmount due: {{amountDue}} by {{dueDate}}\n\nReply to this e-mail with any questions.${SIGN_OFF}`,
  },
  {
    kind: 'receipt',
    name: 'Receipt',
    subject: 'Receipt for your booking {{bookingCode}}',
    body: `Hi {{customerName}},\n\nThank you for your payment of {{amountPaid}} for {{eventType}} at {{hallName}} on {{bookingDate}}. Your receipt {{receiptNumber}} is attached.\n\nStill to pay on invoice {{invoiceNumber}}: {{amountDue}}${SIGN_OFF}`,
  },
  {
    // with its number (issue 24 item 2); migrations/015 gives venues that kept the text before it
    kind: 'quotation',
    name: 'Quotation',
    subject: 'Your quotation {{quotationNumber}} for {{eventType}} at {{hallName}}',
    body: `Hi {{customerName}},\n\nThank you for your enquiry. Please find our quotation {{quotationNumber}} for {{eventType}} at {{hallName}} on {{bookingDate}} ({{startTime}}–{{endTime}}) attached.\n\nEstimated total: {{calculatedPrice}}\n\nReply to this e-mail to go ahead.${SIGN_OFF}`,
  },
  {
    // also in migrations/013_money_mail.sql, which gives it to tenants seeded before it existed
    kind: 'payment_reminder',
    name: 'Payment reminder',
    subject: 'Payment reminder: invoice {{invoiceNumber}}',
    body: `Hi {{customerName}},\n\nA friendly reminder that invoice {{invoiceNumber}} has {{amountDue}} outstanding, due {{dueDate}}. A copy of the invoice is attached.\n\nIf you have already paid, thank you, and please disregard this e-mail.${SIGN_OFF}`,
  },
  {
    // also in migrations/015_adjustment_note_mail.sql, for tenants seeded before it existed
    kind: 'credit_note',
    name: 'Adjustment note',
    subject: 'Adjustment note {{creditNoteNumber}} for invoice {{invoiceNumber}}',
    body: `Hi {{customerName}},\n\nWe have issued adjustment note {{creditNoteNumber}} against invoice {{invoiceNumber}} for {{eventType}} at {{hallName}} on {{bookingDate}}. It is attached.\n\nCredited: {{amountCredited}}\n\nReply to this e-mail with any questions.${SIGN_OFF}`,
  },
  {
    // also in migrations/015_adjustment_note_mail.sql
    kind: 'refund',
    name: 'Refund',
    subject: 'Your refund of {{amountRefunded}}: adjustment note {{creditNoteNumber}}',
    body: `Hi {{customerName}},\n\nWe have refunded {{amountRefunded}} to you for {{eventType}} at {{hallName}} on {{bookingDate}}. Adjustment note {{creditNoteNumber}} against invoice {{invoiceNumber}} is attached.\n\nCredited: {{amountCredited}}\nRefunded: {{amountRefunded}}\n\nReply to this e-mail with any questions.${SIGN_OFF}`,
  },
  {
    // a bond settled (issue 24 item 3): refunded in full, or kept in part or whole with the reason;
    // {{bondSummary}} and {{bondOutcome}} say which in words. Also in migrations/017_bond_returned.sql
    kind: 'bond_returned',
    name: 'Bond returned or kept',
    subject: 'Your bond for {{bookingCode}} {{bondSummary}}',
    body: `Hi {{customerName}},\n\n{{bondOutcome}}\n\nYour booking: {{eventType}} at {{hallName}} on {{bookingDate}}, reference {{bookingCode}}.\n\nReply to this e-mail with any questions.${SIGN_OFF}`,
  },
  {
    // the customer's door (issue 25): the booking page's request waits for this link to be opened
    kind: 'request_verification',
    name: 'Verify your e-mail',
    subject: 'Please confirm your e-mail to send your request to {{businessName}}',
    body: `Hi {{customerName}},\n\nThank you for your request for {{hallName}}:\n\n{{requestDates}}\n\nTo send it to {{businessName}}, please confirm your e-mail address by opening this link:\n\n{{verifyLink}}\n\nThe link works once, until {{linkExpiresAt}}. Nothing is booked or held for you until you open it.\n\nIf you did not ask for this, you can ignore this e-mail.${SIGN_OFF}`,
  },
  {
    kind: 'portal_link',
    name: 'Your portal link',
    subject: 'Your sign-in link for {{businessName}}',
    body: `Hello,\n\nHere is your link to sign in and see your bookings with {{businessName}}:\n\n{{portalLink}}\n\nThe link works once, until {{linkExpiresAt}}. Once signed in, you stay signed in on that device for 30 days.\n\nIf you did not ask for this, you can ignore this e-mail: nobody can sign in without the link.${SIGN_OFF}`,
  },
  {
    kind: 'request_received',
    name: 'Request received',
    subject: 'We have received your request for {{hallName}}',
    body: `Hi {{customerName}},\n\nThank you for your request for {{eventType}} at {{hallName}}:\n\n{{requestDates}}\n\n{{requestOutcome}}\n\nGuests: {{guestCount}}\n\nYou can follow your request, and cancel it while it waits, at {{portalAddress}}${SIGN_OFF}`,
  },
  {
    // to the venue's business e-mail, not the customer
    kind: 'venue_new_request',
    name: 'New request for the venue',
    subject: 'New request {{bookingCode}}: {{eventType}} at {{hallName}} on {{bookingDate}}',
    body: `A new request came from your booking page:\n\n{{requestDates}}\n\n{{requestOutcome}}\n\nCustomer: {{customerName}}\nE-mail: {{customerEmail}}\nPhone: {{customerPhone}}\nEvent: {{eventType}}\nGuests: {{guestCount}}\nSpace: {{hallName}}\n\nAnswers to your questions:\n{{requestAnswers}}\n\nNotes from the customer:\n{{requestNotes}}\n\nOpen it in the back office to confirm, hold, decline or ask for changes:\n{{bookingLink}}`,
  },
  {
    // to the venue's business e-mail: a customer wrote from the portal
    kind: 'venue_customer_changes',
    name: 'Customer asked for changes',
    subject: '{{customerName}} asks for changes to {{bookingCode}}',
    body: `{{customerName}} ({{customerEmail}}) asked for changes to booking {{bookingCode}}, {{eventType}} at {{hallName}} on {{bookingDate}} from {{startTime}} to {{endTime}}, from your customer portal:\n\n{{customerMessage}}\n\nThe message is also kept as a note on the booking:\n{{bookingLink}}`,
  },
  // SMS (issue 26 item 3): one GSM-7 part each with a typical name and hall; the subject is the
  // history's label only. migrations/018_sms.sql gives them to venues met before, in these words.
  {
    kind: 'sms_event_reminder',
    type: 'sms',
    name: 'Event reminder (SMS)',
    subject: 'Event reminder (SMS)',
    body: `{{businessName}}: reminder, your {{eventType}} at {{hallName}} is on {{bookingDate}} at {{startTime}}. Ref {{bookingCode}}. Reply STOP to opt out.`,
  },
  {
    kind: 'sms_payment_reminder',
    type: 'sms',
    name: 'Payment reminder (SMS)',
    subject: 'Payment reminder (SMS)',
    body: `{{businessName}}: invoice {{invoiceNumber}} has {{amountDue}} due by {{dueDate}}. Details are in your e-mail. Reply STOP to opt out.`,
  },
];

/** The default words of a kind (a transactional e-mail goes in them when the venue has no active template). */
export function defaultTemplate(kind: TemplateKind): DefaultTemplate {
  const t = DEFAULT_TEMPLATES.find((d) => d.kind === kind);
  if (!t) throw new Error(`no default template of kind ${kind}`);
  return t;
}
