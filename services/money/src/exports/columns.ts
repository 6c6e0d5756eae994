/**
 * The columns of the four accounting files (issue 26 item 4), in the published templates' order.
 * fixtures/*.csv hold the same header rows with their sources named (fixtures/README.md);
 * accounting.test.ts asserts each produced file's header equals its fixture's.
 */

/**
 * Xero's sales invoice import template (`SalesInvoiceTemplate.csv`, Sales → Invoices → Import),
 * its 29 columns in order; `*` marks what Xero requires. `Total` is the document's total incl. GST,
 * the same on each of its lines (Xero works the total out from the lines again on import).
 */
export const XERO_SALES_COLUMNS = [
  '*ContactName',
  'EmailAddress',
  'POAddressLine1',
  'POAddressLine2',
  'POAddressLine3',
  'POAddressLine4',
  'POCity',
  'PORegion',
  'POPostalCode',
  'POCountry',
  '*InvoiceNumber',
  'Reference',
  '*InvoiceDate',
  '*DueDate',
  'Total',
  'InventoryItemCode',
  '*Description',
  '*Quantity',
  '*UnitAmount',
  'Discount',
  '*AccountCode',
  '*TaxType',
  'TaxAmount',
  'TrackingName1',
  'TrackingOption1',
  'TrackingName2',
  'TrackingOption2',
  'Currency',
  'BrandingTheme',
] as const;

/**
 * Xero's bank statement import template (`StatementImportTemplate.csv`, AU spelling `Cheque
 * Number`; US copies say `Check Number`): statement lines reconciled against the invoices.
 */
export const XERO_PAYMENTS_COLUMNS = [
  '*Date',
  '*Amount',
  'Payee',
  'Description',
  'Reference',
  'Cheque Number',
] as const;

/**
 * MYOB AccountRight "Service Sales" import fields (File → Import Data → Sales → Service Sales), the
 * ones this file fills. MYOB matches fields by name on import, so a subset in its names is a
 * valid file. The amount fields are AccountRight 2015+'s (the `Invoice No.` generation): `Amount`
 * is the line's amount as `Inclusive` says (X: GST-inclusive) and `Tax Amount` its GST; v19's
 * `Inc-Tax Amount`, `Non-GST Amount` and `GST Amount` are gone from it, and a file carrying them
 * with an ex-GST `Amount` would be read as GST-inclusive (see fixtures/README.md). The terms fields (`Terms - Payment is Due`, `- Balance Due Days` …) are
 * left out: their exact names could not be confirmed (MYOB's own exports pad the continuation
 * fields with spaces), so the customer card's terms apply (decision in docs/api/money.md).
 */
export const MYOB_SALES_COLUMNS = [
  'Co./Last Name',
  'First Name',
  'Inclusive',
  'Invoice No.',
  'Date',
  'Customer PO',
  'Description',
  'Account No.',
  'Amount',
  'Journal Memo',
  'Tax Code',
  'Tax Amount',
  'Sale Status',
  'Card ID',
] as const;

/** MYOB AccountRight "Customer Payments" import fields (File → Import Data → Receive Payments). */
export const MYOB_PAYMENTS_COLUMNS = [
  'Co./Last Name',
  'First Name',
  'Deposit Account No.',
  'ID No.',
  'Receipt Date',
  'Invoice No.',
  'Amount Applied',
  'Memo',
  'Payment Method',
  'Card ID',
] as const;

/** Tax types as Xero names them in an AU organisation (the TaxType column takes the display name). */
export const XERO_TAX = { taxable: 'GST on Income', free: 'GST Free Income' } as const;
/** MYOB AccountRight's default AU tax codes. */
export const MYOB_TAX = { taxable: 'GST', free: 'FRE' } as const;

/** The defaults of the query's account codes: Xero's demo chart "Sales", MYOB's "Income" and "Cheque Account". */
export const DEFAULT_ACCOUNTS = {
  xero: { sales: '200' },
  myob: { sales: '4-1000', bank: '1-1110' },
} as const;
