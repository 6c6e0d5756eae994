import { z } from 'zod';
import { CURRENCIES, GST_MESSAGE } from '@venue/contracts';
import { ABN_MESSAGE, isValidAbn } from '../../lib/payment-fields.ts';

const whole = (min: number, max: number, message: string) =>
  z.number({ error: message }).int(message).min(min, message).max(max, message);

export const invoiceSchema = z.object({
  defaultDueDays: whole(0, 365, 'Default due days must be a whole number from 0 to 365.'),
  depositPercentage: whole(0, 100, 'Deposit percentage must be a whole number from 0 to 100.'),
  gstRate: z
    .number({ error: GST_MESSAGE })
    .min(0, GST_MESSAGE)
    .max(100, GST_MESSAGE)
    .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-9, GST_MESSAGE),
  currency: z.enum(CURRENCIES),
  sendInvoiceEmails: z.boolean(),
  sendPaymentReminders: z.boolean(),
  reminderDays: z.array(z.number().int().min(0).max(365)).max(10, 'At most 10 reminder days.'),
  autoSendInvoices: z.boolean(),
});
export type InvoiceSettings = z.infer<typeof invoiceSchema>;
export const INVOICE_DEFAULTS: InvoiceSettings = {
  defaultDueDays: 30,
  depositPercentage: 50,
  gstRate: 10,
  currency: 'AUD',
  sendInvoiceEmails: true,
  sendPaymentReminders: true,
  reminderDays: [7, 3, 1],
  autoSendInvoices: false,
};

export const businessSchema = z.object({
  businessName: z.string().max(200),
  businessAddress: z.string().max(500),
  businessABN: z.string().refine((v) => v.trim() === '' || isValidAbn(v), ABN_MESSAGE),
  businessPhone: z.string().max(50),
  businessEmail: z
    .string()
    .refine(
      (v) => v.trim() === '' || z.email().safeParse(v.trim()).success,
      'Please enter a valid email address.',
    ),
});
export type BusinessDetails = z.infer<typeof businessSchema>;
export const BUSINESS_DEFAULTS: BusinessDetails = {
  businessName: '',
  businessAddress: '',
  businessABN: '',
  businessPhone: '',
  businessEmail: '',
};

export const termsSchema = z.object({
  paymentTerms: z.string().max(5000),
  refundPolicy: z.string().max(5000),
  notifyOnPayment: z.boolean(),
  notifyOnOverdue: z.boolean(),
});
export type TermsSettings = z.infer<typeof termsSchema>;
export const TERMS_DEFAULTS: TermsSettings = {
  paymentTerms: '',
  refundPolicy: '',
  notifyOnPayment: true,
  notifyOnOverdue: true,
};

export function trimStrings<T extends Record<string, unknown>>(values: T): T {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(values)) out[k] = typeof v === 'string' ? v.trim() : v;
  return out as T;
}
