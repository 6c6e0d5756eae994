/**
 * The accounting files' rows (issue 26 item 4): Xero's and MYOB's import columns, filled from
 * the documents and movements documents.ts reads. Amounts are stored cents as exact decimals,
 * dates the venue's days in its date format (what an AU Xero or MYOB file reads: DD/MM/YYYY).
 */
import { centsText, csvDate } from '../csv/venue-format.ts';
import {
  MYOB_PAYMENTS_COLUMNS,
  MYOB_SALES_COLUMNS,
  MYOB_TAX,
  XERO_PAYMENTS_COLUMNS,
  XERO_SALES_COLUMNS,
  XERO_TAX,
} from './columns.ts';
import type { DocLine, Movement, SalesDoc } from './documents.ts';

export type Fmt = Parameters<typeof csvDate>[1];

export interface SalesAccounts {
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
