import { useState } from 'react';
import { Button, Checkbox, Group, Modal, ScrollArea, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { idempotencyKeys, useSession } from '@venue/ui';
// Types only: the answer carries its own message, so zod stays out of this page's chunk.
import type { SendRemindersRequest, SendRemindersResponse } from '@venue/contracts/comms';
import type { Booking } from '../../api/types.ts';
import { useFormat } from '../../lib/format.ts';
import { errorText, toastError, toastSuccess } from '../../lib/notify.ts';

/**
 * Bookings — Confirmed → Send reminders (spec 02 §2.6, §5.2, §8; issue 12 item 7). The picker
 * offers the ticked rows, or every row the filters show when none is ticked; comms queues one
 * reminder e-mail per booking and answers each booking's result.
 */
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
  const [keyFor] = useState(idempotencyKeys);
  const send = useMutation({
    mutationFn: (body: SendRemindersRequest) =>
      api.api<SendRemindersResponse>('/api/email-comms/reminders', {
        method: 'POST',
        body,
        idempotencyKey: keyFor(body),
      }),
  });

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
    const bookingIds = bookings.filter((b) => ticked.has(b.id)).map((b) => b.id);
    send.mutate(
      { bookingIds },
      {
        onSuccess: (answer) => {
          void queryClient.invalidateQueries({ queryKey: ['comms'] });
          if (answer.sent === 0) toastError('Failed to Send', answer.message);
          else toastSuccess('Reminders Sent', answer.message);
          const failed = answer.results.filter((r) => r.status === 'failed');
          if (failed.length === 0) {
            onClose();
            return;
          }
          // What failed stays ticked with its reason, so it can be corrected and sent again.
          setFailures(new Map(failed.map((r) => [r.bookingId, r.message ?? 'Not sent'])));
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
          Each ticked booking's customer gets one reminder e-mail about their event.
        </Text>
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
                description={`${fmt.slot(b)} · ${b.resourceName} · ${b.customerEmail || 'no e-mail address'}`}
                error={failures.get(b.id)}
              />
            ))}
          </Stack>
        </ScrollArea.Autosize>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={submit} disabled={send.isPending}>
            {send.isPending ? 'Sending…' : 'Send Reminders'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
