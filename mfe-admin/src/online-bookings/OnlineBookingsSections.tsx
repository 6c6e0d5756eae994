/** The online bookings form's sections, in the order the page shows them. */
import type { ReactNode } from 'react';
import {
  Anchor,
  Card,
  NumberInput,
  Radio,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import type { OnlineBookings } from '@venue/contracts';
import { formatDateTime, useSession } from '@venue/ui';
import { QuestionsEditor } from './QuestionsEditor.tsx';
import {
  agreementNeverSaved,
  publicUrl,
  type FieldErrors,
  type OnlineBookingsDraft,
} from './online-bookings-form.ts';
import type { SetField } from './useOnlineBookingsForm.ts';

/** What every section is given: the draft, its errors and the setter of one field. */
interface SectionProps {
  draft: OnlineBookingsDraft;
  errors: FieldErrors;
  set: SetField;
}

export function Section({
  title,
  intro,
  testId,
  children,
}: {
  title: string;
  intro?: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <Card withBorder padding="lg" data-testid={testId} component="section" aria-label={title}>
      <Stack gap="sm">
        <Stack gap={2}>
          <Title order={2} fz="lg">
            {title}
          </Title>
          {intro ? (
            <Text size="sm" c="dimmed">
              {intro}
            </Text>
          ) : null}
        </Stack>
        {children}
      </Stack>
    </Card>
  );
}

export function BookingPageSection({ draft, errors, set, saved }: SectionProps & { saved: OnlineBookings }) {
  const origin = window.location.origin;
  const typedSlug = draft.slug.trim().toLowerCase();
  return (
    <Section title="Your booking page" testId="online-page">
      <Switch
        label="Take online bookings"
        description="On: your page is open at its address and customers can send requests. Off: visitors are told you do not take online bookings."
        checked={draft.enabled}
        error={errors.enabled}
        onChange={(e) => set('enabled', e.currentTarget.checked)}
      />
      <TextInput
        label="Page address"
        description={`Lower-case letters, digits and hyphens. Your page: ${publicUrl(origin, typedSlug || '…')}`}
        leftSection={
          <Text size="xs" c="dimmed" pl={4}>
            /book/
          </Text>
        }
        leftSectionWidth={56}
        value={draft.slug}
        error={errors.slug}
        autoComplete="off"
        spellCheck={false}
        onChange={(e) => set('slug', e.currentTarget.value)}
      />
      {saved.slug ? (
        <Text size="sm">
          {saved.enabled ? 'Open now at ' : 'Off; its address is '}
          <Anchor href={publicUrl(origin, saved.slug)} target="_blank" rel="noopener" underline="always">
            {publicUrl(origin, saved.slug)}
          </Anchor>
          {saved.enabled ? '' : ' (visitors are told you do not take online bookings)'}.
        </Text>
      ) : (
        <Text size="sm" c="dimmed">
          No address saved yet.
        </Text>
      )}
    </Section>
  );
}

export function RulesSection({ draft, errors, set }: SectionProps) {
  return (
    <Section title="Notice, window and what a request does" testId="online-rules">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <NumberInput
          label="Minimum notice (hours)"
          description="How long before an event a request may start at the latest."
          min={0}
          step={1}
          decimalScale={0}
          clampBehavior="none"
          value={Number.isFinite(draft.minNoticeHours) ? draft.minNoticeHours : ''}
          error={errors.minNoticeHours}
          onChange={(v) => set('minNoticeHours', toNumber(v))}
        />
        <NumberInput
          label="Booking window (days)"
          description="How far ahead customers may ask for a date."
          min={1}
          step={1}
          decimalScale={0}
          clampBehavior="none"
          value={Number.isFinite(draft.windowDays) ? draft.windowDays : ''}
          error={errors.windowDays}
          onChange={(v) => set('windowDays', toNumber(v))}
        />
      </SimpleGrid>
      <Radio.Group
        label="When a request arrives"
        value={draft.mode}
        error={errors.mode}
        onChange={(v) => set('mode', v === 'hold' ? 'hold' : 'request')}
      >
        <Stack gap="xs" mt="xs">
          <Radio
            value="request"
            label="Request only"
            description="It waits in Booking Requests for you to confirm, hold or decline; nothing is held."
          />
          <Radio
            value="hold"
            label="Automatic 24-hour hold"
            description="A free slot is held for the customer for 24 hours while you decide."
          />
        </Stack>
      </Radio.Group>
      <Switch
        label="Verify the customer's e-mail address"
        description="A request from an address not yet verified for your venue reaches you only after the customer clicks the link e-mailed to them."
        checked={draft.verifyEmail}
        error={errors.verifyEmail}
        onChange={(e) => set('verifyEmail', e.currentTarget.checked)}
      />
    </Section>
  );
}

export function QuestionsSection({
  draft,
  errors,
  setDraft,
  setErrors,
}: {
  draft: OnlineBookingsDraft;
  errors: FieldErrors;
  setDraft: (update: (d: OnlineBookingsDraft | null) => OnlineBookingsDraft | null) => void;
  setErrors: (update: (e: FieldErrors) => FieldErrors) => void;
}) {
  return (
    <Section
      title="Your questions"
      intro="Asked on the request form after the booking details; the answers are kept with the booking."
    >
      <QuestionsEditor
        questions={draft.questions}
        errors={errors}
        disabled={false}
        onChange={(questions, structural) => {
          setDraft((d) => (d ? { ...d, questions } : d));
          // A moved or removed question leaves the server's numbered messages pointing elsewhere.
          if (structural)
            setErrors((e) =>
              Object.fromEntries(Object.entries(e).filter(([k]) => !k.startsWith('questions'))),
            );
        }}
      />
    </Section>
  );
}

export function AgreementSection({ draft, errors, set, saved }: SectionProps & { saved: OnlineBookings }) {
  const { settings } = useSession();
  const agreementTime = agreementNeverSaved(saved.agreement.updatedAt)
    ? null
    : formatDateTime(saved.agreement.updatedAt, settings);
  return (
    <Section title="Hire agreement and cancellation terms" testId="online-agreement">
      <Text size="sm" data-testid="online-agreement-version">
        {agreementTime
          ? `Version ${saved.agreement.version}, last changed ${agreementTime}.`
          : 'Not saved yet: your first save is version 1.'}{' '}
        Customers accept these with each request; a change to either text is a new version, and each booking
        keeps the version its customer accepted.
      </Text>
      <Textarea
        label="Hire agreement"
        autosize
        minRows={4}
        maxRows={16}
        value={draft.agreementText}
        error={errors['agreement.text']}
        onChange={(e) => set('agreementText', e.currentTarget.value, 'agreement.text')}
      />
      <Textarea
        label="Cancellation terms"
        autosize
        minRows={3}
        maxRows={12}
        value={draft.cancellationTerms}
        error={errors['agreement.cancellationTerms']}
        onChange={(e) => set('cancellationTerms', e.currentTarget.value, 'agreement.cancellationTerms')}
      />
    </Section>
  );
}

/** Mantine hands back a string while the text is not a plain number yet. */
function toNumber(v: number | string): number {
  if (typeof v === 'number') return v;
  return v.trim() === '' ? Number.NaN : Number(v);
}
