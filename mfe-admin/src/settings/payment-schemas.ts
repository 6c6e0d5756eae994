import {
  BUSINESS_DETAILS_DEFAULTS,
  INVOICE_SETTINGS_DEFAULTS,
  PAYMENT_TERMS_DEFAULTS,
  businessDetailsSchema,
  invoiceSettingsSchema,
  paymentTermsSchema,
  type BusinessDetails,
  type InvoiceSettings,
  type TermsSettings,
} from '@venue/contracts';

// The service's own schemas: the screen checks exactly what the save will be checked against.
export const invoiceSchema = invoiceSettingsSchema;
export const businessSchema = businessDetailsSchema;
export const termsSchema = paymentTermsSchema;
export type { BusinessDetails, InvoiceSettings, TermsSettings };

export const INVOICE_DEFAULTS = INVOICE_SETTINGS_DEFAULTS;
export const BUSINESS_DEFAULTS = BUSINESS_DETAILS_DEFAULTS;
export const TERMS_DEFAULTS = PAYMENT_TERMS_DEFAULTS;

export function trimStrings<T extends Record<string, unknown>>(values: T): T {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(values)) out[k] = typeof v === 'string' ? v.trim() : v;
  return out as T;
}
