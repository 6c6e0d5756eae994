/**
 * A booking's money: the figures are computed by the shared module (@venue/contracts money,
 * decision 4) and stored on the booking (migration 007) whenever it is priced or confirmed;
 * every answer, list, CSV and event shows the stored figures, never a recomputation.
 *
 * Tax terms: a price (rate card, quote or typed override) is GST-inclusive unless the tenant's
 * tax type (Settings → Taxes, bookings' copy) says exclusive. The confirm dialog may choose the
 * other type for one booking (spec 02 §2.5); from then on the booking keeps its own terms.
 */
import { badRequest } from '@venue/service-kit';
import {
  basisPointsToPercent,
  centsToDollars,
  depositFromInput,
  moneyFigures,
  NO_DEPOSIT,
  percentToBasisPoints,
  taxTypeOf,
  type Deposit,
  type DepositType,
  type MoneyFigures,
  type TaxType,
} from '@venue/contracts';
import type { TenantSettings } from '../remote/tenant-settings.ts';

export { toCents } from '@venue/contracts';
export type { DepositType, TaxType } from '@venue/contracts';

export interface TaxTerms {
  taxType: TaxType;
  rateBp: number;
}

/** The tenant's terms: how its prices are to be read today. */
export function tenantTerms(settings: Pick<TenantSettings, 'taxType' | 'taxRatePercent'>): TaxTerms {
  return { taxType: taxTypeOf(settings.taxType), rateBp: percentToBasisPoints(settings.taxRatePercent) };
}

/** The figures stored on a booking row (migration 007); null on rows priced before it could be. */
export interface StoredMoneyColumns {
  tax_type: string | null;
  tax_rate_bp: number | string | null;
  net_cents: number | string | null;
  gst_cents: number | string | null;
  total_cents: number | string | null;
  deposit_cents: number | string | null;
  final_due_cents: number | string | null;
  payment_details: Record<string, unknown> | null;
  status: string;
}

/** The stored figures in the API shape (`money` on every booking). */
export interface MoneyView {
  taxType: TaxType;
  taxRateBp: number;
  netCents: number;
  gstCents: number;
  totalCents: number;
  depositCents: number;
  finalDueCents: number;
}

/** The row's stored figures (bigint columns arrive as text from node-postgres), or null. */
export function storedMoney(r: StoredMoneyColumns): MoneyView | null {
  if (r.total_cents === null || r.total_cents === undefined || r.tax_type === null) return null;
  return {
    taxType: taxTypeOf(r.tax_type),
    taxRateBp: Number(r.tax_rate_bp),
    netCents: Number(r.net_cents),
    gstCents: Number(r.gst_cents),
    totalCents: Number(r.total_cents),
    depositCents: Number(r.deposit_cents),
    finalDueCents: Number(r.final_due_cents),
  };
}

/**
 * The deposit a booking was confirmed with (payment_details), or none. A percentage stored
 * before percentages had to be whole keeps its amount, as a fixed deposit.
 */
function storedDeposit(pd: Record<string, unknown> | null, kept: MoneyView): Deposit {
  const type = pd?.deposit_type;
  if (type !== 'Fixed' && type !== 'Percentage') return NO_DEPOSIT;
  const choice = depositFromInput(type, typeof pd?.deposit_value === 'number' ? pd.deposit_value : null);
  return choice.ok ? choice.deposit : { type: 'Fixed', cents: kept.depositCents };
}

/** Statuses whose figures were fixed by a confirmation and keep their terms when repriced. */
const CONFIRMED = new Set(['confirmed', 'completed']);

export interface PricingTerms extends TaxTerms {
  deposit: Deposit;
}

/**
 * The terms a (re)priced booking is computed with: the tenant's for a new or unconfirmed
 * booking; a confirmed one keeps the tax terms and deposit it was confirmed with, so editing
 * its time does not quietly change the tax on an agreed price.
 */
export function pricingTerms(settings: TenantSettings, before?: StoredMoneyColumns | null): PricingTerms {
  const kept = before && CONFIRMED.has(before.status) ? storedMoney(before) : null;
  if (kept && before) {
    return {
      taxType: kept.taxType,
      rateBp: kept.taxRateBp,
      deposit: storedDeposit(before.payment_details, kept),
    };
  }
  return { ...tenantTerms(settings), deposit: NO_DEPOSIT };
}

