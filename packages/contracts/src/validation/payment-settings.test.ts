import { test } from 'node:test';
import assert from 'node:assert/strict';
import { GST_MESSAGE, isValidGst } from '../settings.ts';
import {
  ABN_MESSAGE,
  BUSINESS_DETAILS_DEFAULTS,
  INVOICE_SETTINGS_DEFAULTS,
  PAYMENT_TERMS_DEFAULTS,
  ACCOUNT_NUMBER_MESSAGE,
  BSB_MESSAGE,
  DEPOSIT_MESSAGE,
  DUE_DAYS_MESSAGE,
  EMAIL_MESSAGE,
  REMINDER_DAYS_MESSAGE,
  STRIPE_PREFIX_MESSAGE,
  bankDetailsSchema,
  businessDetailsSchema,
  invoiceSettingsSchema,
  isValidAbn,
  isValidAccountNumber,
  isValidBsb,
  isValidStripeId,
  stripeAccountSchema,
} from './payment-settings.ts';
import type { z } from 'zod';

const firstMessage = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? null);
};

test("a tenant's invoice, business and terms settings before it saves them", () => {
  assert.deepEqual(INVOICE_SETTINGS_DEFAULTS, {
    defaultDueDays: 30,
    depositPercentage: 50,
    depositDeadlineDays: 14,
    gstRate: 10,
    currency: 'AUD',
    sendInvoiceEmails: true,
    sendPaymentReminders: true,
    reminderDays: [7, 3, 1],
    autoSendInvoices: false,
  });
  assert.deepEqual(BUSINESS_DETAILS_DEFAULTS, {
    businessName: '',
    businessAddress: '',
    businessABN: '',
    businessPhone: '',
    businessEmail: '',
  });
  assert.deepEqual(PAYMENT_TERMS_DEFAULTS, {
    paymentTerms: '',
    refundPolicy: '',
    notifyOnPayment: true,
    notifyOnOverdue: true,
  });
});

test('field predicates', () => {
  const rows: [(v: string) => boolean, string, boolean][] = [
    [isValidBsb, '123-456', true],
    [isValidBsb, '123456', true],
    [isValidBsb, '12-3456', false],
    [isValidBsb, '12345', false],
    [isValidAccountNumber, '1234', true],
    [isValidAccountNumber, '123456789012', true],
    [isValidAccountNumber, '123', false],
    [isValidAccountNumber, '1234567890123', false],
    [isValidAccountNumber, '12a4', false],
    [isValidStripeId, '', true],
    [isValidStripeId, 'acct_1A2b', true],
    [isValidStripeId, 'acct_', false],
    [isValidStripeId, 'cus_123', false],
    [isValidAbn, '51824753556', true], // the ATO's published example
    [isValidAbn, '51 824 753 556', true],
    [isValidAbn, '51824753557', false],
    [isValidAbn, '1234567890', false],
    [isValidAbn, '5182475355a', false],
  ];
  for (const [check, value, ok] of rows) assert.equal(check(value), ok, `${check.name}(${value})`);
});

test('GST: 0 to 100 in steps of 0.01', () => {
  for (const n of [0, 10, 12.5, 99.99, 100]) assert.ok(isValidGst(n), String(n));
  for (const n of [-0.01, 100.01, 10.005, Number.NaN, Number.POSITIVE_INFINITY])
    assert.ok(!isValidGst(n), String(n));
});

const invoice = INVOICE_SETTINGS_DEFAULTS;
const business = { ...BUSINESS_DETAILS_DEFAULTS, businessName: 'Hall' };
const bank = { accountName: '', bankName: '', bsb: '', accountNumber: '', referenceNote: '' };

test('each schema rule answers with its message', () => {
  const rows: [z.ZodType, object, string | null][] = [
    [stripeAccountSchema, { stripeAccountId: '' }, null],
    [stripeAccountSchema, { stripeAccountId: 'sk_live_1' }, STRIPE_PREFIX_MESSAGE],
    [bankDetailsSchema, bank, null],
    [bankDetailsSchema, { ...bank, bsb: '12-345' }, BSB_MESSAGE],
    [bankDetailsSchema, { ...bank, accountNumber: '123' }, ACCOUNT_NUMBER_MESSAGE],
    [invoiceSettingsSchema, invoice, null],
    [invoiceSettingsSchema, { ...invoice, defaultDueDays: 366 }, DUE_DAYS_MESSAGE],
    [invoiceSettingsSchema, { ...invoice, defaultDueDays: 1.5 }, DUE_DAYS_MESSAGE],
    [invoiceSettingsSchema, { ...invoice, depositPercentage: 100.5 }, DEPOSIT_MESSAGE],
    [invoiceSettingsSchema, { ...invoice, depositPercentage: -1 }, DEPOSIT_MESSAGE],
    [invoiceSettingsSchema, { ...invoice, depositPercentage: 12.5 }, DEPOSIT_MESSAGE],
    [invoiceSettingsSchema, { ...invoice, depositPercentage: 100 }, null],
    [invoiceSettingsSchema, { ...invoice, gstRate: 10.005 }, GST_MESSAGE],
    [invoiceSettingsSchema, { ...invoice, gstRate: 100.01 }, GST_MESSAGE],
    [invoiceSettingsSchema, { ...invoice, reminderDays: [400] }, REMINDER_DAYS_MESSAGE],
    [
      invoiceSettingsSchema,
      { ...invoice, reminderDays: Array.from({ length: 11 }, (_, i) => i) },
      'At most 10 reminder days.',
    ],
    [invoiceSettingsSchema, { ...invoice, currency: 'XYZ' }, 'Unknown currency.'],
    [businessDetailsSchema, business, null],
    [businessDetailsSchema, { ...business, businessABN: '51824753557' }, ABN_MESSAGE],
    [businessDetailsSchema, { ...business, businessEmail: 'not-mail' }, EMAIL_MESSAGE],
  ];
  for (const [schema, value, message] of rows)
    assert.equal(firstMessage(schema, value), message, JSON.stringify(value));
});

test('stored forms: BSB with its dash, ABN without spaces, e-mail lower case, reminder days sorted once', () => {
  assert.equal(bankDetailsSchema.parse({ ...bank, bsb: '123456' }).bsb, '123-456');
  const b = businessDetailsSchema.parse({
    ...business,
    businessABN: '51 824 753 556',
    businessEmail: ' A@B.CO ',
  });
  assert.deepEqual([b.businessABN, b.businessEmail], ['51824753556', 'a@b.co']);
  assert.deepEqual(
    invoiceSettingsSchema.parse({ ...invoice, reminderDays: [1, 7, 3, 7] }).reminderDays,
    [7, 3, 1],
  );
});
