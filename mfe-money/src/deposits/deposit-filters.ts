/** Spec 03 §2.2: the filter button cycles All → Unpaid → Paid. */
export const FILTER_CYCLE = ['All', 'Unpaid', 'Paid'] as const;
export type DepositFilter = (typeof FILTER_CYCLE)[number];

export function nextFilter(f: DepositFilter): DepositFilter {
  return FILTER_CYCLE[(FILTER_CYCLE.indexOf(f) + 1) % FILTER_CYCLE.length]!;
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
