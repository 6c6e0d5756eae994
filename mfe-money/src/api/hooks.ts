/**
 * The money API as TanStack Query hooks. Types come from the contract (z.infer, imported as
 * types so zod stays out of the bundle's start-up path); paths from MONEY_PATHS.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSession } from '@venue/ui';
import type { InvoiceSettings, bankDetailsSchema, paymentMethodsSchema } from '@venue/contracts';
import {
  MONEY_PATHS,
  type CreditNoteCreate,
  type DepositMarkPaid,
  type Invoice,
  type InvoiceCreate,
  type InvoiceDetail,
  type InvoiceSent,
  type InvoiceStatusUpdate,
  type PaymentCreate,
  type PaymentRecorded,
  type RemindersSent,
} from '@venue/contracts/money-api';
import { invoiceableBookingsPath, type InvoiceableBookingPage } from '@venue/contracts/money-api/screens';
import type { z } from 'zod';
import { keys } from './keys.ts';

export type PaymentMethods = z.output<typeof paymentMethodsSchema>;
export type BankDetails = z.output<typeof bankDetailsSchema>;

/** The tenant whose money this is: a sub-user works on their owner's (spec 03 §1). */
function useOwner(): string {
  const { hallOwnerId } = useSession();
  return hallOwnerId ?? '';
}

export function useInvoiceDetail(id: string | null) {
  const { api } = useSession();
  return useQuery({
    queryKey: keys.invoice(id ?? ''),
    queryFn: () => api.request<InvoiceDetail>('fetch invoice', 'GET', MONEY_PATHS.invoice(id ?? '')),
    enabled: Boolean(id),
  });
}

export function useInvoiceableBookings(search: string, enabled: boolean) {
  const { api } = useSession();
  return useQuery({
    queryKey: keys.bookings(search),
    queryFn: () =>
      api.request<InvoiceableBookingPage>('fetch bookings', 'GET', invoiceableBookingsPath(search)),
    enabled,
  });
}

/** Payment settings any member of the tenant may read (docs/api/admin.md). */
export function usePaymentMethods(enabled = true) {
  const { api } = useSession();
  return useQuery({
    queryKey: keys.paymentMethods,
    queryFn: () =>
      api
        .request<{ paymentMethods: PaymentMethods }>(
          'fetch payment methods',
          'GET',
          '/api/users/payment-methods',
        )
        .then((r) => r.paymentMethods),
    enabled,
    staleTime: 60_000,
  });
}

export function useBankDetails(enabled = true) {
  const { api } = useSession();
  return useQuery({
    queryKey: keys.bankDetails,
    queryFn: () =>
      api
        .request<{ bankDetails: BankDetails }>('fetch bank details', 'GET', '/api/users/bank-details')
        .then((r) => r.bankDetails),
    enabled,
    staleTime: 60_000,
  });
}

export function useInvoiceSettings(enabled = true) {
  const { api } = useSession();
  return useQuery({
    queryKey: keys.invoiceSettings,
    queryFn: () =>
      api.request<InvoiceSettings>('fetch invoice settings', 'GET', '/api/tenant-settings/invoice'),
    enabled,
    staleTime: 60_000,
  });
}

/** After any money write every money list may have changed (an invoice, its deposit, a booking's). */
function useRefreshMoney() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: keys.all });
}

export function useCreateInvoice() {
  const { api } = useSession();
  const refresh = useRefreshMoney();
  return useMutation({
    mutationFn: ({ body, key }: { body: InvoiceCreate; key: string }) =>
      api.request<Invoice>('create invoice', 'POST', MONEY_PATHS.invoices, body, { idempotencyKey: key }),
    onSuccess: refresh,
  });
}

export function useSetInvoiceStatus() {
  const { api } = useSession();
  const refresh = useRefreshMoney();
  return useMutation({
    mutationFn: ({ id, body, key }: { id: string; body: InvoiceStatusUpdate; key?: string }) =>
      api.request<Invoice>('update invoice status', 'PUT', MONEY_PATHS.invoiceStatus(id), body, {
        idempotencyKey: key,
      }),
    onSuccess: refresh,
  });
}

/**
 * Send to customer (issue 24 item 14): a draft is issued; an invoice already issued, paid ones
 * too, goes again as a copy marked as such (`copy` in the answer says which).
 */
export function useSendInvoice() {
  const { api } = useSession();
  const refresh = useRefreshMoney();
  return useMutation({
    mutationFn: ({ id, key }: { id: string; key: string }) =>
      api.request<InvoiceSent>(
        'send the invoice',
        'POST',
        `${MONEY_PATHS.invoice(id)}/send`,
        {},
        {
          idempotencyKey: key,
        },
      ),
    onSuccess: refresh,
  });
}

export function useRecordPayment() {
  const { api } = useSession();
  const refresh = useRefreshMoney();
  return useMutation({
    mutationFn: ({ id, body, key }: { id: string; body: PaymentCreate; key: string }) =>
      api.request<PaymentRecorded>('record payment', 'POST', MONEY_PATHS.invoicePayments(id), body, {
        idempotencyKey: key,
      }),
    onSuccess: refresh,
  });
}

export function useCreateCreditNote() {
  const { api } = useSession();
  const refresh = useRefreshMoney();
  return useMutation({
    mutationFn: ({ id, body, key }: { id: string; body: CreditNoteCreate; key: string }) =>
      api.request('create refund', 'POST', MONEY_PATHS.invoiceCreditNotes(id), body, { idempotencyKey: key }),
    onSuccess: refresh,
  });
}

export function useSendReminders() {
  const { api } = useSession();
  const owner = useOwner();
  const refresh = useRefreshMoney();
  return useMutation({
    mutationFn: ({ invoiceIds, key }: { invoiceIds: string[]; key: string }) =>
      api.request<RemindersSent>(
        'send reminders',
        'POST',
        MONEY_PATHS.sendReminders,
        { invoiceIds, hallOwnerId: owner },
        { idempotencyKey: key },
      ),
    onSuccess: refresh,
  });
}

export function useMarkDepositPaid() {
  const { api } = useSession();
  const refresh = useRefreshMoney();
  return useMutation({
    mutationFn: ({ bookingId, body, key }: { bookingId: string; body: DepositMarkPaid; key: string }) =>
      api.request('mark deposit paid', 'POST', MONEY_PATHS.depositMarkPaid(bookingId), body, {
        idempotencyKey: key,
      }),
    onSuccess: refresh,
  });
}

export function useMarkDepositUnpaid() {
  const { api } = useSession();
  const refresh = useRefreshMoney();
  return useMutation({
    mutationFn: ({ bookingId, key }: { bookingId: string; key: string }) =>
      api.request(
        'mark deposit unpaid',
        'POST',
        MONEY_PATHS.depositMarkUnpaid(bookingId),
        {},
        {
          idempotencyKey: key,
        },
      ),
    onSuccess: refresh,
  });
}
