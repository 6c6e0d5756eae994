/**
 * The columns of the four accounting files (issue 26 item 4), in the published templates' order.
 * fixtures/*.csv hold the same header rows with their sources named (fixtures/README.md);
 * accounting.test.ts asserts each produced file's header equals its fixture's.
 */

/** Xero "Import sales invoices" template (SalesInvoiceTemplate.csv). `*` marks what Xero requires. */
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

/** Xero "Import a bank statement" CSV template: statement lines reconciled against the invoices. */
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
 * valid file. The terms fields ("- Balance Due Days" …) are left out: their names start with "-",
 * which the formula-safe CSV writer must defuse (decision in docs/api/money.md).
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
  'Inc-Tax Amount',
  'Journal Memo',
  'Tax Code',
  'Non-GST Amount',
  'GST Amount',
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
