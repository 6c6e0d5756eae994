/**
 * Accounting exports (issue 26 item 4): a range of the venue's days as Xero's and MYOB's import
 * files, for the Invoices & Payments "Export for accounting" control and for automation:
 * - GET /api/invoices/export/xero — Xero's sales invoice import CSV (credit notes in the same file);
 * - GET /api/invoices/export/myob — MYOB AccountRight's service sales import;
 * - GET /api/payments/export/xero — Xero's bank statement import CSV;
 * - GET /api/payments/export/myob — MYOB AccountRight's customer payments import.
 * Written with the kit's one CSV writer (every cell quoted, formulas defused; a negative amount
 * stays a number). Amounts are stored cents as exact decimals, dates the venue's days in its
 * date format (what an AU Xero or MYOB file reads: DD/MM/YYYY). The rows are read a page at a
 * time by key (documents.ts), within one read transaction, and each page becomes CSV text as it
 * is read; the text is sent once the last page is in (the request's transaction ends before Koa
 * sends a body, so the answer is not streamed). A file covers at most 366 days, so one answer
 * holds at most a year of a venue's documents.
 */
import {
  accountingFileName,
  accountingPaymentsQuerySchema,
  accountingSalesQuerySchema,
  type AccountingFile,
  type AccountingSystem,
} from '@venue/contracts/money-api';
import {
  parseQuery,
  requireAuth,
  requirePermission,
  toCsv,
  withTx,
  type AppContext,
  type AppRouter,
} from '@venue/service-kit';
import { centsText, csvDate } from '../csv/venue-format.ts';
import { tenantOf } from '../shared/http.ts';
import { moneySettings } from '../shared/settings.ts';
import {
  DEFAULT_ACCOUNTS,
  MYOB_PAYMENTS_COLUMNS,
  MYOB_SALES_COLUMNS,
  MYOB_TAX,
  XERO_PAYMENTS_COLUMNS,
  XERO_SALES_COLUMNS,
  XERO_TAX,
} from './columns.ts';
import { movements, salesDocs, type DocLine, type Movement, type Range, type SalesDoc } from './documents.ts';

type Fmt = Parameters<typeof csvDate>[1];

interface SalesAccounts {
  sales: string;
  bond: string;
}

/** Quantity × unit when the line says so exactly, else one of the line total: the row always adds up. */
function qtyUnit(l: DocLine): [string, string] {
  return l.quantity * l.unitCents === l.totalCents
    ? [String(l.quantity), centsText(l.unitCents)]
    : ['1', centsText(l.totalCents)];
}

/** A row in the template's column order, from cells named by column (a column not named is empty). */
function inOrder<C extends readonly string[]>(
  columns: C,
  cells: Partial<Record<C[number], string>>,
): string[] {
  return columns.map((c) => cells[c as C[number]] ?? '');
}

/**
 * One Xero row per line; a document's lines share its number (Xero groups them by it) and its
 * total incl. GST (`Total`, the same on each line, equal to the sum of the lines).
 */
export function xeroSalesRows(doc: SalesDoc, accounts: SalesAccounts, fmt: Fmt): string[][] {
  return doc.lines.map((l) => {
    const [quantity, unit] = qtyUnit(l);
    return inOrder(XERO_SALES_COLUMNS, {
      '*ContactName': doc.customerName,
      EmailAddress: doc.customerEmail,
      '*InvoiceNumber': doc.number,
      Reference: doc.reference,
      '*InvoiceDate': csvDate(doc.date, fmt),
      '*DueDate': csvDate(doc.dueDate, fmt),
      Total: centsText(doc.totalCents),
      '*Description': l.description,
      '*Quantity': quantity,
      '*UnitAmount': unit,
      '*AccountCode': l.bond ? accounts.bond : accounts.sales,
      '*TaxType': l.taxable ? XERO_TAX.taxable : XERO_TAX.free,
      TaxAmount: centsText(l.gstCents),
    });
  });
}

