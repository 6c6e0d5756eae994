/**
 * The comms API as the screens use it (contract: @venue/contracts/comms). Types only are taken
 * from the contract here (`import type`), so zod stays out of this module; forms that validate
 * import the schemas themselves.
 */
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSession } from '@venue/ui';
import type {
  BounceResponse,
  CapturedMailDetail,
  CustomerBookingsResponse,
  CustomerListResponse,
  EmailDetail,
  HistoryResponse,
  MailPreviewList,
  SendEmailResponse,
  SendEmailRequest,
  SendSmsRequest,
  SendSmsResponse,
  SmsCostPreview,
  SmsCostPreviewRequest,
  SmsOptOutChanged,
  SmsOptOutResponse,
  TemplateListResponse,
  TemplatePreview,
  TemplatePreviewRequest,
  TemplateResponse,
  TemplateCreate,
  TemplateUpdate,
} from '@venue/contracts/comms';
import { keys } from './keys.ts';

const HISTORY_PAGE = 25;

function query(params: Record<string, string | undefined>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '') q.set(k, v);
  const s = q.toString();
  return s ? `?${s}` : '';
}

export function useTemplates() {
  const { api } = useSession();
  return useQuery({
    queryKey: keys.templates,
    queryFn: () => api.request<TemplateListResponse>('fetch templates', 'GET', '/api/email-templates'),
  });
}

export function useSaveTemplate() {
  const { api } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body, key }: { id?: string; body: TemplateCreate | TemplateUpdate; key: string }) =>
      id
        ? api.request<TemplateResponse>('update template', 'PUT', `/api/email-templates/${id}`, body)
        : api.request<TemplateResponse>('create template', 'POST', '/api/email-templates', body, {
            idempotencyKey: key,
          }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.templates }),
  });
}

