/**
 * The Deposits page's Quotations tab (spec 03 §2.2): the list and Mark Paid / Mark Unpaid of a
 * quotation's deposit, as TanStack Query hooks. Keys start with 'money' so every money write
 * refreshes them (an accepted quotation's deposit follows its booking's deposit invoice).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSession } from '@venue/ui';
import {
  QUOTATION_DEPOSIT_PATHS,
  type QuotationDeposit,
  type QuotationDepositMarkPaid,
} from '@venue/contracts/money-api';
import { keys } from '../api/keys.ts';

export const quotationDepositKeys = { list: ['money', 'deposits', 'quotations'] as const };

export function useMarkQuotationDeposit() {
  const { api } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, paid, key }: { id: string; paid: QuotationDepositMarkPaid | null; key: string }) =>
      paid
        ? api.request<QuotationDeposit>(
            'mark quotation deposit paid',
            'POST',
            QUOTATION_DEPOSIT_PATHS.markPaid(id),
            paid,
            { idempotencyKey: key },
          )
        : api.request<QuotationDeposit>(
            'mark quotation deposit unpaid',
            'POST',
            QUOTATION_DEPOSIT_PATHS.markUnpaid(id),
            {},
            { idempotencyKey: key },
          ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: keys.all }),
  });
}
