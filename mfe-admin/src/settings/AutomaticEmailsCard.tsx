import { useEffect, useState } from 'react';
import {
  Alert,
  Button,
  Card,
  Group,
  NativeSelect,
  NumberInput,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import { LoadingState, useSession } from '@venue/ui';
import { messageOr } from '../shared/errors.ts';
import { FlashMessage, useFlash } from '../shared/flash.tsx';
import {
  AUTOMATIC_EMAILS,
  REMINDER_CHANNEL_OPTIONS,
  SEND_HOURS,
  SMS_CHANNEL_LABELS,
  isSmsCapable,
  hourLabel,
  useCommsSettings,
  useSaveCommsSettings,
  type CommsSettings,
  type ReminderChannel,
} from './automatic-emails.ts';

const LOAD_FAILED = "Couldn't load the automatic e-mail settings. Please try again.";
const SAVE_FAILED = "Oops! We couldn't save the automatic e-mail settings. Please try again.";
const OWNER_ONLY = 'Only the hall owner can change which e-mails go out automatically.';

type Edit = (update: (form: CommsSettings) => CommsSettings) => void;

/**
 * Settings → General: which e-mails comms sends on its own, how many days before an event the
 * reminder goes, and the venue-local hour scheduled e-mails (reminders, hold expiring) go out.
 * Edited as one form; the server's answer (and its message or refusal) is what the card shows.
 */
export function AutomaticEmailsCard() {
  const { role } = useSession();
  const canEdit = role === 'hall_owner' || role === 'super_admin';
  const query = useCommsSettings();
  const save = useSaveCommsSettings();
  const flash = useFlash();
  const [form, setForm] = useState<CommsSettings | null>(null);

  // The form starts from the server's copy, and follows it after each save.
  useEffect(() => {
    if (query.data) setForm(query.data);
  }, [query.data]);

  const edit: Edit = (update) => setForm((f) => (f ? update(f) : f));
  const submit = () => {
    if (!form) return;
    save.mutate(form, {
      onSuccess: (answer) => flash.success(answer.message ?? 'Email settings saved.'),
      onError: (error) => flash.error(messageOr(error, SAVE_FAILED)),
    });
  };

  return (
    <Card withBorder padding="lg" data-testid="automatic-emails">
      <Title order={2} fz="lg" mb={4}>
        Automatic e-mails
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        E-mails sent to customers on their own, once per booking or invoice. Each uses its template under
        Communications.
      </Text>
      <FlashMessage flash={flash.flash} testId="automatic-emails-flash" />
      {query.isError ? (
        <Alert color="red" variant="light" role="alert">
          {messageOr(query.error, LOAD_FAILED)}
        </Alert>
      ) : !form ? (
        <LoadingState label="Loading automatic e-mails..." />
      ) : (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <Stack gap="sm">
            {AUTOMATIC_EMAILS.map((email) => (
              <EmailSwitch key={email.kind} email={email} form={form} canEdit={canEdit} edit={edit} />
            ))}
            <ScheduleFields form={form} canEdit={canEdit} edit={edit} />
            {canEdit ? (
              <Group justify="flex-end">
                <Button type="submit" loading={save.isPending}>
                  Save Automatic E-mails
                </Button>
              </Group>
            ) : (
              <Text size="sm" c="dimmed">
                {OWNER_ONLY}
              </Text>
            )}
          </Stack>
        </form>
      )}
    </Card>
  );
}

/** One automatic e-mail's switch; a reminder also chooses e-mail, SMS or both. */
function EmailSwitch({
  email: { kind, label, description },
  form,
  canEdit,
  edit,
}: {
  email: (typeof AUTOMATIC_EMAILS)[number];
  form: CommsSettings;
  canEdit: boolean;
  edit: Edit;
}) {
  return (
    <Stack gap={4}>
      <Switch
        label={label}
        description={description}
        checked={form.automatic[kind]}
        disabled={!canEdit}
        onChange={(e) => {
          const on = e.currentTarget.checked;
          edit((f) => ({ ...f, automatic: { ...f.automatic, [kind]: on } }));
        }}
      />
      {isSmsCapable(kind) ? (
        // Reminders may go by SMS too (issue 26): to the customer's phone, in the SMS template.
        <NativeSelect
          ml={54}
          maw={260}
          size="xs"
          label={SMS_CHANNEL_LABELS[kind]}
          data={REMINDER_CHANNEL_OPTIONS.map((o) => ({ value: o.value, label: o.label }))}
          value={form.channels?.[kind] ?? 'email'}
          disabled={!canEdit || !form.automatic[kind]}
          onChange={(e) => {
            const channel = e.currentTarget.value as ReminderChannel;
            edit((f) => ({
              ...f,
              channels: {
                event_reminder: f.channels?.event_reminder ?? 'email',
                payment_reminder: f.channels?.payment_reminder ?? 'email',
                [kind]: channel,
              },
            }));
          }}
        />
      ) : null}
    </Stack>
  );
}

/** When the scheduled e-mails go: the reminder's days before the event, and the hour. */
function ScheduleFields({ form, canEdit, edit }: { form: CommsSettings; canEdit: boolean; edit: Edit }) {
  return (
    <Group grow align="flex-start" mt="sm">
      <NumberInput
        label="Event reminder days before"
        description="How many days before the event the reminder goes (1–30)."
        min={1}
        max={30}
        allowDecimal={false}
        allowNegative={false}
        value={form.reminderDaysBefore}
        disabled={!canEdit}
        onChange={(v) => edit((f) => ({ ...f, reminderDaysBefore: typeof v === 'number' ? v : Number(v) }))}
      />
      <NativeSelect
        label="Send hour"
        description="Reminders and hold notices go out at this hour, venue time."
        data={SEND_HOURS.map((h) => ({ value: String(h), label: hourLabel(h) }))}
        value={String(form.sendHour)}
        disabled={!canEdit}
        onChange={(e) => {
          const sendHour = Number(e.currentTarget.value);
          edit((f) => ({ ...f, sendHour }));
        }}
      />
    </Group>
  );
}
