/**
 * The accounting export calls (issue 26 item 4) in the money route table: the OpenAPI document,
 * the hostile-input suite and the door probes read them from MONEY_ROUTES.
 */
import { errorSchema } from '../api/common.ts';
import type { RouteTable } from '../api/route-table.ts';
import { accountingPaymentsQuerySchema, accountingSalesQuerySchema } from './accounting-exports.ts';

const invoices = { service: 'money', tag: 'Invoices & payments', access: 'invoices' } as const;
const noSettings = {
  description: "The venue's settings have not reached Invoices yet (no figures on a guessed clock).",
  schema: errorSchema,
};
const csv = (description: string) => ({ 200: { description, contentType: 'text/csv' }, 503: noSettings });

const SALES =
  "Every invoice issued in the range (by its issue day at the venue; drafts never, void invoices left out: neither import can create a voided invoice), each adjustment note issued in the range as a credit note (negative amounts, its invoice's number as the reference), and each bond received in the range as a GST-free document `BOND-<booking code>` with its settlement (refund or kept) as a GST-free credit `BOND-<booking code>-CR`. Amounts are GST-inclusive, with each line's GST as the tax invoice states it. Paged through the database by key; at most 366 days per file. See docs/api/money.md, 'Accounting exports'.";
const PAYMENTS =
  'Every payment recorded in the range (by when it was recorded, in the venue zone), refunds and reversals as negative amounts, bonds received and bonds refunded; a payment kept from a bond moved no money and is left out. Each row names the invoice (or BOND-… document) it settles. At most 366 days per file.';

export const ACCOUNTING_EXPORT_ROUTES = [
  {
    ...invoices,
    method: 'get',
    path: '/api/invoices/export/xero',
    summary: "Sales in a range as Xero's sales invoice import CSV (credit notes in the same file)",
    description: `${SALES} Import with Xero's "Tax inclusive" amounts option: TaxType is "GST on Income" for taxable lines and "GST Free Income" for bonds.`,
    query: accountingSalesQuerySchema,
    responses: csv("CSV file in Xero's sales invoice template columns"),
  },
  {
    ...invoices,
    method: 'get',
    path: '/api/invoices/export/myob',
    summary: "Sales in a range as MYOB AccountRight's service sales import file (credits as negative sales)",
    description: `${SALES} Tax Code GST for taxable lines and FRE for bonds; Inclusive is X (amounts include GST).`,
    query: accountingSalesQuerySchema,
    responses: csv("CSV file in MYOB's service sales import fields, one blank record between sales"),
  },
  {
    ...invoices,
    method: 'get',
    path: '/api/payments/export/xero',
    summary: "Payments in a range as Xero's bank statement import CSV",
    description: `${PAYMENTS} Xero has no CSV import of invoice payments; its statement lines are matched to the invoices in bank reconciliation by the Reference (the invoice number).`,
    query: accountingPaymentsQuerySchema,
    responses: csv("CSV file in Xero's bank statement template columns"),
  },
  {
    ...invoices,
    method: 'get',
    path: '/api/payments/export/myob',
    summary: "Payments in a range as MYOB AccountRight's customer payments import file",
    description: PAYMENTS,
    query: accountingPaymentsQuerySchema,
    responses: csv("CSV file in MYOB's customer payments import fields"),
  },
] as const satisfies RouteTable;
