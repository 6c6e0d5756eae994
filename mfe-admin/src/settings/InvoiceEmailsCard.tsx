import { Alert, Card, Stack, Switch, Text, Title } from '@mantine/core';
import { messageOr } from '../shared/errors.ts';
import { FlashMessage, useFlash } from '../shared/flash.tsx';
import { useCommsSettings, useSaveCommsSettings, type AutomaticEmailKind } from './automatic-emails.ts';

const LOAD_FAILED = "Couldn't load the invoice e-mail switches. Please try again.";
const SAVE_FAILED = "Oops! We couldn't save the invoice e-mail switch. Please try again.";

/** Payment Settings' two e-mail switches, and the automatic e-mail kind each one is. */
const SWITCHES: readonly { kind: AutomaticEmailKind; label: string; description: string }[] = [
  {
    kind: 'invoice_issued',
    label: 'Send Invoice Emails',
    description: 'E-mail each invoice to the customer when it is issued, with its PDF.',
  },
  {
    kind: 'payment_reminder',
    label: 'Send Payment Reminders',
    description: 'E-mail a reminder on the reminder days before and after an unpaid invoice’s due date.',
  },
];

/**
 * "Send Invoice Emails" and "Send Payment Reminders" are comms' automatic e-mail switches for
 * invoices and payment reminders (the same as in Settings → General), not a value of their own:
 * one writer per fact. Each switch saves when flipped.
 */
export function InvoiceEmailsCard({ canEdit }: { canEdit: boolean }) {
  const query = useCommsSettings();
  const save = useSaveCommsSettings();
  const flash = useFlash();
  return (
    <Card withBorder padding="lg" data-testid="invoice-emails">
      <Title order={2} fz="lg" mb={4}>
        Invoice E-mails
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        The same switches as Automatic e-mails in Settings → General; they save as you flip them.
      </Text>
      <FlashMessage flash={flash.flash} testId="invoice-emails-flash" />
      {query.isError ? (
        <Alert color="red" variant="light" role="alert">
          {messageOr(query.error, LOAD_FAILED)}
        </Alert>
      ) : (
        <Stack gap="sm">
          {SWITCHES.map(({ kind, label, description }) => (
            <Switch
              key={kind}
              label={label}
              description={description}
              checked={query.data?.automatic[kind] ?? false}
              disabled={!canEdit || !query.data || save.isPending}
              onChange={(e) =>
                save.mutate(
                  { automatic: { [kind]: e.currentTarget.checked } },
                  {
                    onSuccess: (answer) => flash.success(answer.message ?? 'Email settings saved.'),
                    onError: (error) => flash.error(messageOr(error, SAVE_FAILED)),
                  },
                )
              }
            />
          ))}
        </Stack>
      )}
    </Card>
  );
}
