// The SMS opt-out of the booking's customer phone (issue 26 item 3), beside Send by SMS: whether
// the number is opted out, since when and why ("replied STOP", "marked by <staff>"), and a button
// to opt it out (the customer asked by phone or in writing) or back in, asked first. The server
// records who and when and refuses SMS to an opted-out number; this only shows and asks.
import { useId, useState } from 'react';
import { Alert, Button, Group, Text } from '@mantine/core';
import { smsOptOutText, type SmsOptOut as SmsOptOutState } from '@venue/contracts/comms';
import { useChangeSmsOptOut, useSmsOptOut } from '../api/hooks.ts';
import { ConfirmDialog } from '@venue/ui/confirm-dialog';
import { useCommsFormat } from '../shared/format.ts';
import { errorText, toastSuccess } from '../shared/notify.ts';

export function SmsOptOut({ bookingId }: { bookingId: string }) {
  const state = useSmsOptOut(bookingId);
  if (state.isPending)
    return (
      <Text size="sm" c="dimmed">
        Checking the SMS opt-out...
      </Text>
    );
  if (state.isError)
    return (
      <Alert color="red" role="alert" data-testid="sms-opt-out-error">
        Whether this number is opted out of SMS could not be read: {state.error.message}
      </Alert>
    );
  const o = state.data.optOut;
  // No phone: the cost line already says so; nothing to opt out.
  return o.phone ? <OptOutChange optOut={o} phone={o.phone} /> : null;
}

/** The number's state and the button that changes it, asked first. */
function OptOutChange({ optOut: o, phone }: { optOut: SmsOptOutState; phone: string }) {
  const change = useChangeSmsOptOut();
  const fmt = useCommsFormat();
  const [confirming, setConfirming] = useState(false);
  const statusId = useId();
  const optedOut = o.optedOut;
  const text = optedOut
    ? smsOptOutText(o, fmt.date(o.optedOutAt ?? ''))
    : `${phone} can get SMS from the venue.`;

  function close() {
    setConfirming(false);
    change.reset();
  }

  function confirm() {
    change.mutate(
      { phone, optOut: !optedOut },
      {
        onSuccess: (answer) => {
          setConfirming(false);
          toastSuccess(answer.message, 'SMS');
        },
      },
    );
  }

  return (
    <>
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Text size="sm" id={statusId} data-testid="sms-opt-out" c={optedOut ? 'orange.8' : undefined}>
          {text}
        </Text>
        <Button variant="default" size="xs" aria-describedby={statusId} onClick={() => setConfirming(true)}>
          {optedOut ? 'Opt back in to SMS' : 'Opt out of SMS'}
        </Button>
      </Group>
      <ConfirmDialog
        opened={confirming}
        title={optedOut ? 'Opt this number back in to SMS?' : 'Opt this number out of SMS?'}
        confirmLabel={optedOut ? 'Opt back in' : 'Opt out'}
        confirmColor={optedOut ? undefined : 'orange'}
        busy={change.isPending}
        onClose={close}
        onConfirm={confirm}
      >
        <Text size="sm">
          {optedOut
            ? `Only when the customer has asked for SMS again: ${phone} will get the venue's SMS again, from a person and by automatic reminders.`
            : `${phone} will get no SMS from the venue, from a person or by automatic reminders, until it is opted back in. You are recorded as having marked it.`}
        </Text>
        {change.isError ? (
          <Alert color="red" role="alert">
            {errorText(
              change.error,
              optedOut ? 'Could not opt the number back in' : 'Could not opt the number out',
            )}
          </Alert>
        ) : null}
      </ConfirmDialog>
    </>
  );
}
