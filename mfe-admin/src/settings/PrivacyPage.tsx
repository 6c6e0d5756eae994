import { useState } from 'react';
import { Alert, Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import type { TenantExport } from '@venue/contracts/admin';
// Not `@venue/contracts/admin`: the same schemas from a light sub-path (see there), for the budget.
import { eraseCustomerBody, privacySchema } from '@venue/contracts/privacy-requests';
import { PageHeader, focusFirstInvalid, useSession } from '@venue/ui';
import { ConfirmDialog } from '@venue/ui/confirm-dialog';
import { fieldProps, putServerErrors, useContractForm } from '@venue/ui/contract-form';
import { SettingsForm } from './SettingsForm.tsx';
import { FlashMessage, useFlash } from '../shared/flash.tsx';
import { messageOr } from '../shared/errors.ts';
import { saveBlob, todayStamp } from '@venue/ui';

type EraseValues = { email: string };

export function PrivacyPage() {
  const { can, role } = useSession();
  const owner = role === 'hall_owner';
  return (
    <>
      <PageHeader
        title="Data & Privacy"
        subtitle="How long records are kept, your data export and customer erasure."
      />
      <Stack gap="lg">
        <SettingsForm
          title="Retention"
          intro="How long booking and customer records are kept after their last activity. The audit log is kept regardless, as an unalterable record."
          path="/api/tenant-settings/privacy"
          testId="retention-settings"
          schema={privacySchema}
          defaults={{ retentionMonths: 84 }}
          canEdit={can('settings')}
          readOnlyNote="You can view this setting; changing it needs the Settings permission."
          saveLabel="Save Retention"
          successText="Retention period saved."
          failureText="Failed to save the retention period"
          fields={[
            { name: 'retentionMonths', label: 'Retention period (months)', kind: 'number', min: 1, max: 120 },
          ]}
        />
        {owner ? (
          <>
            <ExportCard />
            <EraseCustomerCard />
          </>
        ) : (
          <Text c="dimmed" size="sm">
            Only the hall owner can export the venue's data or erase a customer.
          </Text>
        )}
      </Stack>
    </>
  );
}

function ExportCard() {
  const { api } = useSession();
  const flash = useFlash();
  const exportAll = useMutation({
    mutationFn: () => api.api<TenantExport>('/api/tenant-settings/privacy/export'),
    onSuccess: (data) => {
      const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
      saveBlob(`tenant-export-${todayStamp()}.json`, blob);
      // Say exactly which parts are missing rather than presenting a partial file as whole.
      const missing = Object.entries(data?.services ?? {})
        .filter(([, part]) => part?.status === 'unavailable')
        .map(([name]) => name);
      if (data?.complete === false && missing.length) {
        flash.error(
          `The export was downloaded, but it is incomplete: ${missing.join(', ')} did not answer. Try again later for a full copy.`,
        );
      } else {
        flash.success('Your data export has been downloaded.');
      }
    },
    onError: (error) => flash.error(messageOr(error, 'The export failed. Please try again.')),
  });
  return (
    <Card withBorder padding="lg">
      <Title order={2} fz="lg" mb="xs">
        Export your data
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        One JSON file with everything VenueDesk holds for your venue: accounts, settings, bookings, customers,
        money records, webhooks (without their signing secrets) and the audit log.
      </Text>
      <FlashMessage flash={flash.flash} testId="export-flash" />
      <Button onClick={() => exportAll.mutate()} loading={exportAll.isPending}>
        Download Data Export
      </Button>
    </Card>
  );
}

/**
 * Erasure asks for the address as the service parses it (eraseCustomerBody: trimmed, lower case),
 * then confirms; a refusal naming the address is shown beside it, and said in the flash.
 */
function EraseCustomerCard() {
  const { api } = useSession();
  const flash = useFlash(6000);
  const { form, formRef } = useContractForm<EraseValues, EraseValues>({
    schema: eraseCustomerBody,
    defaultValues: { email: '' },
  });
  // The address as the schema read it, once checked; kept while the confirmation closes.
  const [address, setAddress] = useState('');
  const [confirming, setConfirming] = useState(false);
  const erase = useMutation({
    mutationFn: (address: string) =>
      api.api<{ message?: string }>('/api/tenant-settings/privacy/erase-customer', {
        method: 'POST',
        body: { email: address },
      }),
    onSuccess: (body, erased) => {
      setConfirming(false);
      form.reset({ email: '' });
      flash.success(body?.message ?? `Erasure requested for ${erased}.`);
    },
    onError: (err) => {
      setConfirming(false);
      // After the confirmation has closed and given the focus back, the field it names takes it.
      if (putServerErrors(form, err) > 0) setTimeout(() => focusFirstInvalid(formRef.current));
      flash.error(messageOr(err, 'The erasure request failed. Please try again.'));
    },
  });
  const submit = form.handleSubmit(({ email }) => {
    setAddress(email);
    setConfirming(true);
  });

  return (
    <Card withBorder padding="lg">
      <Title order={2} fz="lg" mb="xs">
        Erase a customer
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Removes a customer's personal details (name, e-mail, phone, notes) from their bookings and customer
        record. Booking dates and amounts stay, so your records and reports still add up.
      </Text>
      <FlashMessage flash={flash.flash} testId="erase-flash" />
      <form ref={formRef} onSubmit={(event) => void submit(event)} noValidate>
        <Group align="flex-start">
          <TextInput
            label="Customer email"
            type="email"
            {...fieldProps(form, 'email')}
            style={{ flex: 1, minWidth: 220, maxWidth: 360 }}
          />
          <Button type="submit" color="red" variant="light" mt={25}>
            Erase Customer
          </Button>
        </Group>
      </form>
      <ConfirmDialog
        opened={confirming}
        title="Erase customer?"
        confirmLabel="Erase"
        confirmColor="red"
        busy={erase.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() => erase.mutate(address)}
      >
        <Alert color="red" variant="light">
          This permanently removes the personal details of {address} from your venue. It cannot be undone.
        </Alert>
      </ConfirmDialog>
    </Card>
  );
}
