import { useEffect } from 'react';
import { Alert, Button, Card, Group, NativeSelect, NumberInput, Stack, Text, Title } from '@mantine/core';
import { Controller, useWatch, type Control, type FieldErrors } from 'react-hook-form';
import { commsSettingsUpdateSchema } from '@venue/contracts/comms';
import { LoadingState, useSession } from '@venue/ui';
import { putServerErrors, useContractForm } from '@venue/ui/contract-form';
import { SwitchField } from '@venue/ui/yes-no-field';
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
  type CommsSettingsUpdate,
  type ReminderChannel,
} from './automatic-emails.ts';

const LOAD_FAILED = "Couldn't load the automatic e-mail settings. Please try again.";
const SAVE_FAILED = "Oops! We couldn't save the automatic e-mail settings. Please try again.";
const OWNER_ONLY = 'Only the hall owner can change which e-mails go out automatically.';

/** The card's values: the days field gives a string while it is being typed. */
type EmailValues = Omit<CommsSettings, 'reminderDaysBefore'> & { reminderDaysBefore: number | string };

type EmailControl = Control<EmailValues, unknown, CommsSettingsUpdate>;

/** The form's start: the server's copy, each reminder's channel e-mail until one is chosen. */
function valuesOf(saved: CommsSettings): EmailValues {
  return {
    ...saved,
    channels: {
      event_reminder: saved.channels?.event_reminder ?? 'email',
      payment_reminder: saved.channels?.payment_reminder ?? 'email',
    },
  };
}

/** The PUT's body; a blank or unreadable day count is not a number, and is refused as such. */
function bodyOf(values: EmailValues) {
  const days = values.reminderDaysBefore;
  const reminderDaysBefore = typeof days === 'number' ? days : days.trim() === '' ? null : Number(days);
  return { ...values, reminderDaysBefore };
}

/**
 * Settings → General: which e-mails comms sends on its own, how many days before an event the
 * reminder goes, and the venue-local hour scheduled e-mails (reminders, hold expiring) go out.
 * Edited as one form; the server's answer (and its message or refusal) is what the card shows.
 */
export function AutomaticEmailsCard() {
  const { role } = useSession();
  const canEdit = role === 'hall_owner' || role === 'super_admin';
  const query = useCommsSettings();
  const flash = useFlash();

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
      ) : !query.data ? (
        <LoadingState label="Loading automatic e-mails..." />
      ) : (
        <EmailsForm saved={query.data} canEdit={canEdit} flash={flash} />
      )}
    </Card>
  );
}

/** The form, checked by the schema comms parses the PUT with (commsSettingsUpdateSchema). */
function EmailsForm({
  saved,
  canEdit,
  flash,
}: {
  saved: CommsSettings;
  canEdit: boolean;
  flash: ReturnType<typeof useFlash>;
}) {
  const save = useSaveCommsSettings();
  const { form, formRef, errors } = useContractForm<EmailValues, CommsSettingsUpdate>({
    schema: commsSettingsUpdateSchema,
    toBody: bodyOf,
    defaultValues: valuesOf(saved),
  });
  const { reset } = form;
  // The form follows the server's copy after each save.
  useEffect(() => reset(valuesOf(saved)), [saved, reset]);
  const submit = form.handleSubmit((body) =>
    save.mutateAsync(body).then(
      (answer) => flash.success(answer.message ?? 'Email settings saved.'),
      (error: unknown) => {
        putServerErrors(form, error);
        flash.error(messageOr(error, SAVE_FAILED));
      },
    ),
  );

  return (
    <form ref={formRef} onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="sm">
        {AUTOMATIC_EMAILS.map((email) => (
          <EmailSwitch key={email.kind} email={email} control={form.control} canEdit={canEdit} />
        ))}
        <ScheduleFields control={form.control} errors={errors} canEdit={canEdit} />
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
  );
}

/** One automatic e-mail's switch; a reminder also chooses e-mail, SMS or both. */
function EmailSwitch({
  email: { kind, label, description },
  control,
  canEdit,
}: {
  email: (typeof AUTOMATIC_EMAILS)[number];
  control: EmailControl;
  canEdit: boolean;
}) {
  const on = useWatch({ control, name: `automatic.${kind}` });
  return (
    <Stack gap={4}>
      <SwitchField
        control={control}
        name={`automatic.${kind}`}
        label={label}
        description={description}
        disabled={!canEdit}
      />
      {isSmsCapable(kind) ? (
        // Reminders may go by SMS too (issue 26): to the customer's phone, in the SMS template.
        <Controller
          control={control}
          name={`channels.${kind}`}
          render={({ field }) => (
            <NativeSelect
              ml={54}
              maw={260}
              size="xs"
              label={SMS_CHANNEL_LABELS[kind]}
              data={REMINDER_CHANNEL_OPTIONS.map((o) => ({ value: o.value, label: o.label }))}
              {...field}
              disabled={!canEdit || !on}
              onChange={(e) => field.onChange(e.currentTarget.value as ReminderChannel)}
            />
          )}
        />
      ) : null}
    </Stack>
  );
}

/** When the scheduled e-mails go: the reminder's days before the event, and the hour. */
function ScheduleFields({
  control,
  errors,
  canEdit,
}: {
  control: EmailControl;
  errors: FieldErrors<EmailValues>;
  canEdit: boolean;
}) {
  return (
    <Group grow align="flex-start" mt="sm">
      <Controller
        control={control}
        name="reminderDaysBefore"
        render={({ field }) => (
          <NumberInput
            label="Event reminder days before"
            description="How many days before the event the reminder goes (1–30)."
            min={1}
            max={30}
            allowDecimal={false}
            allowNegative={false}
            {...field}
            error={errors.reminderDaysBefore?.message}
            disabled={!canEdit}
          />
        )}
      />
      <Controller
        control={control}
        name="sendHour"
        render={({ field }) => (
          <NativeSelect
            label="Send hour"
            description="Reminders and hold notices go out at this hour, venue time."
            data={SEND_HOURS.map((h) => ({ value: String(h), label: hourLabel(h) }))}
            name={field.name}
            ref={field.ref}
            onBlur={field.onBlur}
            value={String(field.value)}
            error={errors.sendHour?.message}
            disabled={!canEdit}
            onChange={(e) => field.onChange(Number(e.currentTarget.value))}
          />
        )}
      />
    </Group>
  );
}
