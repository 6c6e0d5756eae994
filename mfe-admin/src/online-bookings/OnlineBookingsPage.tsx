import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  NumberInput,
  Paper,
  Radio,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { OnlineBookings } from '@venue/contracts';
import type { Resource } from '@venue/contracts/catalogue';
import {
  ErrorState,
  LoadingState,
  PageHeader,
  focusFirstInvalid,
  formatDateTime,
  useSession,
} from '@venue/ui';
import { FlashMessage, useFlash } from '../shared/flash.tsx';
import { isStatus, messageOr } from '../shared/errors.ts';
import { EmbedCard } from './EmbedCard.tsx';
import { QuestionsEditor } from './QuestionsEditor.tsx';
import {
  ONLINE_BOOKINGS_PATH,
  agreementNeverSaved,
  bodyOf,
  checkDraft,
  draftOf,
  publicUrl,
  serverFieldErrors,
  type FieldErrors,
  type OnlineBookingsDraft,
} from './online-bookings-form.ts';

const TITLE = 'Online Bookings';
const OWNER_ONLY = 'Only the hall owner can see and change online bookings.';
const SAVED = 'Online bookings saved.';
const SAVE_FAILED = 'Failed to save online bookings';
const NOT_SAVED = 'Online bookings not saved: check the fields marked below.';

export const onlineBookingsKey = ['admin', 'online-bookings'] as const;
const resourcesKey = ['admin', 'online-bookings', 'resources'] as const;

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
  const { api, settings } = useSession();
  const flash = useFlash(4000);
  const query = useQuery({
    queryKey: onlineBookingsKey,
    queryFn: () => api.api<OnlineBookings>(ONLINE_BOOKINGS_PATH),
  });
  const [draft, setDraft] = useState<OnlineBookingsDraft | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const formRef = useRef<HTMLFormElement>(null);

  // The form starts from what the server holds, and starts again from it after every save.
  useEffect(() => {
    if (query.data) {
      setDraft(draftOf(query.data));
      setErrors({});
    }
  }, [query.data]);

  const save = useMutation({
    mutationFn: (body: ReturnType<typeof bodyOf>) =>
      api.api<OnlineBookings>(ONLINE_BOOKINGS_PATH, { method: 'PUT', body }),
    onSuccess: async () => {
      flash.success(SAVED);
      // Re-read: the screen shows what is stored (ids given to new questions, the agreement's
      // version and time), not what was typed.
      await query.refetch();
    },
    onError: (error) => {
      const fields = serverFieldErrors(error);
      setErrors(fields);
      flash.error(messageOr(error, SAVE_FAILED));
      if (Object.keys(fields).length) setTimeout(() => focusFirstInvalid(formRef.current));
    },
  });

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
  if (!draft) return <LoadingState label="Loading online bookings..." />;

  const saved = query.data;
  const dirty = JSON.stringify(bodyOf(draft)) !== JSON.stringify(bodyOf(draftOf(saved)));
  const set = <K extends keyof OnlineBookingsDraft>(
    key: K,
    value: OnlineBookingsDraft[K],
    field: string = key,
  ) => {
    setDraft((d) => (d ? { ...d, [key]: value } : d));
    setErrors((e) => {
      if (!(field in e)) return e;
      const next = { ...e };
      delete next[field];
      return next;
    });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = checkDraft(draft);
    setErrors(found);
    if (Object.keys(found).length) {
      flash.error(NOT_SAVED);
      setTimeout(() => focusFirstInvalid(formRef.current));
      return;
    }
    save.mutate(bodyOf(draft));
  };
  const origin = window.location.origin;
  const typedSlug = draft.slug.trim().toLowerCase();
  const agreementTime = agreementNeverSaved(saved.agreement.updatedAt)
    ? null
    : formatDateTime(saved.agreement.updatedAt, settings);

  return (
    <form ref={formRef} onSubmit={submit} noValidate aria-label={TITLE}>
      <Stack gap="lg">
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

        <Section title="Spaces that take requests" testId="online-resources">
          <ResourcesField
            value={draft.resourceIds}
            error={errors.resourceIds}
            onChange={(ids) => set('resourceIds', ids)}
          />
        </Section>

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

        <Section title="Hire agreement and cancellation terms" testId="online-agreement">
          <Text size="sm" data-testid="online-agreement-version">
            {agreementTime
              ? `Version ${saved.agreement.version}, last changed ${agreementTime}.`
              : 'Not saved yet: your first save is version 1.'}{' '}
            Customers accept these with each request; a change to either text is a new version, and each
            booking keeps the version its customer accepted.
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

function Section({
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

/**
 * The venue's spaces from the catalogue (as Integrations reads them). A space archived since, or
 * one the catalogue no longer has, stays listed while it is chosen, so what is saved is what is
 * shown and the owner can take it off.
 */
function ResourcesField({
  value,
  error,
  onChange,
}: {
  value: string[];
  error?: string;
  onChange: (ids: string[]) => void;
}) {
  const { api, navigate } = useSession();
  const query = useQuery({
    queryKey: resourcesKey,
    queryFn: () => api.api<Resource[]>('/api/resources?sort=name&order=asc'),
  });
  if (query.isPending) return <LoadingState label="Loading your spaces..." />;
  if (query.isError)
    return (
      <ErrorState
        title="Could not load your spaces"
        message={messageOr(query.error, 'The server did not answer. Please try again.')}
        onRetry={() => void query.refetch()}
      />
    );
  const listed = query.data.filter((r) => r.status === 'active' || value.includes(r.id));
  const unknown = value.filter((id) => !query.data.some((r) => r.id === id));
  if (listed.length === 0 && unknown.length === 0)
    return (
      <Text size="sm" c="dimmed" data-testid="online-resources-empty">
        No halls or rooms yet.{' '}
        <Anchor
          underline="always"
          href="/ResourcesHalls"
          onClick={(event) => {
            event.preventDefault();
            navigate('/ResourcesHalls');
          }}
        >
          Add one on Halls/Rooms
        </Anchor>{' '}
        to take requests for it.
      </Text>
    );
  return (
    <Checkbox.Group
      label="Spaces customers may request"
      description="Each shows on your page with its free and busy times, capacity and rates."
      value={value}
      error={error}
      onChange={onChange}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} mt="xs" spacing="xs">
        {listed.map((r) => (
          <Checkbox
            key={r.id}
            value={r.id}
            label={
              <Group gap={6} wrap="nowrap" component="span">
                <span>{r.name}</span>
                {r.status === 'archived' ? (
                  <Badge size="xs" variant="outline" color="gray" component="span">
                    Archived: not shown
                  </Badge>
                ) : null}
              </Group>
            }
          />
        ))}
        {unknown.map((id) => (
          <Checkbox key={id} value={id} label="A space no longer in your catalogue" />
        ))}
      </SimpleGrid>
    </Checkbox.Group>
  );
}

/** Mantine hands back a string while the text is not a plain number yet. */
function toNumber(v: number | string): number {
  if (typeof v === 'number') return v;
  return v.trim() === '' ? Number.NaN : Number(v);
}
