/**
 * The public pay page (decision 43): one small server-rendered HTML document, no script, its own
 * CSS inline. It shows one invoice and nothing else of the venue: the seller as printed on the
 * invoice, the lines, the amount due, bank-transfer details with the reference, and "Pay by
 * card" when the venue takes cards. Every value is escaped.
 */
import { PAYLINK_MESSAGES } from '@venue/contracts/money-api';
import { balanceCents, type InvoiceRow, type Seller } from '../invoices/invoice-row.ts';
import { formatCents, formatDay } from '../shared/format.ts';

const ESC: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const esc = (v: unknown): string => String(v ?? '').replace(/[&<>"']/g, (c) => ESC[c]!);

const STYLE = `
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0;background:#f4f5f7;color:#1a1b1e}
main{max-width:640px;margin:2rem auto;background:#fff;border-radius:8px;padding:1.5rem 2rem;box-shadow:0 1px 3px rgba(0,0,0,.12)}
h1{font-size:1.4rem;margin:0 0 .25rem}h2{font-size:1.1rem;margin:1.5rem 0 .5rem}
p{margin:.25rem 0}.muted{color:#5c5f66}.due{font-size:1.3rem;font-weight:700}
table{width:100%;border-collapse:collapse;margin:.5rem 0}th,td{padding:.4rem .25rem;border-bottom:1px solid #e9ecef;text-align:left}
td.num,th.num{text-align:right}dl{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem;margin:.5rem 0}
dt{color:#5c5f66}dd{margin:0;font-weight:600}
button{font:inherit;font-weight:600;background:#1864ab;color:#fff;border:0;border-radius:6px;padding:.7rem 1.4rem;cursor:pointer}
button:focus-visible{outline:3px solid #f59f00;outline-offset:2px}
.note{border-radius:6px;padding:.75rem 1rem;margin:1rem 0;background:#e7f5ff}.warn{background:#fff4e6}
`;

/** The page's own Content-Security-Policy: no script at all; forms only to us and the checkout. */
export function pageCsp(checkoutOrigin: string | null): string {
  const form = ["'self'", ...(checkoutOrigin ? [checkoutOrigin] : [])].join(' ');
  return `default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; form-action ${form}; base-uri 'none'; frame-ancestors 'none'`;
}

function document(title: string, body: string): string {
  return `<!doctype html>
<html lang="en-AU">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<meta name="referrer" content="no-referrer">
<title>${esc(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>`;
}

/** Unknown, malformed or revoked: the same words for each. */
export function invalidPage(): string {
  return document(
    PAYLINK_MESSAGES.invalid,
    `<h1>${esc(PAYLINK_MESSAGES.invalid)}</h1>\n<p>${esc(PAYLINK_MESSAGES.invalidHelp)}</p>`,
  );
}

const invoiceTitle = (invoice: InvoiceRow) => `Tax Invoice ${invoice.invoice_number ?? ''}`.trim();

function header(invoice: InvoiceRow, seller: Seller): string {
  return `<header>
<p class="muted">${esc(seller.businessName)}${seller.businessABN ? ` · ABN ${esc(seller.businessABN)}` : ''}</p>
<h1>${esc(invoiceTitle(invoice))}</h1>
<p class="muted">For ${esc(invoice.customer_name)}</p>
</header>`;
}

/** A paid or cancelled invoice: the link has done its work; nothing to pay and no bank details. */
export function closedPage(invoice: InvoiceRow, seller: Seller, message: string): string {
  return document(
    `${invoiceTitle(invoice)} — ${seller.businessName}`,
    `${header(invoice, seller)}
<p class="note" role="status">${esc(message)}</p>`,
  );
}

export interface OpenPageOptions {
  /** The card button's form target (`/pay/{token}/checkout`), or null without card payments. */
  checkoutPath: string | null;
  /** A note to show first (back from checkout, or the card could not be started). */
  notice?: { text: string; warn?: boolean } | null;
}

export function openPage(invoice: InvoiceRow, seller: Seller, opts: OpenPageOptions): string {
  const due = balanceCents(invoice);
  const lines = invoice.line_items
    .map(
      (l) =>
        `<tr><td>${esc(l.description)}</td><td class="num">${esc(l.quantity)}</td><td class="num">${esc(formatCents(l.totalCents))}</td></tr>`,
    )
    .join('\n');
  const gst = Number(invoice.gst_cents);
  const total = Number(invoice.total_cents);
  const paid = Number(invoice.paid_cents);
  const credited = Number(invoice.credited_cents);
  const figures = [
    gst > 0 && gst * 11 === total
      ? `<tr><td colspan="2">Total includes GST</td><td class="num">${esc(formatCents(gst))}</td></tr>`
      : `<tr><td colspan="2">GST</td><td class="num">${esc(formatCents(gst))}</td></tr>`,
    `<tr><th scope="row" colspan="2">Total</th><td class="num"><strong>${esc(formatCents(total))}</strong></td></tr>`,
    ...(paid > 0 ? [`<tr><td colspan="2">Paid</td><td class="num">${esc(formatCents(paid))}</td></tr>`] : []),
    ...(credited > 0
      ? [`<tr><td colspan="2">Credited</td><td class="num">${esc(formatCents(credited))}</td></tr>`]
      : []),
  ].join('\n');
  const bank =
    seller.bsb || seller.accountNumber
      ? `<section aria-labelledby="bank-heading">
<h2 id="bank-heading">Pay by bank transfer</h2>
<dl>
<dt>Bank</dt><dd>${esc(seller.bankName)}</dd>
<dt>Account name</dt><dd>${esc(seller.accountName)}</dd>
<dt>BSB</dt><dd>${esc(seller.bsb)}</dd>
<dt>Account number</dt><dd>${esc(seller.accountNumber)}</dd>
<dt>Reference</dt><dd>${esc(invoice.invoice_number)}</dd>
</dl>
${seller.referenceNote ? `<p class="muted">${esc(seller.referenceNote)}</p>` : ''}
</section>`
      : '';
  const card = opts.checkoutPath
    ? `<section aria-labelledby="card-heading">
<h2 id="card-heading">Pay by card</h2>
<p class="muted">You will be taken to Stripe's secure checkout to pay ${esc(formatCents(due))}.</p>
<form method="post" action="${esc(opts.checkoutPath)}">
<button type="submit">Pay by card</button>
</form>
</section>`
    : '';
  const notice = opts.notice
    ? `<p class="note${opts.notice.warn ? ' warn' : ''}" role="status">${esc(opts.notice.text)}</p>`
    : '';
  return document(
    `${invoiceTitle(invoice)} — ${seller.businessName}`,
    `${header(invoice, seller)}
${notice}
<section aria-labelledby="due-heading">
<h2 id="due-heading">Amount due</h2>
<p class="due">${esc(formatCents(due))}</p>
<p>Due date: ${esc(formatDay(invoice.due_date))}${invoice.issue_date ? ` · Issued ${esc(formatDay(invoice.issue_date))}` : ''}</p>
${invoice.status === 'OVERDUE' ? '<p class="note warn">This invoice is overdue.</p>' : ''}
</section>
<section aria-labelledby="lines-heading">
<h2 id="lines-heading">${esc(invoice.description || 'Invoice')}</h2>
<table>
<caption class="muted" style="text-align:left">Invoice lines (amounts include GST)</caption>
<thead><tr><th scope="col">Description</th><th scope="col" class="num">Qty</th><th scope="col" class="num">Amount</th></tr></thead>
<tbody>
${lines}
</tbody>
<tfoot>
${figures}
</tfoot>
</table>
</section>
${card}
${bank}`,
  );
}
