/**
 * An e-mail's amounts are its PDF's amounts (issue 24 item 1). Money's PDF is fetched when the
 * e-mail is sent, which may be hours after the event that asked for it (the venue's send hour, a
 * mail outage) while payments and credits go on; a receipt once said $1,300.00 was still to pay
 * while its PDF said $1,080.00. So a message that carries money's document keeps what it was
 * written from (its template's subject and body, the values, the venue's currency) and which of
 * its values are the document's figures; when the worker fetches the document it writes the
 * message again with the figures the document answered with (contracts comms/documents.ts), in
 * the same transaction that keeps the file. What the customer reads and what the PDF prints are
 * then one reading of money's books.
 */
import {
  renderTemplate,
  type DocumentFigures,
  type TemplateValues,
  type TemplateVariable,
} from '@venue/contracts/comms';
import { formatDate, formatMoney } from '../templates/values.ts';

/** Which template value is which figure of the document. */
export type FigureFill = Partial<Record<TemplateVariable, keyof DocumentFigures>>;

/** Kept with a queued message (emails.render) until its document is fetched. */
export interface RenderAgain {
  subject: string;
  body: string;
  values: TemplateValues;
  currency: string;
  fill: FigureFill;
}

/** A figure as the e-mail words it: money in the venue's currency, a day as "Sat 14 Mar 2026". */
function worded(key: keyof DocumentFigures, value: unknown, currency: string): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value === 'number') return key.endsWith('Cents') ? formatMoney(value, currency) : String(value);
  if (key === 'dueDate' || key === 'eventDate') return formatDate(String(value));
  return String(value);
}

/** The message written again with the document's figures (a figure it lacks keeps the value it had). */
export function renderWithFigures(r: RenderAgain, figures: DocumentFigures) {
  const values: TemplateValues = { ...r.values };
  for (const [name, key] of Object.entries(r.fill) as Array<[TemplateVariable, keyof DocumentFigures]>) {
    const v = worded(key, figures[key], r.currency);
    if (v !== null) values[name] = v;
  }
  return renderTemplate(r.subject, r.body, values);
}
