/** The online bookings form's sections, in the order the page shows them. */
import type { ReactNode } from 'react';
import {
  Anchor,
  Card,
  NumberInput,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { Controller, useWatch } from 'react-hook-form';
import type { OnlineBookings } from '@venue/contracts';
import { formatDateTime, useSession } from '@venue/ui';
import { fieldProps } from '@venue/ui/contract-form';
import { RadioGroupField } from '@venue/ui/radio-group-field';
import { SwitchField } from '@venue/ui/yes-no-field';
import { QuestionsEditor } from './QuestionsEditor.tsx';
import { agreementNeverSaved, publicUrl } from './online-bookings-form.ts';
import type { OnlineBookingsForm } from './useOnlineBookingsForm.ts';

/** What every section is given: the form (its values, errors and fields). */
interface SectionProps {
  form: OnlineBookingsForm;
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

export function BookingPageSection({ form, saved }: SectionProps & { saved: OnlineBookings }) {
  const origin = window.location.origin;
  const typedSlug = useWatch({ control: form.control, name: 'slug' }).trim().toLowerCase();
  return (
    <Section title="Your booking page" testId="online-page">
      <SwitchField
        control={form.control}
        name="enabled"
        label="Take online bookings"
        description="On: your page is open at its address and customers can send requests. Off: visitors are told you do not take online bookings."
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
        {...fieldProps(form, 'slug')}
        autoComplete="off"
        spellCheck={false}
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

/** A whole number typed in a NumberInput: NaN while it is empty, for the schema to refuse. */
function WholeNumberField({
  form,
  name,
  label,
  description,
  min,
}: SectionProps & {
  name: 'minNoticeHours' | 'windowDays';
  label: string;
  description: string;
  min: number;
}) {
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field, fieldState }) => (
        <NumberInput
          label={label}
          description={description}
          min={min}
          step={1}
          decimalScale={0}
          clampBehavior="none"
          value={Number.isFinite(field.value) ? field.value : ''}
          error={fieldState.error?.message}
          onChange={(v) => field.onChange(toNumber(v))}
          onBlur={field.onBlur}
        />
      )}
    />
  );
}

export function RulesSection({ form }: SectionProps) {
  return (
    <Section title="Notice, window and what a request does" testId="online-rules">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <WholeNumberField
          form={form}
          name="minNoticeHours"
          label="Minimum notice (hours)"
          description="How long before an event a request may start at the latest."
          min={0}
        />
        <WholeNumberField
          form={form}
          name="windowDays"
          label="Booking window (days)"
          description="How far ahead customers may ask for a date."
          min={1}
        />
      </SimpleGrid>
      <RadioGroupField control={form.control} name="mode" label="When a request arrives">
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
      </RadioGroupField>
      <SwitchField
        control={form.control}
        name="verifyEmail"
        label="Verify the customer's e-mail address"
        description="A request from an address not yet verified for your venue reaches you only after the customer clicks the link e-mailed to them."
      />
    </Section>
  );
}

export function QuestionsSection({ form }: SectionProps) {
  return (
    <Section
      title="Your questions"
      intro="Asked on the request form after the booking details; the answers are kept with the booking."
    >
      <QuestionsEditor form={form} disabled={false} />
    </Section>
  );
}

export function AgreementSection({ form, saved }: SectionProps & { saved: OnlineBookings }) {
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
        {...fieldProps(form, 'agreement.text')}
      />
      <Textarea
        label="Cancellation terms"
        autosize
        minRows={3}
        maxRows={12}
        {...fieldProps(form, 'agreement.cancellationTerms')}
      />
    </Section>
  );
}

/** Mantine hands back a string while the text is not a plain number yet. */
function toNumber(v: number | string): number {
  if (typeof v === 'number') return v;
  return v.trim() === '' ? Number.NaN : Number(v);
}
