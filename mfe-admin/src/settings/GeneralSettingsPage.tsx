import { useEffect, useState } from 'react';
import { Alert, Button, Card, Group, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import {
  COUNTRIES,
  COUNTRY_NAMES,
  countryForTimezone,
  CURRENCIES,
  DATE_FORMATS,
  DEFAULT_USER_SETTINGS,
  hasPermission,
  TIME_FORMATS,
  TIMEZONES,
  phoneExamples,
  userSettingsSchema,
  type UserSettings,
} from '@venue/contracts';
import { LoadingState, PageHeader, formatDate, formatMoney, formatTime, useSession } from '@venue/ui';
import { FlashMessage, useFlash } from '../shared/flash.tsx';
import { ProfilePictureSection } from './ProfilePictureSection.tsx';
import { ChangePasswordSection } from './ChangePasswordSection.tsx';
import { AutomaticEmailsCard } from './AutomaticEmailsCard.tsx';

type Preferences = Pick<UserSettings, 'timezone' | 'dateFormat' | 'timeFormat' | 'currency' | 'country'>;

const SAVED = 'Great! Your settings have been saved successfully!';
const SAVE_FAILED = "Oops! We couldn't save your settings. Please try again.";
const LOAD_FAILED = "Couldn't load your settings, but we're using defaults for now.";

const TIME_FORMAT_LABELS: Record<UserSettings['timeFormat'], string> = {
  '12h': '12-hour (2:30 PM)',
  '24h': '24-hour (14:30)',
};

function pick(s: UserSettings): Preferences {
  return {
    timezone: s.timezone,
    dateFormat: s.dateFormat,
    timeFormat: s.timeFormat,
    currency: s.currency,
    country: s.country,
  };
}

/** The preferences form, read from the server (the session's on a failed read), and its save. */
function usePreferences() {
  const { api, settings: sessionSettings, reload } = useSession();
  const flash = useFlash();
  const query = useQuery({
    queryKey: ['admin', 'settings'],
    queryFn: async () => {
      const raw = await api.api('/api/users/settings');
      const parsed = userSettingsSchema.partial().safeParse(raw);
      return { ...DEFAULT_USER_SETTINGS, ...(parsed.success ? parsed.data : {}) };
    },
    staleTime: 0,
  });
  const [form, setForm] = useState<Preferences | null>(null);
  // The form starts from what the server holds; on a failed load, from what the session holds.
  useEffect(() => {
    if (form) return;
    if (query.data) setForm(pick(query.data));
    else if (query.isError) setForm(pick(sessionSettings ?? DEFAULT_USER_SETTINGS));
  }, [query.data, query.isError, sessionSettings, form]);

  const save = useMutation({
    mutationFn: (body: Preferences) => api.api('/api/users/settings', { method: 'PUT', body }),
    onSuccess: async () => {
      flash.success(SAVED);
      await query.refetch();
      // Every section formats money and dates from the session: re-read it so they all follow.
      await reload();
    },
    onError: () => flash.error(SAVE_FAILED),
  });
  const set = <K extends keyof Preferences>(key: K, value: Preferences[K]) =>
    setForm((f) => (f ? { ...f, [key]: value } : f));
  // A new time zone brings its country along while the country still is the old zone's
  // (Sydney → Auckland: Australia → New Zealand); a country chosen on purpose stays.
  const setTimezone = (timezone: UserSettings['timezone']) =>
    setForm((f) =>
      f
        ? {
            ...f,
            timezone,
            country: f.country === countryForTimezone(f.timezone) ? countryForTimezone(timezone) : f.country,
          }
        : f,
    );
  return { flash, query, form, save, set, setTimezone };
}

type Set = ReturnType<typeof usePreferences>['set'];

/** Time zone, country, date and time formats and currency, each previewed as it will show. */
function PreferenceCards({
  form,
  set,
  setTimezone,
}: {
  form: Preferences;
  set: Set;
  setTimezone: (timezone: UserSettings['timezone']) => void;
}) {
  const [national, international] = phoneExamples(form.country);
  return (
    <>
      <Card withBorder padding="lg">
        <Title order={2} fz="lg" mb="sm">
          Timezone
        </Title>
        <NativeSelect
          label="Timezone"
          description="Dates and times everywhere are shown in this zone."
          data={[...TIMEZONES]}
          value={form.timezone}
          onChange={(e) => setTimezone(e.currentTarget.value as UserSettings['timezone'])}
        />
      </Card>

      <Card withBorder padding="lg">
        <Title order={2} fz="lg" mb="sm">
          Country
        </Title>
        <NativeSelect
          label="Country"
          description="Phone numbers typed without a country code are read as numbers of this country."
          data={COUNTRIES.map((c) => ({ value: c, label: COUNTRY_NAMES[c] }))}
          value={form.country}
          onChange={(e) => set('country', e.currentTarget.value as UserSettings['country'])}
        />
        <Text size="sm" mt="sm" data-testid="phone-preview">
          Phone numbers such as {national} or {international} are accepted and shown as {national}.
        </Text>
      </Card>

      <DateTimeCard form={form} set={set} />

      <Card withBorder padding="lg">
        <Title order={2} fz="lg" mb="sm">
          Currency
        </Title>
        <NativeSelect
          label="Currency"
          data={[...CURRENCIES]}
          value={form.currency}
          onChange={(e) => set('currency', e.currentTarget.value as UserSettings['currency'])}
        />
        <Text size="sm" mt="sm" data-testid="currency-preview">
          Preview: {formatMoney(123456, form)}
        </Text>
      </Card>
    </>
  );
}

export function GeneralSettingsPage() {
  const { role, principal } = useSession();
  const { flash, query, form, save, set, setTimezone } = usePreferences();
  if (!form) {
    return (
      <>
        <PageHeader title="General Settings" />
        <LoadingState label="Loading settings..." />
      </>
    );
  }

  return (
    <>
      <PageHeader
        title="General Settings"
        subtitle="Time zone, country, date and time formats and currency used across VenueDesk."
        actions={
          <Button onClick={() => save.mutate(form)} loading={save.isPending}>
            Save Settings
          </Button>
        }
      />
      <FlashMessage flash={flash.flash} testId="settings-flash" />
      {query.isError ? (
        <Alert color="yellow" variant="light" mb="md" role="status">
          {LOAD_FAILED}
        </Alert>
      ) : null}
      <Stack gap="lg">
        <PreferenceCards form={form} set={set} setTimezone={setTimezone} />

        {/* the venue's automatic e-mails (comms'), saved on their own: not part of the form above;
            comms answers them to those with the Communications permission only */}
        {hasPermission(principal, 'comms') ? <AutomaticEmailsCard /> : null}

        {role === 'hall_owner' ? (
          <>
            <ProfilePictureSection />
            <ChangePasswordSection />
          </>
        ) : null}
      </Stack>
    </>
  );
}

function DateTimeCard({ form, set }: { form: Preferences; set: Set }) {
  const now = new Date();
  return (
    <Card withBorder padding="lg">
      <Title order={2} fz="lg" mb="sm">
        Date & Time Format
      </Title>
      <Group grow align="flex-start">
        <NativeSelect
          label="Date format"
          data={[...DATE_FORMATS]}
          value={form.dateFormat}
          onChange={(e) => set('dateFormat', e.currentTarget.value as UserSettings['dateFormat'])}
        />
        <NativeSelect
          label="Time format"
          data={TIME_FORMATS.map((t) => ({ value: t, label: TIME_FORMAT_LABELS[t] }))}
          value={form.timeFormat}
          onChange={(e) => set('timeFormat', e.currentTarget.value as UserSettings['timeFormat'])}
        />
      </Group>
      <Text size="sm" mt="sm" data-testid="datetime-preview">
        Preview: {formatDate(now, form)} {formatTime(now, form)}
      </Text>
    </Card>
  );
}
