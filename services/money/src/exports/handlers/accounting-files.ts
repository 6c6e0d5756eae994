/**
 * The four accounting files, one handler per system and kind: Xero's and MYOB's sales and
 * payments imports. The rows are read a page at a time by key (documents.ts), within the
 * request's transaction, and each page becomes CSV text as it is read; the text is sent once the
 * last page is in (the request's transaction ends before Koa sends a body, so the answer is not
 * streamed).
 */
import { accountingFileName, type AccountingSystem } from '@venue/contracts/money-api';
import { operation, toCsv, type AppContext, type Tx } from '@venue/service-kit';
import { tenantOf } from '../../shared/http.ts';
import { moneySettings } from '../../shared/settings.ts';
import {
  DEFAULT_ACCOUNTS,
  MYOB_PAYMENTS_COLUMNS,
  MYOB_SALES_COLUMNS,
  XERO_PAYMENTS_COLUMNS,
  XERO_SALES_COLUMNS,
} from '../columns.ts';
import { movements, salesDocs } from '../documents.ts';
import type { Range } from '../range-reading.ts';
import { myobPaymentRow, myobSalesRows, xeroPaymentRow, xeroSalesRows } from '../rows.ts';

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

async function rangeOf(ctx: AppContext, tx: Tx, q: { from: string; to: string }) {
  const tenantId = tenantOf(ctx);
  const settings = await moneySettings(tx, tenantId);
  const range: Range = { tenantId, from: q.from, to: q.to, zone: settings.zone };
  return { range, fmt: settings.copy };
}

/** Sales in a range (invoices, credit notes, bonds) as `system`'s sales import. */
function salesFile(system: AccountingSystem) {
  return operation(`get /api/invoices/export/${system}`, async ({ ctx, tx, query: q }) => {
    const { range, fmt } = await rangeOf(ctx, tx, q);
    const sales = q.account ?? DEFAULT_ACCOUNTS[system].sales;
    const accounts = { sales, bond: q.bondAccount ?? sales };
    await writeFile(
      ctx,
      accountingFileName(system, 'invoices', range.from, range.to),
      system === 'xero' ? XERO_SALES_COLUMNS : MYOB_SALES_COLUMNS,
      salesDocs(tx, range),
      (doc) => (system === 'xero' ? xeroSalesRows : myobSalesRows)(doc, accounts, fmt),
    );
  });
}

/** Payments, refunds and bonds moved in a range as `system`'s bank or payments import. */
function paymentsFile(system: AccountingSystem) {
  return operation(`get /api/payments/export/${system}`, async ({ ctx, tx, query: q }) => {
    const { range, fmt } = await rangeOf(ctx, tx, q);
    const bank = q.bankAccount ?? DEFAULT_ACCOUNTS.myob.bank;
    await writeFile(
      ctx,
      accountingFileName(system, 'payments', range.from, range.to),
      system === 'xero' ? XERO_PAYMENTS_COLUMNS : MYOB_PAYMENTS_COLUMNS,
      movements(tx, range),
      (m) => [system === 'xero' ? xeroPaymentRow(m, fmt) : myobPaymentRow(m, bank, fmt)],
    );
  });
}

export const getXeroSales = salesFile('xero');
export const getMyobSales = salesFile('myob');
export const getXeroPayments = paymentsFile('xero');
export const getMyobPayments = paymentsFile('myob');
