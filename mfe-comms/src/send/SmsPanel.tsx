// Send Email, by SMS (issue 26 item 3): the booking's customer gets an SMS template at their phone,
// with what it costs shown first. The server fills the text, counts the parts and prices them
// (POST /api/email-comms/sms/preview); this panel only shows its answer and sends. Below it, the
// number's opt-out with a button to change it (SmsOptOut).
import { useMemo, useState } from 'react';
import { Alert, Button, Group, NativeSelect, Paper, Stack, Text, Title } from '@mantine/core';
import { useForm, useWatch } from 'react-hook-form';
import { contractResolver } from '@venue/ui/contract-form';
import { fieldErrorsOf, idempotencyKeys } from '@venue/ui';
import { sendSmsSchema, type CommsBooking, type SmsCostPreview } from '@venue/contracts/comms';
import { useSendSms, useSmsCostPreview, useTemplates } from '../api/hooks.ts';
import { ConfirmDialog } from '@venue/ui/confirm-dialog';
import { errorText, toastError, toastSuccess } from '../shared/notify.ts';
import { SmsOptOut } from './SmsOptOut.tsx';

/** The template picked ('' until one is: the first is meant). */
interface SmsDraft {
  templateId: string;
}
/** What the send adds to the draft: the booking, and the template meant by ''. */
interface SmsContext {
  bookingId: string | undefined;
  first: string;
}

const smsPayload = (d: SmsDraft, c: SmsContext) => ({
  templateId: d.templateId || c.first,
  bookingId: c.bookingId,
});

/**
 * The send body the draft makes, checked by the contract's own schema (POST /api/email-comms/sms
 * parses the same): its first problem is the template's, as the panel has no other box. The
 * draft is what the submit gets (`raw`).
 */
const smsResolver = (context: SmsContext) =>
  contractResolver<SmsDraft, SmsDraft>({
    schema: sendSmsSchema,
    toBody: (d) => smsPayload(d, context),
    fieldOf: () => 'templateId',
    raw: true,
  });

/** The SMS templates on offer and the form that picks one (the first, until another is). */
function useSmsTemplateForm(booking: CommsBooking | null) {
  const templates = useTemplates();
  const sms = (templates.data?.templates ?? []).filter((t) => t.type === 'sms' && t.isActive);
  const context = { bookingId: booking?.id, first: sms[0]?.id ?? '' };
  const form = useForm<SmsDraft>({
    // Made again each render: the booking and the first template are this render's.
    resolver: smsResolver(context),
    defaultValues: { templateId: '' },
  });
  const picked = useWatch({ control: form.control, name: 'templateId' });
  const chosen = smsPayload({ templateId: picked }, context).templateId;
  const select = (
    <NativeSelect
      label="SMS template"
      {...form.register('templateId')}
      value={chosen}
      error={form.formState.errors.templateId?.message}
      disabled={templates.isPending || sms.length === 0}
      data={
        sms.length
          ? sms.map((t) => ({ value: t.id, label: t.name }))
          : [{ value: '', label: templates.isPending ? 'Loading templates...' : 'No active SMS template' }]
      }
    />
  );
  return { form, chosen, select };
}

export function SmsPanel({ booking }: { booking: CommsBooking | null }) {
  const { form, chosen, select } = useSmsTemplateForm(booking);
  const [confirming, setConfirming] = useState(false);
  const [keyFor, setKeyFor] = useState(idempotencyKeys);
  const input = useMemo(
    () => (booking && chosen ? { templateId: chosen, bookingIds: [booking.id] } : null),
    [booking, chosen],
  );
  const cost = useSmsCostPreview(input);
  const send = useSendSms();
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
          // What the server says of the template or the text is the template's to show.
          const { templateId, customBody } = fieldErrorsOf(error);
          const message = templateId ?? customBody;
          if (message) form.setError('templateId', { type: 'server', message });
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
          {select}
          <SmsCost cost={cost} counting={Boolean(input)} />
          <SmsOptOut bookingId={booking.id} />
          <Group justify="flex-end">
            <Button
              variant="light"
              disabled={!ready}
              loading={send.isPending}
              onClick={() => void form.handleSubmit(() => setConfirming(true))()}
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

/** The server's count and price of the SMS, or why this customer gets none. */
function SmsCost({ cost, counting }: { cost: ReturnType<typeof useSmsCostPreview>; counting: boolean }) {
  const skipped = cost.data?.skipped[0]?.reason ?? null;
  return (
    <>
      {cost.isPending && counting ? (
        <Text size="sm" c="dimmed">
          Counting the cost...
        </Text>
      ) : cost.isError ? (
        <Alert color="red" role="alert">
          The cost could not be counted: {cost.error.message}
        </Alert>
      ) : cost.data ? (
        <Text size="sm" data-testid="sms-cost">
          {costSummary(cost.data)}
        </Text>
      ) : null}
      {skipped ? (
        <Alert color="orange" role="alert" data-testid="sms-skipped">
          {skipped}
        </Alert>
      ) : null}
    </>
  );
}

const costSummary = (c: SmsCostPreview) =>
  `${c.summary}${c.encodings.includes('UCS-2') ? ' (special characters: 70 a part)' : ''}`;
