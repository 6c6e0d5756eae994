import type { Deposit } from '@venue/contracts/money-api';

/** Spec 03 §2.2: the filter button cycles All → Unpaid → Paid. */
export const FILTER_CYCLE = ['All', 'Unpaid', 'Paid'] as const;
export type DepositFilter = (typeof FILTER_CYCLE)[number];

export function nextFilter(f: DepositFilter): DepositFilter {
  return FILTER_CYCLE[(FILTER_CYCLE.indexOf(f) + 1) % FILTER_CYCLE.length]!;
}

/** Search over booking code, customer, e-mail and resource; then the Paid/Unpaid filter. */
export function searchDeposits(
  deposits: readonly Deposit[],
  search: string,
  filter: DepositFilter,
): Deposit[] {
  const needle = search.trim().toLowerCase();
  return deposits.filter((d) => {
    if (filter === 'Paid' && !d.depositPaid) return false;
    if (filter === 'Unpaid' && d.depositPaid) return false;
    if (!needle) return true;
    return [d.bookingCode, d.customerName, d.customerEmail, d.resource].some((v) =>
      v.toLowerCase().includes(needle),
    );
  });
}

export interface Tally {
  cents: number;
  count: number;
}

/** The three cards: total, paid, unpaid deposits (amount and count) of the tab. */
export function summarise(deposits: readonly Deposit[]): { total: Tally; paid: Tally; unpaid: Tally } {
  const tally = (list: readonly Deposit[]): Tally => ({
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
