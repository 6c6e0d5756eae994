/**
 * Payment settings field rules (spec 01 §5 and the issue rules): the admin service's schemas
 * for the stored groups, which the payment settings screen also runs before saving.
 */
import { z } from 'zod';
import { oneLine } from '../api/fields.ts';
import { CURRENCIES, GST_MESSAGE, isValidGst } from '../settings.ts';

/** Spec 01 §5 wording where the spec has it; the rest follows the same plain style. */
export const STRIPE_PREFIX_MESSAGE = 'Stripe Account ID must start with "acct_"';
export const BSB_MESSAGE = 'BSB must be 6 digits (e.g. 123-456)';
export const ACCOUNT_NUMBER_MESSAGE = 'Account number must be 4-12 digits';
export const DUE_DAYS_MESSAGE = 'Default due days must be a whole number from 0 to 365.';
// Spec 01 §9: the deposit percentage is parsed as an integer.
export const DEPOSIT_MESSAGE = 'Deposit percentage must be a whole number from 0 to 100.';
export const REMINDER_DAYS_MESSAGE = 'Reminder days must be whole numbers from 0 to 365.';
export const DEPOSIT_DEADLINE_MESSAGE = 'Deposit deadline must be a whole number of days from 0 to 365.';
export const ABN_MESSAGE = 'ABN must be 11 digits with a valid checksum';
export const EMAIL_MESSAGE = 'Please enter a valid email address.';

/** Empty is allowed (no card provider yet); otherwise the provider's account prefix. */
export function isValidStripeId(value: string): boolean {
  const v = value.trim();
  return v === '' || /^acct_[A-Za-z0-9]+$/.test(v);
}

/** Six digits with an optional dash after the third (stored as 123-456). */
export function isValidBsb(value: string): boolean {
  return /^\d{3}-?\d{3}$/.test(value.trim());
}

export function isValidAccountNumber(value: string): boolean {
  return /^\d{4,12}$/.test(value.trim());
}

const ABN_WEIGHTS = [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19];

/** ATO rule: subtract 1 from the first digit, weight the 11 digits, the sum divides by 89. Spaces as printed are ignored. */
export function isValidAbn(value: string): boolean {
  const digits = value.replace(/\s/g, '');
  if (!/^\d{11}$/.test(digits)) return false;
  const sum = [...digits].reduce((acc, ch, i) => acc + (Number(ch) - (i === 0 ? 1 : 0)) * ABN_WEIGHTS[i]!, 0);
  return sum % 89 === 0;
}

const text = (max: number) =>
  z.string({ error: 'Must be text.' }).trim().max(max, `At most ${max} characters.`);
const flag = z.boolean({ error: 'Must be true or false.' });
const wholeNumber = (min: number, max: number, message: string) =>
  z.number({ error: message }).int(message).min(min, message).max(max, message);

export const stripeAccountSchema = z.object({
  stripeAccountId: z
    .string({ error: STRIPE_PREFIX_MESSAGE })
    .trim()
    .max(255, STRIPE_PREFIX_MESSAGE)
    .refine(isValidStripeId, STRIPE_PREFIX_MESSAGE),
});

export const paymentMethodsSchema = z.object({
  stripe: flag,
  bankTransfer: flag,
  cash: flag,
  cheque: flag,
});

export const bankDetailsSchema = z.object({
  accountName: oneLine(text(200), 'Account name'),
  bankName: oneLine(text(200), 'Bank name'),
  bsb: z
    .string({ error: BSB_MESSAGE })
    .trim()
    .refine((v) => v === '' || isValidBsb(v), BSB_MESSAGE)
    .transform((v) => (v === '' ? '' : `${v.replace('-', '').slice(0, 3)}-${v.replace('-', '').slice(3)}`)),
  accountNumber: z
    .string({ error: ACCOUNT_NUMBER_MESSAGE })
    .trim()
    .refine((v) => v === '' || isValidAccountNumber(v), ACCOUNT_NUMBER_MESSAGE),
  referenceNote: text(500),
});

export const invoiceSettingsSchema = z.object({
  defaultDueDays: wholeNumber(0, 365, DUE_DAYS_MESSAGE),
  depositPercentage: wholeNumber(0, 100, DEPOSIT_MESSAGE),
  gstRate: z.number({ error: GST_MESSAGE }).refine(isValidGst, GST_MESSAGE),
  currency: z.enum(CURRENCIES, { error: 'Unknown currency.' }),
  sendInvoiceEmails: flag,
  sendPaymentReminders: flag,
  reminderDays: z
    .array(wholeNumber(0, 365, REMINDER_DAYS_MESSAGE), { error: REMINDER_DAYS_MESSAGE })
    .max(10, 'At most 10 reminder days.')
    .transform((days) => [...new Set(days)].sort((a, b) => b - a)),
  autoSendInvoices: flag,
  /**
   * A deposit invoice falls due at the latest this many days before the event (never before it is
   * issued; issue 24 item 5). Optional: groups saved before it read the default, 14.
   */
  depositDeadlineDays: wholeNumber(0, 365, DEPOSIT_DEADLINE_MESSAGE).optional(),
});
export type InvoiceSettings = z.output<typeof invoiceSettingsSchema>;

export const businessDetailsSchema = z.object({
  businessName: oneLine(text(200), 'Business name'),
  businessAddress: text(500),
  // spaces as printed on an ABN (51 824 753 556) are allowed and dropped
  businessABN: z
    .string({ error: ABN_MESSAGE })
    .transform((v) => v.replace(/\s+/g, ''))
    .refine((v) => v === '' || isValidAbn(v), ABN_MESSAGE),
  businessPhone: oneLine(text(50), 'Business phone'),
  businessEmail: z
    .string({ error: EMAIL_MESSAGE })
    .trim()
    .toLowerCase()
    .refine((v) => v === '' || z.email().safeParse(v).success, EMAIL_MESSAGE),
});
export type BusinessDetails = z.output<typeof businessDetailsSchema>;

export const paymentTermsSchema = z.object({
  paymentTerms: text(5000),
  refundPolicy: text(5000),
  notifyOnPayment: flag,
  notifyOnOverdue: flag,
});
export type TermsSettings = z.output<typeof paymentTermsSchema>;

/** What a tenant has before saving a group; the service stores them, the screen starts from them. */
export const INVOICE_SETTINGS_DEFAULTS: InvoiceSettings = {
  defaultDueDays: 30,
  depositPercentage: 50,
  gstRate: 10,
  currency: 'AUD',
  sendInvoiceEmails: true,
  sendPaymentReminders: true,
  reminderDays: [7, 3, 1],
  autoSendInvoices: false,
  depositDeadlineDays: 14,
};

export const BUSINESS_DETAILS_DEFAULTS: BusinessDetails = {
  businessName: '',
  businessAddress: '',
  businessABN: '',
  businessPhone: '',
  businessEmail: '',
};

export const PAYMENT_TERMS_DEFAULTS: TermsSettings = {
  paymentTerms: '',
  refundPolicy: '',
  notifyOnPayment: true,
  notifyOnOverdue: true,
};