/** One MYOB row per line (GST-inclusive: Inclusive X), then a blank record ending the sale. */
export function myobSalesRows(doc: SalesDoc, accounts: SalesAccounts, fmt: Fmt): string[][] {
  const what = doc.kind === 'invoice' ? 'Tax invoice' : doc.kind === 'bond' ? 'Bond held' : 'Credit';
  const rows = doc.lines.map((l) =>
    inOrder(MYOB_SALES_COLUMNS, {
      'Co./Last Name': doc.customerName,
      Inclusive: 'X',
      'Invoice No.': doc.number,
      Date: csvDate(doc.date, fmt),
      'Customer PO': doc.reference,
      Description: l.description,
      'Account No.': l.bond ? accounts.bond : accounts.sales,
      // Inclusive X: the amount with its GST, and the GST beside it.
      Amount: centsText(l.totalCents),
      'Journal Memo': `${what} ${doc.number}, due ${csvDate(doc.dueDate, fmt)}`,
      'Tax Code': l.taxable ? MYOB_TAX.taxable : MYOB_TAX.free,
      'Tax Amount': centsText(l.gstCents),
      'Sale Status': 'I',
    }),
  );
  return [...rows, []];
}

export function xeroPaymentRow(m: Movement, fmt: Fmt): string[] {
  return inOrder(XERO_PAYMENTS_COLUMNS, {
    '*Date': csvDate(m.date, fmt),
    '*Amount': centsText(m.amountCents),
    Payee: m.payee,
    Description: `${m.description} (${m.method})`,
    Reference: m.number,
  });
}

export function myobPaymentRow(m: Movement, bankAccount: string, fmt: Fmt): string[] {
  return inOrder(MYOB_PAYMENTS_COLUMNS, {
    'Co./Last Name': m.payee,
    'Deposit Account No.': bankAccount,
    'ID No.': m.receipt,
    'Receipt Date': csvDate(m.date, fmt),
    'Invoice No.': m.number,
    'Amount Applied': centsText(m.amountCents),
    Memo: m.description,
    'Payment Method': m.method,
  });
}

/** The header's text as the writer writes it, so later pages can be written without it. */
const headerText = (header: readonly string[]) => toCsv(header, [], { bom: false });

/** The file: the header (with the BOM) and then each page's rows as they are read. */
async function writeFile<T>(
  ctx: AppContext,
  name: string,
  header: readonly string[],
  source: AsyncIterable<T[]>,
  rowsOf: (item: T) => string[][],
) {
  const parts: string[] = [toCsv(header, [])];
  const skip = headerText(header).length;
  for await (const page of source) {
    const rows = page.flatMap(rowsOf);
    if (rows.length) parts.push(toCsv(header, rows, { bom: false }).slice(skip));
  }
  ctx.set('content-disposition', `attachment; filename="${name}"`);
  ctx.type = 'text/csv; charset=utf-8';
  ctx.body = parts.join('');
}

async function rangeOf(ctx: AppContext, q: { from: string; to: string }) {
  const tenantId = tenantOf(ctx);
  const settings = await moneySettings(ctx.state.tx!, tenantId);
  const range: Range = { tenantId, from: q.from, to: q.to, zone: settings.zone };
  return { range, fmt: settings.copy };
}

export function accountingExportRoutes(router: AppRouter) {
  const guard = [requireAuth, requirePermission('invoices'), withTx] as const;

  for (const system of ['xero', 'myob'] as const satisfies readonly AccountingSystem[]) {
    router.get(`/api/invoices/export/${system}`, ...guard, async (ctx) => {
      const q = parseQuery(ctx, accountingSalesQuerySchema);
      const { range, fmt } = await rangeOf(ctx, q);
      const sales = q.account ?? DEFAULT_ACCOUNTS[system].sales;
      const accounts = { sales, bond: q.bondAccount ?? sales };
      const file: AccountingFile = 'invoices';
      await writeFile(
        ctx,
        accountingFileName(system, file, range.from, range.to),
        system === 'xero' ? XERO_SALES_COLUMNS : MYOB_SALES_COLUMNS,
        salesDocs(ctx.state.tx!, range),
        (doc) => (system === 'xero' ? xeroSalesRows : myobSalesRows)(doc, accounts, fmt),
      );
    });

    router.get(`/api/payments/export/${system}`, ...guard, async (ctx) => {
      const q = parseQuery(ctx, accountingPaymentsQuerySchema);
      const { range, fmt } = await rangeOf(ctx, q);
      const bank = q.bankAccount ?? DEFAULT_ACCOUNTS.myob.bank;
      await writeFile(
        ctx,
        accountingFileName(system, 'payments', range.from, range.to),
        system === 'xero' ? XERO_PAYMENTS_COLUMNS : MYOB_PAYMENTS_COLUMNS,
        movements(ctx.state.tx!, range),
        (m) => [system === 'xero' ? xeroPaymentRow(m, fmt) : myobPaymentRow(m, bank, fmt)],
      );
    });
  }
}
