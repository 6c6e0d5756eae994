/**
 * Quotations (spec 03 §7) as TanStack Query hooks; types from the contract. Writes refresh every
 * money list (an accepted quotation becomes a booking with a deposit invoice).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSession } from '@venue/ui';
import {
  QUOTATION_PATHS,
  type Quotation,
  type QuotationInput,
  type QuotationStatusUpdate,
  type quotationBulkSentSchema,
} from '@venue/contracts/money-api';
import type { z } from 'zod';
import { keys } from './keys.ts';

export const quotationKeys = { list: ['money', 'quotations'] as const };

function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: keys.all });
}

export function useSaveQuotation() {
  const { api } = useSession();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, body, key }: { id: string | null; body: QuotationInput; key: string }) =>
      id
        ? api.request<Quotation>('update quotation', 'PUT', QUOTATION_PATHS.quotation(id), body)
        : api.request<Quotation>('create quotation', 'POST', QUOTATION_PATHS.quotations, body, {
            idempotencyKey: key,
          }),
    onSuccess: refresh,
  });
}

export function useSetQuotationStatus() {
  const { api } = useSession();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: QuotationStatusUpdate['status'] }) =>
      api.request<Quotation>('update quotation', 'PUT', QUOTATION_PATHS.status(id), { status }),
    onSettled: refresh,
  });
}

export function useDeleteQuotation() {
  const { api } = useSession();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) =>
      api.request<void>('delete quotation', 'DELETE', QUOTATION_PATHS.quotation(id)),
    onSuccess: refresh,
  });
}

export function useBulkSendQuotations() {
  const { api } = useSession();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ ids, key }: { ids: string[]; key: string }) =>
      api.request<z.infer<typeof quotationBulkSentSchema>>(
        'send quotations',
        'POST',
        QUOTATION_PATHS.bulkSend,
        { ids },
        { idempotencyKey: key },
      ),
    onSuccess: refresh,
  });
}

/** The venue's resources for the form's Resource field (null when the caller may not list them). */
export function useQuotationResources() {
  const { api } = useSession();
  return useQuery({
    queryKey: ['money', 'quotation-resources'] as const,
    queryFn: () =>
      api
        .request<{ id: string; name: string }[]>('fetch resources', 'GET', '/api/resources')
        .catch(() => null),
    staleTime: 60_000,
  });
}
