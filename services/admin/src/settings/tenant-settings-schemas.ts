import { z } from 'zod';
import { CURRENCIES, GST_MESSAGE } from '@venue/contracts';

/** Spec 01 §5 wording where the spec has it; the rest follows the same plain style. */
export const STRIPE_PREFIX_MESSAGE = 'Stripe Account ID must start with "acct_"';
export const BSB_MESSAGE = 'BSB must be 6 digits (e.g. 123-456)';
export const ACCOUNT_NUMBER_MESSAGE = 'Account number must be 4-12 digits';
export const DUE_DAYS_MESSAGE = 'Default due days must be a whole number from 0 to 365.';
export const DEPOSIT_MESSAGE = 'Deposit percentage must be a number from 0 to 100.';
export const REMINDER_DAYS_MESSAGE = 'Reminder days must be whole numbers from 0 to 365.';
export const ABN_MESSAGE = 'ABN must be 11 digits with a valid checksum';
export const EMAIL_MESSAGE = 'Please enter a valid email address.';
export const BUFFER_MESSAGE = 'Buffers must be whole minutes from 0 to 480.';
export const HOLD_EXPIRY_MESSAGE = 'Hold expiry must be 24, 48, 72 or 168 hours.';
export const BOND_MESSAGE = 'The default bond must be a whole number of cents, zero or more.';
export const RETENTION_MESSAGE = 'Retention must be a whole number of months from 1 to 120.';

const text = (max: number) =>
  z.string({ error: 'Must be text.' }).trim().max(max, `At most ${max} characters.`);
const flag = z.boolean({ error: 'Must be true or false.' });
const wholeNumber = (min: number, max: number, message: string) =>
  z.number({ error: message }).int(message).min(min, message).max(max, message);

/** ATO check: subtract 1 from the first digit, weight, and the sum must divide by 89. */
export function isValidAbn(abn: string): boolean {
  if (!/^\d{11}$/.test(abn)) return false;
  const weights = [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19];
  const digits = abn.split('').map(Number);
  digits[0] = digits[0]! - 1;
  const sum = digits.reduce((acc, d, i) => acc + d * weights[i]!, 0);
  return sum % 89 === 0;
}

export const stripeAccountSchema = z.object({
  stripeAccountId: z
    .string({ error: STRIPE_PREFIX_MESSAGE })
    .trim()
    .max(255, STRIPE_PREFIX_MESSAGE)
    .refine((v) => v === '' || /^acct_[A-Za-z0-9]+$/.test(v), STRIPE_PREFIX_MESSAGE),
});

export const paymentMethodsSchema = z.object({
  stripe: flag,
  bankTransfer: flag,
  cash: flag,
  cheque: flag,
});

export const bankDetailsSchema = z.object({
  accountName: text(200),
  bankName: text(200),
  // digits with an optional dash after the third, stored as 123-456
  bsb: z
    .string({ error: BSB_MESSAGE })
    .trim()
    .refine((v) => v === '' || /^\d{3}-?\d{3}$/.test(v), BSB_MESSAGE)
    .transform((v) => (v === '' ? '' : `${v.replace('-', '').slice(0, 3)}-${v.replace('-', '').slice(3)}`)),
  accountNumber: z
    .string({ error: ACCOUNT_NUMBER_MESSAGE })
    .trim()
    .refine((v) => v === '' || /^\d{4,12}$/.test(v), ACCOUNT_NUMBER_MESSAGE),
  referenceNote: text(500),
});

const gstRate = z
  .number({ error: GST_MESSAGE })
  .min(0, GST_MESSAGE)
  .max(100, GST_MESSAGE)
  .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-9, GST_MESSAGE);

export const invoiceSettingsSchema = z.object({
  defaultDueDays: wholeNumber(0, 365, DUE_DAYS_MESSAGE),
  depositPercentage: z.number({ error: DEPOSIT_MESSAGE }).min(0, DEPOSIT_MESSAGE).max(100, DEPOSIT_MESSAGE),
  gstRate,
  currency: z.enum(CURRENCIES, { error: 'Unknown currency.' }),
  sendInvoiceEmails: flag,
  sendPaymentReminders: flag,
  reminderDays: z
    .array(wholeNumber(0, 365, REMINDER_DAYS_MESSAGE), { error: REMINDER_DAYS_MESSAGE })
    .max(10, 'At most 10 reminder days.')
    .transform((days) => [...new Set(days)].sort((a, b) => b - a)),
  autoSendInvoices: flag,
});

export const businessDetailsSchema = z.object({
  businessName: text(200),
  businessAddress: text(500),
  // spaces as printed on an ABN (51 824 753 556) are allowed and dropped
  businessABN: z
    .string({ error: ABN_MESSAGE })
    .transform((v) => v.replace(/\s+/g, ''))
    .refine((v) => v === '' || isValidAbn(v), ABN_MESSAGE),
  businessPhone: text(50),
  businessEmail: z
    .string({ error: EMAIL_MESSAGE })
    .trim()
    .toLowerCase()
    .refine((v) => v === '' || z.email().safeParse(v).success, EMAIL_MESSAGE),
});

export const termsSchema = z.object({
  paymentTerms: text(5000),
  refundPolicy: text(5000),
  notifyOnPayment: flag,
  notifyOnOverdue: flag,
});

export const HOLD_EXPIRY_HOURS = [24, 48, 72, 168] as const;

export const availabilitySchema = z.object({
  setupBufferMinutes: wholeNumber(0, 480, BUFFER_MESSAGE),
  packdownBufferMinutes: wholeNumber(0, 480, BUFFER_MESSAGE),
  holdExpiryHours: z
    .number({ error: HOLD_EXPIRY_MESSAGE })
    .refine((n) => (HOLD_EXPIRY_HOURS as readonly number[]).includes(n), HOLD_EXPIRY_MESSAGE),
});

export const policiesSchema = z.object({
  cancellationPolicy: text(10000),
  refundRules: text(10000),
  defaultBondCents: wholeNumber(0, 100_000_000, BOND_MESSAGE),
  termsAndConditions: text(20000),
});

export const privacySchema = z.object({
  retentionMonths: wholeNumber(1, 120, RETENTION_MESSAGE),
});

/** Every stored group: its database key, schema and defaults. */
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
    defaults: {
      defaultDueDays: 30,
      depositPercentage: 50,
      gstRate: 10,
      currency: 'AUD',
      sendInvoiceEmails: true,
      sendPaymentReminders: true,
      reminderDays: [7, 3, 1],
      autoSendInvoices: false,
    },
  },
  business: {
    schema: businessDetailsSchema,
    defaults: {
      businessName: '',
      businessAddress: '',
      businessABN: '',
      businessPhone: '',
      businessEmail: '',
    },
  },
  terms: {
    schema: termsSchema,
    defaults: { paymentTerms: '', refundPolicy: '', notifyOnPayment: true, notifyOnOverdue: true },
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
