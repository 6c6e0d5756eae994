import { useState } from 'react';
import { Badge, Button, Group, Modal, ScrollArea, Stack, Text } from '@mantine/core';
import { SearchField } from '@venue/ui/search-field';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ApiError,
  DialogActions,
  idempotencyKeys,
  serverMessage,
  useSession,
  type ApiClient,
} from '@venue/ui';
// Paths and messages only; the answers' types are inferred from the contract.
import { MONEY_MESSAGES, MONEY_PATHS, type Invoice, type InvoiceStatus } from '@venue/contracts/money-api';
import type { Booking } from '../api/types.ts';
import { valueCents } from '../shared/deposit.ts';
import { useFormat } from '../shared/format.ts';
import { errorText, toastError, toastSuccess } from '../shared/notify.ts';
import { stop } from '../shared/BookingsTable.tsx';

/** What the user is told, in spec 02 §8's words; `sent` says whether the booking now has its invoice out. */
export interface InvoiceOutcome {
  sent: boolean;
  ok: boolean;
  message: string;
}

function existingOf(error: unknown): { id: string; status: InvoiceStatus } | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const body = error.body as { existingInvoice?: { id: string; status: InvoiceStatus } } | undefined;
  return body?.existingInvoice ?? null;
}

/**
 * Completed → Invoice (spec 02 §2.7, §8): one FINAL invoice per booking, issued at once (so it
 * is e-mailed). A second attempt gets money's 409 naming the existing invoice: a draft is sent
 * then, an issued one is reported as already sent. The key is per booking, so a double click
 * or a retry creates one invoice.
 */
export async function sendFinalInvoice(api: ApiClient, b: Booking, key: string): Promise<InvoiceOutcome> {
  const sentTo = `Invoice sent to ${b.customerName} (${b.customerEmail}).`;
  try {
    await api.request<Invoice>(
      'send invoice',
      'POST',
      MONEY_PATHS.invoices,
      {
        bookingId: b.id,
        invoiceType: 'FINAL',
        description: `${b.eventType || 'Booking'} Final Payment`,
        issue: true,
      },
      { idempotencyKey: key },
    );
    return { sent: true, ok: true, message: sentTo };
  } catch (error) {
    const existing = existingOf(error);
    if (!existing) {
      const message = (error instanceof ApiError && serverMessage(error.body)) || errorText(error);
      if (error instanceof ApiError && error.status === 409 && message === MONEY_MESSAGES.finalExists) {
        return {
          sent: false,
          ok: false,
          message: 'An invoice already exists and could not be located for sending.',
        };
      }
      return { sent: false, ok: false, message: `Failed to send invoice: ${message}` };
    }
    if (existing.status !== 'DRAFT') {
      return { sent: true, ok: true, message: 'Invoice already sent for this booking.' };
    }
    try {
      await api.request('send invoice', 'PUT', MONEY_PATHS.invoiceStatus(existing.id), { status: 'SENT' });
      return { sent: true, ok: true, message: sentTo };
    } catch (again) {
      const message = (again instanceof ApiError && serverMessage(again.body)) || errorText(again);
      return { sent: false, ok: false, message: `Failed to send existing invoice: ${message}` };
    }
  }
}

function useSendInvoice() {
  const { api } = useSession();
  const queryClient = useQueryClient();
  // One key per booking for the life of the page: repeats for that booking are one invoice.
  const [keys] = useState(() => new Map<string, () => string>());
  return useMutation({
    mutationFn: (b: Booking) => {
      let keyFor = keys.get(b.id);
      if (!keyFor) {
        const k = idempotencyKeys();
        keyFor = () => k(b.id);
        keys.set(b.id, keyFor);
      }
      return sendFinalInvoice(api, b, keyFor());
    },
    // Money lists (if the Invoices page is open in this session) are stale now.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['money'] }),
  });
}

/** The row's Invoice button ("Sending…" while busy). Only for users who may use Invoices. */
export function InvoiceButton({ booking }: { booking: Booking }) {
  const { can } = useSession();
  const send = useSendInvoice();
  if (!can('invoices')) return null;
  return (
    <Button
      size="xs"
      variant="light"
      aria-label={`Invoice booking ${booking.bookingCode}`}
      disabled={send.isPending}
      onClick={stop(() =>
        send.mutate(booking, {
          onSuccess: (r) => (r.ok ? toastSuccess(r.message) : toastError('Invoice not sent', r.message)),
        }),
      )}
    >
      {send.isPending ? 'Sending…' : 'Invoice'}
    </Button>
  );
}

