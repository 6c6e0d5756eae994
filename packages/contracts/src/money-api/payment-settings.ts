/**
 * Payment settings as money reads them: its copy of admin's settings (the seller, bank details,
 * due days and accepted methods a tax invoice shows), and the defaults until it has arrived.
 */
import { z } from 'zod';

/**
 * The Payment settings a tax invoice shows (seller, bank details, due days, accepted methods):
 * the `payment` part of admin's `tenant.settings_changed` snapshot, once admin carries it.
 * Money reads it from its settings copy; until it has arrived the defaults apply and issuing a
 * tax invoice is refused for want of the seller's name and ABN.
 */
export const paymentSettingsSnapshotSchema = z.object({
  businessName: z.string(),
  businessABN: z.string(),
  businessAddress: z.string(),
  businessPhone: z.string(),
  businessEmail: z.string(),
  bankName: z.string(),
  accountName: z.string(),
  bsb: z.string(),
  accountNumber: z.string(),
  referenceNote: z.string(),
  defaultDueDays: z.number().int().min(0).max(365),
  paymentMethods: z.object({
    stripe: z.boolean(),
    bankTransfer: z.boolean(),
    cash: z.boolean(),
    cheque: z.boolean(),
  }),
  /** Invoice numbers read `{prefix}-{year}-{00001}`; default `INV`. */
  invoiceNumberPrefix: z
    .string()
    .regex(/^[A-Z0-9]{1,10}$/)
    .optional(),
  /**
   * Invoice Settings' reminder days: the automatic payment reminders go this many days before
   * the due date and again as many after it. Optional (snapshots before it lack it): [7, 3, 1].
   */
  reminderDays: z.array(z.number().int().min(0).max(365)).max(10).optional(),
  /**
   * The venue's connected card-provider (Stripe) account, `acct_…`, or '' (Payment settings'
   * Stripe ID). Optional (snapshots before it lack it). With the platform's Stripe keys and the
   * stripe method switched on, the payment link offers "Pay by card" (decision 43).
   */
  stripeAccountId: z.string().max(255).optional(),
  /**
   * Invoice Settings' deposit deadline (issue 24 item 5): a deposit invoice falls due at the latest
   * this many days before the event (never before its issue day). Optional (snapshots before it
   * lack it): 14.
   */
  depositDeadlineDays: z.number().int().min(0).max(365).optional(),
});
export type PaymentSettingsSnapshot = z.infer<typeof paymentSettingsSnapshotSchema>;

export const PAYMENT_SETTINGS_DEFAULTS: PaymentSettingsSnapshot = {
  businessName: '',
  businessABN: '',
  businessAddress: '',
  businessPhone: '',
  businessEmail: '',
  bankName: '',
  accountName: '',
  bsb: '',
  accountNumber: '',
  referenceNote: '',
  defaultDueDays: 30,
  paymentMethods: { stripe: false, bankTransfer: true, cash: true, cheque: false },
};
