import type { DepositType, TaxType } from '../api/types.ts';

/** Deposit value input accepts only digits and a period (spec 02 §2.1). */
export function sanitiseDepositInput(raw: string): string {
  return raw.replace(/[^0-9.]/g, '');
}

export interface ConfirmPreview {
  totalCents: number;
  gstCents: number;
  depositCents: number;
  finalDueCents: number;
}

/**
 * The amounts the server will compute on confirm, shown before the user commits. Mirrors the
 * server's rules: GST from the tenant rate (inclusive: part of the price; exclusive: added),
 * Percentage of the GST-inclusive total clamped 0–100, Fixed rounded to cents and at most the
 * total, zero when the value is empty, non-numeric or not above 0.
 */
export function previewConfirm(
  priceCents: number,
  taxType: TaxType,
  ratePercent: number,
  depositType: DepositType,
  depositValue: string,
): ConfirmPreview {
  const rate = ratePercent / 100;
  let totalCents: number;
  let gstCents: number;
  if (taxType === 'inclusive') {
    totalCents = priceCents;
    gstCents = totalCents - Math.round(totalCents / (1 + rate));
  } else {
    gstCents = Math.round(priceCents * rate);
    totalCents = priceCents + gstCents;
  }
  const value = Number.parseFloat(depositValue);
  let depositCents = 0;
  if (depositType !== 'None' && Number.isFinite(value) && value > 0) {
    if (depositType === 'Percentage') {
      depositCents = Math.round((totalCents * Math.min(100, Math.max(0, value))) / 100);
    } else {
      depositCents = Math.min(totalCents, Math.round(value * 100));
    }
  }
  return { totalCents, gstCents, depositCents, finalDueCents: Math.max(0, totalCents - depositCents) };
}
