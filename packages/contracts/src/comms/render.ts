/**
 * The one template renderer (spec 02 §3.5): `{{name}}` placeholders replaced by values, nothing
 * else. No template language that could run code: a name is letters and digits, a value is
 * text, and the HTML part escapes everything (the template's own text and every value), so a
 * customer name like `<script>` reaches the reader as text. Shared by the comms service (what
 * is sent) and the Templates screen (its live preview), so the two cannot differ.
 */

/** Spec 02 §3.5 template variables. */
export const SPEC_TEMPLATE_VARIABLES = [
  'customerName',
  'customerEmail',
  'bookingId',
  'eventType',
  'bookingDate',
  'startTime',
  'endTime',
  'hallName',
  'calculatedPrice',
  'guestCount',
  'status',
] as const;

/**
 * Values the automatic e-mails need beyond the spec's list (issue 12): the booking's code, the
 * hold's expiry, a decline's reason, a change request's message, the pay link and the venue's
 * business name; and for money's e-mails (issue 13) the invoice's number, total, amount due and
 * due date, the days overdue, and a receipt's number and amount; for an adjustment note (issue 24)
 * its number and the amounts credited and refunded, and a quotation's number. Filled from the
 * booking, money's event and the tenant's settings, never from the client; the amounts of an
 * e-mail that carries money's PDF are the ones that PDF prints (filled when it is fetched).
 *
 * The customer's door (issue 25): the single-use links a customer opens (`verifyLink` of a
 * request, `portalLink` to sign in) and until when they work (`linkExpiresAt`, the venue's
 * clock), the portal's address for the venue (`portalAddress`), a request's dates one per line
 * (`requestDates`), what happens next in words (`requestOutcome`: held until when, or waiting for
 * the venue), and for the venue's own e-mails the customer's phone, answers to the venue's
 * questions, notes and message, and the booking's address in the back office (`bookingLink`).
 *
 * A bond settled (issue 24 item 3): the bond held (`bondAmount`), what came back
 * (`amountRefunded`), what was kept with the GST it contains and why (`amountKept`, `gstKept`,
 * `keptReason`, and `invoiceNumber`, the kept part's tax invoice, which comes in an e-mail of its
 * own), and the outcome in words: short for a subject (`bondSummary`: "has been
 * refunded: $500.00") and in full for a body (`bondOutcome`), since a full refund has nothing kept
 * to name and a full forfeit nothing returned.
 */
export const EXTRA_TEMPLATE_VARIABLES = [
  'bookingCode',
  'holdExpiresAt',
  'declineReason',
  'changesMessage',
  'paymentLink',
  'businessName',
  'invoiceNumber',
  'invoiceTotal',
  'amountDue',
  'dueDate',
  'daysOverdue',
  'receiptNumber',
  'amountPaid',
  'creditNoteNumber',
  'amountCredited',
  'amountRefunded',
  'quotationNumber',
  'verifyLink',
  'portalLink',
  'linkExpiresAt',
  'portalAddress',
  'requestDates',
  'requestOutcome',
  'requestAnswers',
  'requestNotes',
  'customerPhone',
  'customerMessage',
  'bookingLink',
  'bondAmount',
  'amountKept',
  'gstKept',
  'keptReason',
  'bondSummary',
  'bondOutcome',
] as const;

export const TEMPLATE_VARIABLES = [...SPEC_TEMPLATE_VARIABLES, ...EXTRA_TEMPLATE_VARIABLES] as const;
export type TemplateVariable = (typeof TEMPLATE_VARIABLES)[number];
export type TemplateValues = Partial<Record<TemplateVariable, string>>;

const PLACEHOLDER = /\{\{\s*([A-Za-z][A-Za-z0-9_]{0,63})\s*\}\}/g;

export function isTemplateVariable(name: string): name is TemplateVariable {
  return (TEMPLATE_VARIABLES as readonly string[]).includes(name);
}

/** The placeholder names of the texts, in order of first appearance, each once. */
export function extractVariables(...texts: string[]): string[] {
  const seen: string[] = [];
  for (const text of texts)
    for (const m of text.matchAll(PLACEHOLDER)) if (!seen.includes(m[1]!)) seen.push(m[1]!);
  return seen;
}

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** Fills known names that have a value; others stay as written and are listed in `unfilled`. */
export function fillPlaceholders(text: string, values: TemplateValues): { text: string; unfilled: string[] } {
  const unfilled: string[] = [];
  const out = text.replace(PLACEHOLDER, (whole, name: string) => {
    const value = isTemplateVariable(name) ? values[name] : undefined;
    if (value === undefined) {
      if (!unfilled.includes(name)) unfilled.push(name);
      return whole;
    }
    return value;
  });
  return { text: out, unfilled };
}

export interface RenderedEmail {
  /** One line: line breaks in values are folded to spaces (a header cannot carry them). */
  subject: string;
  text: string;
  html: string;
  unfilled: string[];
}

/**
 * A web address in a text: http or https only (never `javascript:` or `data:`), up to the first
 * space, quote or angle bracket, without the punctuation that ends a sentence after it.
 */
const WEB_ADDRESS = /https?:\/\/[^\s<>"']+/g;
const TRAILING_PUNCTUATION = /[.,;:!?)\]]+$/;

/** The web addresses of a text, in order, each once (Mail preview lists them to open). */
export function findLinks(text: string): string[] {
  const seen: string[] = [];
  for (const m of text.matchAll(WEB_ADDRESS)) {
    const url = m[0].replace(TRAILING_PUNCTUATION, '');
    if (url.length > 'https://'.length && !seen.includes(url)) seen.push(url);
  }
  return seen;
}

/** A line of text as HTML: escaped, its web addresses as links the reader can open. */
function lineToHtml(text: string): string {
  let out = '';
  let from = 0;
  for (const m of text.matchAll(WEB_ADDRESS)) {
    const url = m[0].replace(TRAILING_PUNCTUATION, '');
    out += escapeHtml(text.slice(from, m.index));
    const href = escapeHtml(url);
    out += `<a href="${href}">${href}</a>`;
    from = m.index + url.length;
  }
  return out + escapeHtml(text.slice(from));
}

/**
 * The plain body as a small HTML document: escaped, paragraphs kept, web addresses as links (a
 * customer's "Verify your e-mail" or sign-in link must open from the message, issue 25).
 */
export function textToHtml(text: string): string {
  const paragraphs = text
    .replace(/\r\n?/g, '\n')
    .split(/\n{2,}/)
    .map((p) => `<p>${p.split('\n').map(lineToHtml).join('<br>')}</p>`)
    .join('\n');
  return `<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;font-size:14px;line-height:1.5;color:#222">\n${paragraphs}\n</body></html>`;
}

export function renderTemplate(subject: string, body: string, values: TemplateValues): RenderedEmail {
  const s = fillPlaceholders(subject, values);
  const b = fillPlaceholders(body, values);
  return {
    subject: s.text.replace(/[\r\n]+/g, ' ').trim(),
    text: b.text,
    html: textToHtml(b.text),
    unfilled: [...new Set([...s.unfilled, ...b.unfilled])],
  };
}

/** The card's body preview: cut at `length` characters, with an ellipsis when cut. */
export function previewOf(body: string, length = 100): string {
  const chars = [...body];
  return chars.length > length ? `${chars.slice(0, length).join('')}...` : body;
}
