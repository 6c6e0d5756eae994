import type { z } from 'zod';
import { policiesSchema, privacySchema } from '@venue/contracts/admin';
import {
  BUSINESS_DETAILS_DEFAULTS,
  INVOICE_SETTINGS_DEFAULTS,
  PAYMENT_TERMS_DEFAULTS,
  availabilitySchema,
  bankDetailsSchema,
  businessDetailsSchema,
  invoiceSettingsSchema,
  paymentMethodsSchema,
  paymentTermsSchema,
  stripeAccountSchema,
} from '@venue/contracts';

/**
 * Every stored group: its database key, schema (the contracts', so the settings screen runs the
 * same rules) and defaults.
 */
export const SECTIONS = {
  stripe_account: { schema: stripeAccountSchema, defaults: { stripeAccountId: '' } },
  payment_methods: {
    schema: paymentMethodsSchema,
    defaults: { stripe: false, bankTransfer: true, cash: true, cheque: false },
  },
  bank_details: {
    schema: bankDetailsSchema,
    defaults: { accountName: '', bankName: '', bsb: '', accountNumber: '', referenceNote: '' },
  },
  invoice: {
    schema: invoiceSettingsSchema,
    defaults: INVOICE_SETTINGS_DEFAULTS,
  },
  business: {
    schema: businessDetailsSchema,
    defaults: BUSINESS_DETAILS_DEFAULTS,
  },
  terms: {
    schema: paymentTermsSchema,
    defaults: PAYMENT_TERMS_DEFAULTS,
  },
  availability: {
    schema: availabilitySchema,
    defaults: { setupBufferMinutes: 15, packdownBufferMinutes: 15, holdExpiryHours: 48 },
  },
  policies: {
    schema: policiesSchema,
    defaults: { cancellationPolicy: '', refundRules: '', defaultBondCents: 0, termsAndConditions: '' },
  },
  privacy: { schema: privacySchema, defaults: { retentionMonths: 84 } },
} as const;

export type SectionName = keyof typeof SECTIONS;
export type SectionValue<S extends SectionName> = z.output<(typeof SECTIONS)[S]['schema']>;
export const SECTION_NAMES = Object.keys(SECTIONS) as SectionName[];