/** Completed → Send invoices: the ticked rows, or every row shown, each with its own Send. */
export function SendInvoicesButton({ selected, rows }: { selected: Set<string>; rows: Booking[] }) {
  const { can } = useSession();
  const [offered, setOffered] = useState<Booking[] | null>(null);
  if (!can('invoices')) return null;
  return (
    <>
      <Button
        variant="default"
        onClick={() => setOffered(selected.size > 0 ? rows.filter((b) => selected.has(b.id)) : rows)}
      >
        Send invoices
      </Button>
      {offered ? <SendInvoicesDialog bookings={offered} onClose={() => setOffered(null)} /> : null}
    </>
  );
}

function SendInvoicesDialog({ bookings, onClose }: { bookings: Booking[]; onClose: () => void }) {
  const fmt = useFormat();
  const send = useSendInvoice();
  const [search, setSearch] = useState('');
  const [results, setResults] = useState<Record<string, InvoiceOutcome>>({});
  const [busy, setBusy] = useState<string | null>(null);
  const needle = search.trim().toLowerCase();
  const shown = bookings.filter(
    (b) =>
      !needle ||
      [b.bookingCode, b.customerName, b.customerEmail, b.eventType].some((v) =>
        v?.toLowerCase().includes(needle),
      ),
  );
  const sentCount = Object.values(results).filter((r) => r.sent).length;
  const total = bookings.reduce((s, b) => s + valueCents(b), 0);
  async function sendOne(b: Booking) {
    setBusy(b.id);
    try {
      const r = await send.mutateAsync(b);
      setResults((prev) => ({ ...prev, [b.id]: r }));
    } finally {
      setBusy(null);
    }
  }
  return (
    <Modal opened onClose={onClose} title="Send Invoices" size="lg">
      <Stack>
        <Text size="sm">
          {bookings.length} booking{bookings.length === 1 ? '' : 's'} · {fmt.money(total)} incl. GST · Sent{' '}
          {sentCount}
        </Text>
        <SearchField label="Search" value={search} onSearch={setSearch} />
        {shown.length === 0 ? (
          <Text size="sm" c="dimmed">
            No completed bookings to invoice.
          </Text>
        ) : (
          <ScrollArea.Autosize mah={360}>
            <Stack gap="xs">
              {shown.map((b) => (
                <InvoiceCandidate
                  key={b.id}
                  booking={b}
                  result={results[b.id]}
                  sending={busy === b.id}
                  idle={busy === null}
                  onSend={() => void sendOne(b)}
                />
              ))}
            </Stack>
          </ScrollArea.Autosize>
        )}
        <DialogActions onCancel={onClose} cancelLabel="Close" />
      </Stack>
    </Modal>
  );
}

/** One booking to invoice: what it is, how its send went, and its Send (Sent once sent). */
function InvoiceCandidate({
  booking: b,
  result: r,
  sending,
  idle,
  onSend,
}: {
  booking: Booking;
  result: InvoiceOutcome | undefined;
  sending: boolean;
  /** No send is under way (one at a time). */
  idle: boolean;
  onSend: () => void;
}) {
  const fmt = useFormat();
  return (
    <Group justify="space-between" wrap="nowrap" data-testid="invoice-candidate">
      <Stack gap={0}>
        <Group gap={6}>
          <Text size="sm" fw={600}>
            {b.bookingCode} — {b.customerName}
          </Text>
          <Badge size="xs" variant="light">
            Final
          </Badge>
        </Group>
        <Text size="xs" c="dimmed">
          {b.eventType} · {fmt.date(b.bookingDate)} · {fmt.money(valueCents(b))}
        </Text>
        {r ? (
          <Text size="xs" c={r.ok ? 'green.9' : 'red.9'} role={r.ok ? 'status' : 'alert'}>
            {r.message}
          </Text>
        ) : null}
      </Stack>
      <Button
        size="xs"
        variant={r?.sent ? 'light' : 'filled'}
        disabled={Boolean(r?.sent) || !idle}
        onClick={onSend}
        aria-label={r?.sent ? `Sent ${b.bookingCode}` : `Send invoice for ${b.bookingCode}`}
      >
        {sending ? 'Sending…' : r?.sent ? 'Sent' : 'Send'}
      </Button>
    </Group>
  );
}
