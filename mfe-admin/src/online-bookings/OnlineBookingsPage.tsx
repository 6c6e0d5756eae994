import { Alert, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { Controller } from 'react-hook-form';
import type { OnlineBookings } from '@venue/contracts';
import { ErrorState, LoadingState, PageHeader, useSession } from '@venue/ui';
import { FlashMessage } from '../shared/flash.tsx';
import { isStatus, messageOr } from '../shared/errors.ts';
import { EmbedCard } from './EmbedCard.tsx';
import {
  AgreementSection,
  BookingPageSection,
  QuestionsSection,
  RulesSection,
  Section,
} from './OnlineBookingsSections.tsx';
import { ResourcesField } from './ResourcesField.tsx';
import { useOnlineBookingsForm, useOnlineBookingsSetting } from './useOnlineBookingsForm.ts';

const TITLE = 'Online Bookings';
const OWNER_ONLY = 'Only the hall owner can see and change online bookings.';

export { onlineBookingsKey } from './useOnlineBookingsForm.ts';

/**
 * Settings → Online bookings (issue 25 item 5, decision 56): the venue's public booking page at
 * /book/<slug>, which spaces take requests and on what terms, its questions and hire agreement,
 * and the snippet for its own website. One form and one Save (the server takes the whole
 * setting); after a save the screen shows what the server then answers. Owner only, as the
 * server enforces: others are told so and nothing is asked of the server.
 */
export function OnlineBookingsPage() {
  const { role } = useSession();
  return (
    <>
      <PageHeader
        title={TITLE}
        subtitle="Your public booking page: customers see when your spaces are free and send requests from it."
      />
      {role === 'hall_owner' ? (
        <OnlineBookingsForm />
      ) : (
        <Alert color="red" variant="light" role="alert" data-testid="online-owner-only">
          {OWNER_ONLY}
        </Alert>
      )}
    </>
  );
}

function OnlineBookingsForm() {
  const query = useOnlineBookingsSetting();

  if (query.isPending) return <LoadingState label="Loading online bookings..." />;
  if (query.isError && !query.data) {
    if (isStatus(query.error, 403))
      return (
        <Alert color="red" variant="light" role="alert" data-testid="online-owner-only">
          {OWNER_ONLY}
        </Alert>
      );
    return (
      <ErrorState
        title="Could not load online bookings"
        message={messageOr(query.error, 'The server did not answer. Please try again.')}
        onRetry={() => void query.refetch()}
      />
    );
  }
  if (!query.data) return <LoadingState label="Loading online bookings..." />;
  return <OnlineBookingsEditor saved={query.data} reread={query.refetch} />;
}

/** The form itself, started from the setting the server answered. */
function OnlineBookingsEditor({
  saved,
  reread,
}: {
  saved: OnlineBookings;
  reread: () => Promise<{ data?: OnlineBookings | undefined }>;
}) {
  const { form, formRef, flash, save, submit, dirty } = useOnlineBookingsForm(saved, reread);

  return (
    <form ref={formRef} onSubmit={(event) => void submit(event)} noValidate aria-label={TITLE}>
      <Stack gap="lg">
        <BookingPageSection form={form} saved={saved} />

        <Section title="Spaces that take requests" testId="online-resources">
          <Controller
            control={form.control}
            name="resourceIds"
            render={({ field, fieldState }) => (
              <ResourcesField
                value={field.value}
                error={fieldState.error?.message}
                onChange={field.onChange}
              />
            )}
          />
        </Section>

        <RulesSection form={form} />

        <QuestionsSection form={form} />

        <AgreementSection form={form} saved={saved} />

        <EmbedCard slug={saved.slug} enabled={saved.enabled} dirty={dirty} />
      </Stack>

      <Paper
        withBorder
        shadow="sm"
        p="sm"
        mt="lg"
        data-testid="online-save-bar"
        style={{ position: 'sticky', bottom: 0, zIndex: 5 }}
      >
        <FlashMessage flash={flash.flash} testId="online-flash" />
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Text size="sm" c={dirty ? undefined : 'dimmed'} aria-live="polite">
            {dirty ? 'You have unsaved changes.' : 'No unsaved changes.'}
          </Text>
          <Button type="submit" loading={save.isPending}>
            Save Online Bookings
          </Button>
        </Group>
      </Paper>
    </form>
  );
}
