import type { Deposit, QuotationDeposit } from '@venue/contracts/money-api';

/** Spec 03 §2.2: the filter button cycles All → Unpaid → Paid. */
export const FILTER_CYCLE = ['All', 'Unpaid', 'Paid'] as const;
export type DepositFilter = (typeof FILTER_CYCLE)[number];

export function nextFilter(f: DepositFilter): DepositFilter {
  return FILTER_CYCLE[(FILTER_CYCLE.indexOf(f) + 1) % FILTER_CYCLE.length]!;
}

/** What the Paid/Unpaid filter and the cards read of a row of either tab. */
export interface DepositLike {
  depositCents: number;
  depositPaid: boolean;
}

/** Search over the given fields of each row (case-insensitive); then the Paid/Unpaid filter. */
export function searchRows<T extends DepositLike>(
  rows: readonly T[],
  fields: (row: T) => readonly string[],
  search: string,
  filter: DepositFilter,
): T[] {
  const needle = search.trim().toLowerCase();
  return rows.filter((d) => {
    if (filter === 'Paid' && !d.depositPaid) return false;
    if (filter === 'Unpaid' && d.depositPaid) return false;
    if (!needle) return true;
    return fields(d).some((v) => v.toLowerCase().includes(needle));
  });
}

/** Bookings tab: search over booking code, customer, e-mail and resource (spec 03 §2.2). */
export function searchDeposits(
  deposits: readonly Deposit[],
  search: string,
  filter: DepositFilter,
): Deposit[] {
  return searchRows(
    deposits,
    (d) => [d.bookingCode, d.customerName, d.customerEmail, d.resource],
    search,
    filter,
  );
}

/** Quotations tab: the same over the quotation's id, customer, e-mail and resource. */
export function searchQuotationDeposits(
  rows: readonly QuotationDeposit[],
  search: string,
  filter: DepositFilter,
): QuotationDeposit[] {
  return searchRows(
    rows,
    (d) => [d.quotationId, d.customerName, d.customerEmail, d.resource],
    search,
    filter,
  );
}

export interface Tally {
  cents: number;
  count: number;
}

/** The three cards: total, paid, unpaid deposits (amount and count) of one tab (spec 03 §9: per tab). */
export function summarise(deposits: readonly DepositLike[]): { total: Tally; paid: Tally; unpaid: Tally } {
  const tally = (list: readonly DepositLike[]): Tally => ({
    cents: list.reduce((s, d) => s + d.depositCents, 0),
    count: list.length,
  });
  return {
    total: tally(deposits),
    paid: tally(deposits.filter((d) => d.depositPaid)),
    unpaid: tally(deposits.filter((d) => !d.depositPaid)),
  };
}

export type DepositMethod = 'Bank Transfer' | 'Cash' | 'Cheque';

/** Mark Paid offers Bank, Cash and Cheque as the tenant accepts them (Bank and Cash until loaded). */
export function acceptedDepositMethods(
  methods: { bankTransfer: boolean; cash: boolean; cheque: boolean } | undefined,
): DepositMethod[] {
  const m = methods ?? { bankTransfer: true, cash: true, cheque: false };
  const out: DepositMethod[] = [];
  if (m.bankTransfer) out.push('Bank Transfer');
  if (m.cash) out.push('Cash');
  if (m.cheque) out.push('Cheque');
  return out;
}
