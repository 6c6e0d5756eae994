import type { z } from 'zod';
import type { bankDetailsSchema, paymentMethodsSchema } from '@venue/contracts';
import type { ApiClient } from '@venue/ui';

/** The groups as the API answers them (the settings schemas in contracts). */
export type PaymentMethods = z.output<typeof paymentMethodsSchema>;
export type BankDetails = z.output<typeof bankDetailsSchema>;

/** Spec 01 §3 client defaults, used until the server answers. */
export const DEFAULT_METHODS: PaymentMethods = {
  stripe: false,
  bankTransfer: true,
  cash: true,
  cheque: false,
};
export const EMPTY_BANK: BankDetails = {
  accountName: '',
  bankName: '',
  bsb: '',
  accountNumber: '',
  referenceNote: '',
};

export const paymentKeys = {
  stripe: ['admin', 'stripe-account'],
  methods: ['admin', 'payment-methods'],
  bank: ['admin', 'bank-details'],
} as const;

export async function fetchStripeId(api: ApiClient): Promise<string> {
  const body = await api.api<{ stripeAccountId?: string | null }>('/api/users/stripe-account');
  return body?.stripeAccountId ?? '';
}

export async function fetchMethods(api: ApiClient): Promise<PaymentMethods> {
  const body = await api.api<{ paymentMethods?: Partial<PaymentMethods> }>('/api/users/payment-methods');
  return { ...DEFAULT_METHODS, ...(body?.paymentMethods ?? {}) };
}

export async function fetchBank(api: ApiClient): Promise<BankDetails> {
  const body = await api.api<{ bankDetails?: Partial<Record<keyof BankDetails, string | null>> }>(
    '/api/users/bank-details',
  );
  const d = body?.bankDetails ?? {};
  return {
    accountName: d.accountName ?? '',
    bankName: d.bankName ?? '',
    bsb: d.bsb ?? '',
    accountNumber: d.accountNumber ?? '',
    referenceNote: d.referenceNote ?? '',
  };
}