export interface ConfirmChoice {
  tax_type?: unknown;
  deposit_type?: unknown;
  deposit_value?: unknown;
}

/**
 * The figures a confirmation stores: the tenant's terms unless the dialog chose the other tax
 * type, and the chosen deposit by the spec's rules. A deposit percentage that is not whole is
 * a 400 naming the field.
 */
export function confirmFigures(
  priceCents: number,
  settings: TenantSettings,
  pay: ConfirmChoice,
): MoneyFigures {
  const terms = tenantTerms(settings);
  const taxType = pay.tax_type === 'inclusive' || pay.tax_type === 'exclusive' ? pay.tax_type : terms.taxType;
  const depositType: DepositType =
    pay.deposit_type === 'Fixed' || pay.deposit_type === 'Percentage' ? pay.deposit_type : 'None';
  const raw = pay.deposit_value;
  const choice = depositFromInput(
    depositType,
    typeof raw === 'number' || typeof raw === 'string' ? raw : null,
  );
  if (!choice.ok) {
    throw badRequest(choice.message, {
      errors: [{ path: 'payment_details.deposit_value', message: choice.message }],
    });
  }
  return moneyFigures({
    priceCents: Math.max(0, Math.round(priceCents)),
    taxType,
    rateBp: terms.rateBp,
    deposit: choice.deposit,
  });
}

/** The figures of a price under `terms`. */
export const priceFigures = (priceCents: number, terms: PricingTerms): MoneyFigures =>
  moneyFigures({ priceCents: Math.max(0, Math.round(priceCents)), ...terms });

/** The stored figures' columns (migration 007) and their values, for an INSERT or UPDATE. */
export function moneyValues(f: MoneyFigures) {
  return {
    tax_type: f.taxType,
    tax_rate_bp: f.rateBp,
    net_cents: f.netCents,
    gst_cents: f.gstCents,
    total_cents: f.totalCents,
    deposit_cents: f.depositCents,
    final_due_cents: f.finalDueCents,
  };
}

/** The money fields of payment_details (spec 02 §3 shape, dollars, plus the exact cents). */
function paymentMoney(f: Omit<MoneyView, 'taxRateBp'> & { taxRateBp: number }) {
  return {
    total_amount: centsToDollars(f.totalCents),
    final_due: centsToDollars(f.finalDueCents),
    deposit_amount: centsToDollars(f.depositCents),
    tax: {
      tax_type: f.taxType,
      tax_rate: basisPointsToPercent(f.taxRateBp),
      tax_amount: centsToDollars(f.gstCents),
      gst: centsToDollars(f.gstCents),
    },
    totalCents: f.totalCents,
    finalDueCents: f.finalDueCents,
    depositCents: f.depositCents,
    gstCents: f.gstCents,
    netCents: f.netCents,
  };
}

/** The payment_details a confirmation stores. */
export function paymentDetails(f: MoneyFigures) {
  return {
    ...paymentMoney({ ...f, taxRateBp: f.rateBp }),
    deposit_type: f.depositType,
    deposit_value: f.depositValue,
    deposit_paid: false,
    paid_at: null as string | null,
  };
}
export type PaymentDetails = ReturnType<typeof paymentDetails>;

/**
 * payment_details as answered: the stored JSON (deposit choice, paid flag) with its money
 * fields taken from the stored figures, so a booking repriced after confirmation never shows
 * two totals.
 */
export function paymentDetailsView(r: StoredMoneyColumns): Record<string, unknown> | null {
  if (!r.payment_details) return null;
  const money = storedMoney(r);
  return money ? { ...r.payment_details, ...paymentMoney(money) } : r.payment_details;
}

type Cents = number | string | undefined;

/**
 * The total incl. GST as stored; on a row without stored figures (written directly, see
 * migration 007) the confirmed total, else the price. Mirrors BALANCE_SQL's COALESCE.
 */
export function totalCentsOf(r: StoredMoneyColumns & { calculated_price_cents: number | string }): number {
  const pd = r.payment_details as { totalCents?: Cents } | null;
  return storedMoney(r)?.totalCents ?? Number(pd?.totalCents ?? r.calculated_price_cents);
}

/** The deposit as stored, with the same fallback. */
export function depositCentsOf(r: StoredMoneyColumns): number {
  const pd = r.payment_details as { depositCents?: Cents } | null;
  return storedMoney(r)?.depositCents ?? Number(pd?.depositCents ?? 0);
}
