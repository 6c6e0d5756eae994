import { useMemo, useState } from 'react';
import { Alert, Button, Checkbox, Group, Loader, Modal, Radio, ScrollArea, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { idempotencyKeys, useSession } from '@venue/ui';
// Types only: the answer carries its own message, so zod stays out of this page's chunk.
import type {
  ReminderChannel,
  SendRemindersRequest,
  SendRemindersResponse,
  SmsCostPreview,
} from '@venue/contracts/comms';
import type { Booking } from '../api/types.ts';
import { useFormat } from '../shared/format.ts';
import { errorText, toastError, toastSuccess } from '../shared/notify.ts';

/**
 * Bookings — Confirmed → Send reminders (spec 02 §2.6, §5.2, §8; issue 12 item 7). The picker
 * offers the ticked rows, or every row the filters show when none is ticked; comms queues one
 * reminder per booking and channel and answers each booking's result. By SMS (issue 26 item 3) the
 * server's cost summary (POST /api/email-comms/sms/preview, the same text the send would queue) is
 * shown before the send is allowed: the page never counts segments itself.
 */
const CHANNEL_CHOICES: Array<{ value: ReminderChannel; label: string }> = [
  { value: 'email', label: 'E-mail' },
  { value: 'sms', label: 'SMS' },
  { value: 'both', label: 'E-mail and SMS' },
];

interface SentBoth {
  answers: SendRemindersResponse[];
}

export function SendRemindersButton({ selected, rows }: { selected: Set<string>; rows: Booking[] }) {
  const [offered, setOffered] = useState<Booking[] | null>(null);
  const [opening, setOpening] = useState(0);
  function open() {
    const picked = selected.size > 0 ? rows.filter((b) => selected.has(b.id)) : rows;
    if (picked.length === 0) {
      toastError('No Bookings', 'Select bookings or adjust filters to send reminders.');
      return;
    }
    setOffered(picked);
    setOpening((n) => n + 1);
  }
  return (
    <>
      <Button variant="default" onClick={open}>
        Send reminders
      </Button>
      {offered ? <RemindersPicker key={opening} bookings={offered} onClose={() => setOffered(null)} /> : null}
    </>
  );
}

function RemindersPicker({ bookings, onClose }: { bookings: Booking[]; onClose: () => void }) {
  const { api } = useSession();
  const fmt = useFormat();
  const queryClient = useQueryClient();
  const [ticked, setTicked] = useState<Set<string>>(() => new Set(bookings.map((b) => b.id)));
  const [failures, setFailures] = useState<Map<string, string>>(new Map());
  const [channel, setChannel] = useState<ReminderChannel>('email');
  const [keyFor] = useState(idempotencyKeys);
  const bySms = channel !== 'email';
  const tickedIds = useMemo(
    () => bookings.filter((b) => ticked.has(b.id)).map((b) => b.id),
    [bookings, ticked],
  );
  // The server fills the SMS Event reminder template for each booking as the send would and prices it.
  const cost = useQuery({
    queryKey: ['comms', 'sms-preview', 'event-reminder', tickedIds],
    enabled: bySms && tickedIds.length > 0,
    retry: false,
    queryFn: () =>
      api.api<SmsCostPreview>('/api/email-comms/sms/preview', {
        method: 'POST',
        body: { bookingIds: tickedIds },
      }),
  });
  // The server takes one channel per request: "both" is an e-mail request, then an SMS request.
  const send = useMutation({
    mutationFn: async (body: { bookingIds: string[]; channel: ReminderChannel }): Promise<SentBoth> => {
      const channels: Array<'email' | 'sms'> = body.channel === 'both' ? ['email', 'sms'] : [body.channel];
      const answers: SendRemindersResponse[] = [];
      for (const ch of channels) {
        const one: SendRemindersRequest = { bookingIds: body.bookingIds, channel: ch };
        answers.push(
          await api.api<SendRemindersResponse>('/api/email-comms/reminders', {
            method: 'POST',
            body: one,
            idempotencyKey: keyFor(one),
          }),
        );
      }
      return { answers };
    },
  });
  const costReady = !bySms || (cost.isSuccess && !cost.isFetching);
  const labelOf = (id: string) => {
    const b = bookings.find((x) => x.id === id);
    return b ? `${b.bookingCode} — ${b.customerName}` : id;
  };

  function toggle(id: string, on: boolean) {
    setTicked((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  }

  function submit() {
    if (ticked.size === 0) {
      toastError('No Bookings Selected', 'Choose at least one booking to send reminders.');
      return;
    }
    const bookingIds = tickedIds;
    send.mutate(
      { bookingIds, channel },
      {
        onSuccess: ({ answers }) => {
          void queryClient.invalidateQueries({ queryKey: ['comms'] });
          const many = answers.length > 1;
          answers.forEach((answer, i) => {
            const title = many ? (i === 0 ? 'E-mail: ' : 'SMS: ') : '';
            if (answer.sent === 0) toastError(`${title}Failed to Send`, answer.message);
            else toastSuccess(`${title}Reminders Sent`, answer.message);
          });
          // A booking failed by either channel keeps its reason(s).
          const reasons = new Map<string, string>();
          answers.forEach((answer, i) => {
            for (const r of answer.results.filter((x) => x.status === 'failed')) {
              const why = (many ? (i === 0 ? 'E-mail: ' : 'SMS: ') : '') + (r.message ?? 'Not sent');
              reasons.set(
                r.bookingId,
                reasons.has(r.bookingId) ? `${reasons.get(r.bookingId)}; ${why}` : why,
              );
            }
          });
          const failed = [...reasons].map(([bookingId, message]) => ({ bookingId, message }));
          if (failed.length === 0) {
            onClose();
            return;
          }
          // What failed stays ticked with its reason, so it can be corrected and sent again.
          setFailures(reasons);
          setTicked(new Set(failed.map((r) => r.bookingId)));
        },
        onError: (error) => toastError('Error Sending Reminders', errorText(error)),
      },
    );
  }

  return (
    <Modal opened onClose={onClose} title="Send Event Reminders" size="lg" centered>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          Each ticked booking's customer gets one reminder about their event.
        </Text>
        <Radio.Group
          label="Send by"
          value={channel}
          onChange={(v) => setChannel(v as ReminderChannel)}
          name="reminder-channel"
        >
          <Group gap="md" mt={4}>
            {CHANNEL_CHOICES.map((c) => (
              <Radio key={c.value} value={c.value} label={c.label} />
            ))}
          </Group>
        </Radio.Group>
        <Group justify="space-between">
          <Text size="sm" fw={500} aria-live="polite" data-testid="reminders-selected">
            {ticked.size} selected
          </Text>
          <Group gap="xs">
            <Button size="xs" variant="default" onClick={() => setTicked(new Set(bookings.map((b) => b.id)))}>
              Select all
            </Button>
            <Button size="xs" variant="default" onClick={() => setTicked(new Set())}>
              Clear
            </Button>
          </Group>
        </Group>
        <ScrollArea.Autosize mah={360} type="auto">
          <Stack gap="xs" role="group" aria-label="Bookings to remind">
            {bookings.map((b) => (
              <Checkbox
                key={b.id}
                checked={ticked.has(b.id)}
                onChange={(e) => toggle(b.id, e.currentTarget.checked)}
                label={`${b.bookingCode} — ${b.customerName}`}
                description={`${fmt.slot(b)} · ${b.resourceName} · ${
                  bySms && channel === 'sms'
                    ? b.customerPhone || 'no phone number'
                    : b.customerEmail || 'no e-mail address'
                }`}
                error={failures.get(b.id)}
              />
            ))}
          </Stack>
        </ScrollArea.Autosize>
        {bySms && tickedIds.length > 0 ? (
          <Alert
            color={cost.isError ? 'red' : 'blue'}
            title="SMS cost"
            data-testid="sms-cost"
            aria-live="polite"
            aria-busy={cost.isFetching}
          >
            {cost.isFetching ? (
              <Group gap="xs">
                <Loader size="xs" aria-hidden />
                <Text size="sm">Counting the SMS…</Text>
              </Group>
            ) : cost.isError ? (
              <Stack gap={4}>
                <Text size="sm">Could not work out the SMS cost: {errorText(cost.error)}</Text>
                <Group>
                  <Button size="xs" variant="default" onClick={() => void cost.refetch()}>
                    Try again
                  </Button>
                </Group>
              </Stack>
            ) : cost.data ? (
              <Stack gap={4}>
                <Text size="sm" fw={500} data-testid="sms-cost-summary">
                  {cost.data.summary}
                </Text>
                {cost.data.encodings.includes('UCS-2') ? (
                  <Text size="xs" c="dimmed">
                    Some characters are not GSM-7: those messages travel in shorter parts.
                  </Text>
                ) : null}
                {cost.data.skipped.length > 0 ? (
                  <Stack gap={2}>
                    <Text size="sm">No SMS for:</Text>
                    <ul style={{ margin: 0, paddingLeft: '1.2em' }} aria-label="Bookings that get no SMS">
                      {cost.data.skipped.map((s) => (
                        <li key={s.bookingId}>
                          <Text size="sm" span>
                            {labelOf(s.bookingId)}: {s.reason}
                          </Text>
                        </li>
                      ))}
                    </ul>
                  </Stack>
                ) : null}
              </Stack>
            ) : null}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={submit} disabled={send.isPending || (ticked.size > 0 && !costReady)}>
            {send.isPending ? 'Sending…' : 'Send Reminders'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