export function useDeleteTemplate() {
  const { api } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api.request<{ message: string }>('delete template', 'DELETE', `/api/email-templates/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.templates }),
  });
}

export function useTemplatePreview() {
  const { api } = useSession();
  return useMutation({
    mutationFn: (body: TemplatePreviewRequest) =>
      api.request<TemplatePreview>('preview template', 'POST', '/api/email-templates/preview', body),
  });
}

/**
 * The Send Email preview with a booking chosen: the server fills the text exactly as it will when
 * sending (its own date and money wording), so the preview and the mail cannot differ.
 */
export function useSendPreview(input: TemplatePreviewRequest | null) {
  const { api } = useSession();
  return useQuery({
    queryKey: ['comms', 'send-preview', input] as const,
    queryFn: () =>
      api.request<TemplatePreview>('preview email', 'POST', '/api/email-templates/preview', input),
    enabled: input !== null,
    staleTime: Infinity,
    placeholderData: (previous) => previous,
  });
}

export function useCustomers(search: string) {
  const { api } = useSession();
  return useQuery({
    queryKey: keys.customers(search),
    queryFn: () =>
      api.request<CustomerListResponse>(
        'fetch customers',
        'GET',
        `/api/email-comms/customers${query({ search: search.trim() || undefined, limit: '50' })}`,
      ),
    placeholderData: (previous) => previous,
  });
}

export function useCustomerBookings(email: string | null) {
  const { api } = useSession();
  return useQuery({
    queryKey: keys.customerBookings(email ?? ''),
    queryFn: () =>
      api.request<CustomerBookingsResponse>(
        'fetch customer bookings',
        'GET',
        `/api/email-comms/bookings/${encodeURIComponent(email ?? '')}`,
      ),
    enabled: Boolean(email),
  });
}

/** Whether mail to the address bounced before (issue 12 item 8): the page warns before sending. */
export function useBounce(email: string | null) {
  const { api } = useSession();
  return useQuery({
    queryKey: keys.bounce(email ?? ''),
    queryFn: () =>
      api.request<BounceResponse>(
        'check the address',
        'GET',
        `/api/email-comms/bounces${query({ email: email ?? '' })}`,
      ),
    enabled: Boolean(email),
    staleTime: 30_000,
  });
}

/** The address was corrected at the customer's end: comms stops warning about it. */
export function useClearBounce() {
  const { api } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: string) =>
      api.request<{ message: string }>(
        'clear the bounce',
        'DELETE',
        `/api/email-comms/bounces${query({ email })}`,
      ),
    onSuccess: (_answer, email) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: keys.bounce(email) }),
        queryClient.invalidateQueries({ queryKey: ['comms', 'customers'] }),
      ]),
  });
}

/** POST /api/email-comms/send: JSON, or multipart (payload part + attachments) with files. */
export function useSendEmail() {
  const { api } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ payload, files, key }: { payload: SendEmailRequest; files: File[]; key: string }) => {
      let body: unknown = payload;
      if (files.length > 0) {
        const form = new FormData();
        form.append('payload', JSON.stringify(payload));
        for (const file of files) form.append('attachments', file, file.name);
        body = form;
      }
      return api.request<SendEmailResponse>('send email', 'POST', '/api/email-comms/send', body, {
        idempotencyKey: key,
      });
    },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: keys.history }),
        queryClient.invalidateQueries({ queryKey: keys.mailPreview }),
      ]),
  });
}

/**
 * What an SMS send would cost (issue 26): the server fills the template for each booking and
 * counts the parts at the operator's price; the page only shows its answer.
 */
export function useSmsCostPreview(input: SmsCostPreviewRequest | null) {
  const { api } = useSession();
  return useQuery({
    queryKey: ['comms', 'sms-preview', input] as const,
    queryFn: () =>
      api.request<SmsCostPreview>('count the SMS cost', 'POST', '/api/email-comms/sms/preview', input),
    enabled: input !== null,
    staleTime: 30_000,
  });
}

/** POST /api/email-comms/sms: one SMS, queued (it waits until 08:00 at night; `notice` says so). */
export function useSendSms() {
  const { api } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ payload, key }: { payload: SendSmsRequest; key: string }) =>
      api.request<SendSmsResponse>('send SMS', 'POST', '/api/email-comms/sms', payload, {
        idempotencyKey: key,
      }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: keys.history }),
        queryClient.invalidateQueries({ queryKey: keys.mailPreview }),
      ]),
  });
}

/** Whether the booking's customer phone is opted out of the venue's SMS (and since when, why). */
export function useSmsOptOut(bookingId: string | null) {
  const { api } = useSession();
  return useQuery({
    queryKey: keys.smsOptOut(bookingId ?? ''),
    queryFn: () =>
      api.request<SmsOptOutResponse>(
        'check the SMS opt-out',
        'GET',
        `/api/email-comms/sms/opt-outs${query({ bookingId: bookingId ?? '' })}`,
      ),
    enabled: Boolean(bookingId),
  });
}

/** Staff mark a number opted out of SMS (PUT), or opt it back in (DELETE). */
export function useChangeSmsOptOut() {
  const { api } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ phone, optOut }: { phone: string; optOut: boolean }) =>
      optOut
        ? api.request<SmsOptOutChanged>('opt the number out of SMS', 'PUT', '/api/email-comms/sms/opt-outs', {
            phone,
          })
        : api.request<SmsOptOutChanged>(
            'opt the number back in to SMS',
            'DELETE',
            `/api/email-comms/sms/opt-outs${query({ phone })}`,
          ),
    // the state shown, and the cost preview's "skipped: opted out"
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['comms', 'sms-opt-out'] }),
        queryClient.invalidateQueries({ queryKey: ['comms', 'sms-preview'] }),
      ]),
  });
}

export function useHistory(status: string, search: string, channel = 'all') {
  const { api } = useSession();
  return useInfiniteQuery({
    queryKey: [...keys.historyList(status, search), channel],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) =>
      api.request<HistoryResponse>(
        'fetch message history',
        'GET',
        `/api/email-comms/history${query({
          status: status === 'all' ? undefined : status,
          channel: channel === 'all' ? undefined : channel,
          search: search.trim() || undefined,
          limit: String(HISTORY_PAGE),
          cursor: pageParam ?? undefined,
        })}`,
      ),
    getNextPageParam: (last) => (last.hasMore ? last.nextCursor : null),
    placeholderData: (previous) => previous,
  });
}

export function useEmailDetail(id: string | null) {
  const { api } = useSession();
  return useQuery({
    queryKey: keys.email(id ?? ''),
    queryFn: () =>
      api
        .request<{ email: EmailDetail }>('fetch email', 'GET', `/api/email-comms/history/${id}`)
        .then((r) => r.email),
    enabled: Boolean(id),
  });
}

export function useMailPreview() {
  const { api } = useSession();
  return useQuery({
    queryKey: keys.mailPreview,
    queryFn: () =>
      api.request<MailPreviewList>('fetch captured mail', 'GET', '/api/email-comms/mail-preview?limit=200'),
  });
}

export function useCapturedMail(id: string | null) {
  const { api } = useSession();
  return useQuery({
    queryKey: keys.capturedMail(id ?? ''),
    queryFn: () =>
      api
        .request<{ mail: CapturedMailDetail }>(
          'fetch captured mail',
          'GET',
          `/api/email-comms/mail-preview/${id}`,
        )
        .then((r) => r.mail),
    enabled: Boolean(id),
  });
}
