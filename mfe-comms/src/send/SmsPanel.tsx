// Send Email, by SMS (issue 26 item 3): the booking's customer gets an SMS template at their phone,
// with what it costs shown first. The server fills the text, counts the parts and prices them
// (POST /api/email-comms/sms/preview); this panel only shows its answer and sends. Below it, the
// number's opt-out with a button to change it (SmsOptOut).
import { useMemo, useState } from 'react';
import { Alert, Button, Group, NativeSelect, Paper, Stack, Text, Title } from '@mantine/core';
import { idempotencyKeys } from '@venue/ui';
import type { CommsBooking } from '@venue/contracts/comms';
import { useSendSms, useSmsCostPreview, useTemplates } from '../api/hooks.ts';
import { ConfirmDialog } from '@venue/ui/confirm-dialog';
import { errorText, toastError, toastSuccess } from '../shared/notify.ts';
import { SmsOptOut } from './SmsOptOut.tsx';

export function SmsPanel({ booking }: { booking: CommsBooking | null }) {
  const templates = useTemplates();
  const sms = (templates.data?.templates ?? []).filter((t) => t.type === 'sms' && t.isActive);
  const [templateId, setTemplateId] = useState<string>('');
  const [confirming, setConfirming] = useState(false);
  const [keyFor, setKeyFor] = useState(idempotencyKeys);
  const chosen = templateId || sms[0]?.id || '';
  const input = useMemo(
    () => (booking && chosen ? { templateId: chosen, bookingIds: [booking.id] } : null),
    [booking, chosen],
  );
  const cost = useSmsCostPreview(input);
  const send = useSendSms();
  const skipped = cost.data?.skipped[0]?.reason ?? null;
  const ready = Boolean(booking && chosen && cost.data && cost.data.messages > 0);

  function confirmSend() {
    if (!booking) return;
    const payload = { templateId: chosen, bookingId: booking.id };
    send.mutate(
      { payload, key: keyFor(payload) },
      {
        onSuccess: (answer) => {
          setConfirming(false);
          toastSuccess(answer.notice ?? `SMS queued for ${answer.sms.to}.`, 'SMS');
          setKeyFor(() => idempotencyKeys());
        },
        onError: (error) => {
          setConfirming(false);
          toastError(errorText(error, 'Failed to send SMS'));
        },
      },
    );
  }

  return (
    <Paper withBorder p="md" radius="md" data-testid="sms-panel">
      <Title order={2} fz="lg" mb="sm">
        Send by SMS
      </Title>
      {!booking ? (
        <Text size="sm" c="dimmed">
          Choose a booking to text its customer.
        </Text>
      ) : (
        <Stack gap="sm">
          <NativeSelect
            label="SMS template"
            value={chosen}
            disabled={templates.isPending || sms.length === 0}
            onChange={(e) => setTemplateId(e.currentTarget.value)}
            data={
              sms.length
                ? sms.map((t) => ({ value: t.id, label: t.name }))
                : [
                    {
                      value: '',
                      label: templates.isPending ? 'Loading templates...' : 'No active SMS template',
                    },
                  ]
            }
          />
          {cost.isPending && input ? (
            <Text size="sm" c="dimmed">
              Counting the cost...
            </Text>
          ) : cost.isError ? (
            <Alert color="red" role="alert">
              The cost could not be counted: {cost.error.message}
            </Alert>
          ) : cost.data ? (
            <Text size="sm" data-testid="sms-cost">
              {cost.data.summary}
              {cost.data.encodings.includes('UCS-2') ? ' (special characters: 70 a part)' : ''}
            </Text>
          ) : null}
          {skipped ? (
            <Alert color="orange" role="alert" data-testid="sms-skipped">
              {skipped}
            </Alert>
          ) : null}
          <SmsOptOut bookingId={booking.id} />
          <Group justify="flex-end">
            <Button
              variant="light"
              disabled={!ready}
              loading={send.isPending}
              onClick={() => setConfirming(true)}
            >
              Send SMS
            </Button>
          </Group>
        </Stack>
      )}
      <ConfirmDialog
        opened={confirming}
        title="Send this SMS?"
        confirmLabel="Send SMS"
        busy={send.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={confirmSend}
      >
        <Text size="sm">
          To the customer of {booking?.bookingCode}: {cost.data?.summary}. Between 20:00 and 08:00 at the
          venue it waits until 08:00.
        </Text>
      </ConfirmDialog>
    </Paper>
  );
}
