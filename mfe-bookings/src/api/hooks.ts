import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSession, type RequestOptions } from '@venue/ui';
import type { MoneyFigures } from '@venue/contracts';
import type { StatusBody } from '@venue/contracts/bookings';
import type { ConfirmInputs } from '../shared/deposit.ts';
import type {
  Booking,
  BookingStats,
  BulkResult,
  CalendarData,
  Customer,
  CustomerDetail,
  CustomerList,
  Paged,
  Resource,
  SearchHit,
  StaffDocument,
  StaffDocumentList,
} from './types.ts';

/** Every query of this remote starts with one of these, so a write can refresh them all. */
export const ROOTS = { bookings: 'bookings', calendar: 'calendar', customers: 'customers' } as const;

export type Params = Record<string, string | number | boolean | null | undefined>;

export function queryString(params: Params): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (v === undefined || v === null || v === '' || v === false) continue;
    q.set(k, String(v));
  }
  const s = q.toString();
  return s ? `?${s}` : '';
}

export function useResources() {
  const { api } = useSession();
  return useQuery({
    queryKey: ['resources'],
    queryFn: () => api.request<Resource[]>('fetch resources', 'GET', '/api/resources'),
    staleTime: 60_000,
  });
}

export function useBookingList(params: Params, enabled = true) {
  const { api } = useSession();
  return useQuery({
    queryKey: [ROOTS.bookings, 'list', params],
    queryFn: () =>
      api.request<Paged<Booking>>('fetch bookings', 'GET', `/api/bookings${queryString(params)}`),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useBookingStats() {
  const { api } = useSession();
  return useQuery({
    queryKey: [ROOTS.bookings, 'stats'],
    queryFn: () => api.request<BookingStats>('fetch bookings', 'GET', '/api/bookings/stats'),
  });
}

export function useBooking(id: string | null) {
  const { api } = useSession();
  return useQuery({
    queryKey: [ROOTS.bookings, 'one', id],
    queryFn: () => api.request<Booking>('fetch bookings', 'GET', `/api/bookings/${id}`),
    enabled: Boolean(id),
  });
}

/** The ID and insurance documents the customer uploaded for a booking (issue 25). */
export function useBookingDocuments(bookingId: string) {
  const { api } = useSession();
  return useQuery({
    queryKey: [ROOTS.bookings, 'documents', bookingId],
    queryFn: () =>
      api.request<StaffDocumentList>('fetch documents', 'GET', `/api/bookings/${bookingId}/documents`),
  });
}

/**
 * Marks one document verified. The server sets the booking's ID or insurance flag and publishes
 * the booking, which is what clears the Dashboard's documents alert; afterwards every bookings
 * query (this booking, its documents, the lists' Docs column) is read again.
 */
export function useVerifyDocument(bookingId: string) {
  const { api } = useSession();
  const refresh = useRefreshAll();
  return useMutation({
    mutationFn: (docId: string) =>
      api.request<{ document: StaffDocument; docs: { idVerified: boolean; insuranceVerified: boolean } }>(
        'verify document',
        'POST',
        `/api/bookings/${bookingId}/documents/${docId}/verify`,
        {},
      ),
    onSuccess: () => void refresh(),
  });
}

export function useBookingSearch(q: string) {
  const { api } = useSession();
  const term = q.trim();
  return useQuery({
    queryKey: [ROOTS.bookings, 'search', term],
    queryFn: async () => {
      const res = await api.request<SearchHit[] | { items: SearchHit[] }>(
        'fetch bookings',
        'GET',
        `/api/bookings/search${queryString({ q: term })}`,
      );
      return (Array.isArray(res) ? res : res.items).slice(0, 8);
    },
    enabled: term.length >= 2,
  });
}

export function useCalendar(
  range: { from: string; to: string } | null,
  resourceId: string,
  showBuffers: boolean,
  /** The month grid's cap: that many bookings a day plus each day's total. */
  perDay?: number,
) {
  const { api } = useSession();
  return useQuery({
    queryKey: [ROOTS.calendar, range?.from, range?.to, resourceId, showBuffers, perDay],
    queryFn: () =>
      api.request<CalendarData>(
        'fetch bookings',
        'GET',
        `/api/calendar${queryString({ from: range?.from, to: range?.to, resourceId, showBuffers, perDay })}`,
      ),
    enabled: Boolean(range),
    placeholderData: keepPreviousData,
  });
}

export function useCustomers(params: Params) {
  const { api } = useSession();
  return useQuery({
    queryKey: [ROOTS.customers, 'list', params],
    queryFn: () =>
      api.request<CustomerList>('fetch customers', 'GET', `/api/customers${queryString(params)}`),
    placeholderData: keepPreviousData,
  });
}

export function useCustomer(id: string | null) {
  const { api } = useSession();
  return useQuery({
    queryKey: [ROOTS.customers, 'one', id],
    queryFn: () => api.request<CustomerDetail>('fetch customers', 'GET', `/api/customers/${id}`),
    enabled: Boolean(id),
  });
}

/** After any write every list, the calendar and the customer figures may have changed. */
export function useRefreshAll() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(Object.values(ROOTS).map((root) => queryClient.invalidateQueries({ queryKey: [root] })));
}

/**
 * The inputs of a confirmation's figures (the price and the tenant's tax terms) and the figures
 * with no deposit: the confirm dialog recomputes from these with the shared money module.
 *
 * Asked once per opening of the dialog and never again while it is open: the key is outside
 * ROOTS, so the refresh after a write does not ask again (the booking just confirmed is then
 * refused with 409 "already confirmed", which turned the dialog's success into an error,
 * issue 24 item 9), and it is dropped when the dialog closes (gcTime 0), so the next opening
 * asks afresh.
 */
export function useConfirmPreview(id: string) {
  const { api } = useSession();
  return useQuery({
    queryKey: ['confirm-preview', id],
    queryFn: () =>
      api.request<ConfirmInputs & { figures: MoneyFigures }>(
        'preview the confirmation',
        'POST',
        `/api/bookings/${id}/confirm-preview`,
        {},
      ),
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
}

/** Every write of a booking, each refreshing the lists after it: a status change's or a review's. */
export function useBookingActions() {
  return { ...useStatusActions(), ...useReviewActions() };
}

/** Confirm, cancel, complete, the calendar's move, an edit and a customer's anonymising. */
function useStatusActions() {
  const { api } = useSession();
  const refresh = useRefreshAll();
  const done = { onSuccess: () => void refresh() };
  return {
    confirm: useMutation({
      // The body as the confirm dialog's form parsed it with the contract's statusBody.
      mutationFn: ({ id, body }: { id: string; body: StatusBody }) =>
        api.request<Booking | { booking: Booking }>(
          'confirm booking',
          'PUT',
          `/api/bookings/${id}/status`,
          body,
        ),
      ...done,
    }),
    cancel: useMutation({
      mutationFn: ({ id, reason }: { id: string; reason?: string }) =>
        api.request('cancel booking', 'PUT', `/api/bookings/${id}/status`, {
          status: 'cancelled',
          ...(reason ? { reason } : {}),
        }),
      ...done,
    }),
    complete: useMutation({
      mutationFn: (id: string) =>
        api.request('complete booking', 'PUT', `/api/bookings/${id}/status`, { status: 'completed' }),
      ...done,
    }),
    move: useMutation({
      mutationFn: ({
        id,
        ...body
      }: {
        id: string;
        bookingDate: string;
        startTime: string;
        endTime: string;
        resourceId?: string;
      }) => api.request<Booking>('booking update', 'PATCH', `/api/bookings/${id}/move`, body),
      ...done,
    }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: string; body: Record<string, unknown> }) =>
        api.request<Booking>('booking update', 'PUT', `/api/bookings/${id}`, body),
      ...done,
    }),
    anonymise: useMutation({
      mutationFn: (id: string) =>
        api.request<Customer>('anonymise customer', 'POST', `/api/customers/${id}/anonymise`),
      ...done,
    }),
  };
}

/** A pending online request's review: accept as a hold, decline, or ask for changes; one or bulk. */
function useReviewActions() {
  const { api } = useSession();
  const refresh = useRefreshAll();
  const done = { onSuccess: () => void refresh() };
  return {
    accept: useMutation({
      mutationFn: ({ id, holdHours }: { id: string; holdHours: number }) =>
        api.request('accept booking', 'POST', `/api/bookings/${id}/accept`, { holdHours }),
      ...done,
    }),
    decline: useMutation({
      mutationFn: ({ id, reason, note }: { id: string; reason: string; note?: string }) =>
        api.request('decline booking', 'POST', `/api/bookings/${id}/decline`, { reason, note }),
      ...done,
    }),
    requestChanges: useMutation({
      mutationFn: ({ id, message }: { id: string; message: string }) =>
        api.request('request changes', 'POST', `/api/bookings/${id}/request-changes`, { message }),
      ...done,
    }),
    bulkAccept: useMutation({
      mutationFn: ({
        ids,
        holdHours,
        idempotencyKey,
      }: { ids: string[]; holdHours: number } & RequestOptions) =>
        api.request<BulkResult>(
          'accept bookings',
          'POST',
          '/api/bookings/bulk/accept',
          { ids, holdHours },
          { idempotencyKey },
        ),
      ...done,
    }),
    bulkDecline: useMutation({
      mutationFn: ({ ids, reason, idempotencyKey }: { ids: string[]; reason: string } & RequestOptions) =>
        api.request<BulkResult>(
          'decline bookings',
          'POST',
          '/api/bookings/bulk/decline',
          { ids, reason },
          { idempotencyKey },
        ),
      ...done,
    }),
  };
}

/** The booking a write answered with, whichever envelope the server used. */
export function unwrapBooking(res: unknown): Booking | null {
  if (res && typeof res === 'object') {
    if ('booking' in res) return (res as { booking: Booking }).booking;
    if ('id' in res) return res as Booking;
  }
  return null;
}
