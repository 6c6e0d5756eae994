import {
  depositFromInput,
  depositValue,
  moneyFigures,
  type InvoiceSettings,
  type MoneyFigures,
} from '@venue/contracts';
import { paymentCents, type Booking, type DepositType, type TaxType } from '../api/types.ts';

/**
 * Deposit state from payment_details: Paid, Pending, or No Deposit (spec 02 §2.3). Here, not
 * beside the detail drawer that shows it: the drawer is loaded only when opened, the tables
 * need this at once.
 */
export function depositLabel(b: Booking): string {
  const p = b.payment_details;
  if (!p || p.deposit_type === 'None' || !paymentCents(p, 'deposit')) return 'No Deposit';
  return p.deposit_paid ? 'Paid' : 'Pending';
}

/** Deposit value input accepts only digits and a period (spec 02 §2.1). */
export function sanitiseDepositInput(raw: string): string {
  return raw.replace(/[^0-9.]/g, '');
}

/** A deposit choice as the dialogs hold it: its type and the value as typed. */
export interface DepositStart {
  depositType: DepositType;
  depositValue: string;
}

export const NO_DEPOSIT_START: DepositStart = { depositType: 'None', depositValue: '' };

/**
 * The deposit a confirmation starts from: Settings → Payments' deposit percentage (Invoice
 * Settings), none when the venue set 0 % or the setting is not a whole percentage.
 */
export function venueDeposit(settings: Partial<Pick<InvoiceSettings, 'depositPercentage'>>): DepositStart {
  const percent = settings.depositPercentage;
  return typeof percent === 'number' && Number.isInteger(percent) && percent > 0 && percent <= 100
    ? { depositType: 'Percentage', depositValue: String(percent) }
    : NO_DEPOSIT_START;
}

/**
 * What the confirm dialog previews, computed by the shared money module (@venue/contracts)
 * from the inputs the server answers (POST /api/bookings/:id/confirm-preview: the price and
 * the tenant's tax terms), so the preview is the figure the server will store. Nothing here
 * does arithmetic of its own.
 */
export interface ConfirmInputs {
  priceCents: number;
  terms: { taxType: TaxType; rateBp: number };
}

export interface ConfirmDraft {
  taxType: TaxType;
  depositType: DepositType;
  /** As typed. */
  depositValue: string;
}

/** The confirm body's payment_details (the contract's statusBody checks it before it is sent). */
export interface ConfirmBody {
  tax_type: TaxType;
  deposit_type: DepositType;
  deposit_value: number | null;
}

export type ConfirmPreview =
  { ok: true; figures: MoneyFigures; payment: ConfirmBody } | { ok: false; message: string };

/**
 * The figures of a draft and the body that confirms exactly them: the deposit is read from
 * the typed text once, and the value sent is that reading (dollars for Fixed, whole percent
 * for Percentage; a fixed deposit above the total as the total), which the server reads back
 * to the same figures.
 */
export function previewConfirm(inputs: ConfirmInputs, draft: ConfirmDraft): ConfirmPreview {
  const choice = depositFromInput(draft.depositType, draft.depositValue);
  if (!choice.ok) return choice;
  const figures = moneyFigures({
    priceCents: inputs.priceCents,
    taxType: draft.taxType,
    rateBp: inputs.terms.rateBp,
    deposit: choice.deposit,
  });
  return {
    ok: true,
    figures,
    payment: {
      tax_type: draft.taxType,
      deposit_type: draft.depositType,
      // A fixed deposit above the total is sent as the total it is capped at.
      deposit_value:
        draft.depositType === 'None'
          ? null
          : choice.deposit.type === 'Fixed'
            ? figures.depositCents / 100
            : depositValue(choice.deposit),
    },
  };
}

/** A booking's value as every screen shows it: the stored total incl. GST (the price on a booking without stored figures). */
export const valueCents = (b: Pick<Booking, 'money' | 'calculatedPriceCents'>): number =>
  b.money?.totalCents ?? b.calculatedPriceCents;

/** The amount before GST as stored (the price on a booking without stored figures). */
export const netCents = (b: Pick<Booking, 'money' | 'calculatedPriceCents'>): number =>
  b.money?.netCents ?? b.calculatedPriceCents;
