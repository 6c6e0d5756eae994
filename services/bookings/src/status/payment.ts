/** Confirm-time money (spec 02 §2.1, §9): integer cents, each figure rounded once. */

export type TaxType = 'inclusive' | 'exclusive';
export type DepositType = 'None' | 'Fixed' | 'Percentage';

export interface PaymentInput {
  /** The booking's price in cents (calculatedPrice). */
  priceCents: number;
  taxType: TaxType;
  /** Tenant GST rate in percent, e.g. 10. */
  taxRatePercent: number;
  depositType: DepositType;
  /** As typed: digits and a period; empty, non-numeric or not above 0 means no deposit. */
  depositValue: string | number | null | undefined;
}

export interface PaymentFigures {
  totalCents: number;
  gstCents: number;
  depositCents: number;
  finalDueCents: number;
  depositValue: number;
}

function depositNumber(v: PaymentInput['depositValue']): number {
  if (v === null || v === undefined) return 0;
  const s = String(v).trim();
  if (!/^\d*\.?\d*$/.test(s) || s === '' || s === '.') return 0;
  const n = Number(s);
  return Number.isFinite(n) && n > 0 ? n : 0;
}

export function computePayment(input: PaymentInput): PaymentFigures {
  const rate = input.taxRatePercent / 100;
  const price = Math.max(0, Math.round(input.priceCents));
  let totalCents: number;
  let gstCents: number;
  if (input.taxType === 'exclusive') {
    // The price is the base; GST is added on top.
    gstCents = Math.round(price * rate);
    totalCents = price + gstCents;
  } else {
    totalCents = price;
    gstCents = Math.round(price - price / (1 + rate));
  }
  let value = depositNumber(input.depositValue);
  let depositCents = 0;
  if (input.depositType === 'Percentage') {
    value = Math.min(100, value);
    depositCents = Math.round((totalCents * value) / 100);
  } else if (input.depositType === 'Fixed') {
    depositCents = Math.min(totalCents, toCents(value));
    value = depositCents / 100;
  } else {
    value = 0;
  }
  return {
    totalCents,
    gstCents,
    depositCents,
    finalDueCents: Math.max(0, totalCents - depositCents),
    depositValue: value,
  };
}

const dollars = (cents: number) => Math.round(cents) / 100;

/** Dollars → cents without binary drift (1.005 → 101, not 100). */
export function toCents(value: number): number {
  return Math.round(Number((value * 100).toPrecision(12)));
}

/** The stored/returned payment_details: the spec's dollar fields plus the exact cents. */
export function paymentDetails(input: PaymentInput, figures = computePayment(input)) {
  return {
    total_amount: dollars(figures.totalCents),
    final_due: dollars(figures.finalDueCents),
    deposit_amount: dollars(figures.depositCents),
    deposit_type: input.depositType,
    deposit_value: figures.depositValue,
    deposit_paid: false,
    paid_at: null as string | null,
    tax: {
      tax_type: input.taxType,
      tax_rate: input.taxRatePercent,
      tax_amount: dollars(figures.gstCents),
      gst: dollars(figures.gstCents),
    },
    totalCents: figures.totalCents,
    finalDueCents: figures.finalDueCents,
    depositCents: figures.depositCents,
    gstCents: figures.gstCents,
  };
}
export type PaymentDetails = ReturnType<typeof paymentDetails>;
