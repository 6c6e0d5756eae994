import {
  Alert,
  Badge,
  Checkbox,
  Group,
  NumberInput,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Text,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import {
  MAX_SERIES_OCCURRENCES,
  MONTHLY_SKIP_NOTE,
  REPEAT_FREQUENCIES,
  isValidTime,
  type RepeatFrequency,
} from '@venue/contracts';
import { ApiError, serverMessage, useSession } from '@venue/ui';
import { DateField } from '@venue/ui/date-field';
import type { Booking, CheckResult } from '../api/types.ts';
import { useFormat } from '../shared/format.ts';

/** The form's "Repeat" section. */
export interface RepeatValues {
  enabled: boolean;
  frequency: RepeatFrequency;
  end: 'count' | 'until';
  /** Number of dates, the first included. */
  count: number;
  /** yyyy-MM-dd, the last day a date may fall on. */
  until: string;
}

export const NO_REPEAT: RepeatValues = {
  enabled: false,
  frequency: 'weekly',
  end: 'count',
  count: 4,
  until: '',
};

/** One date of the series as the server's check answers it. */
export interface SeriesOccurrence {
  date: string;
  startsAt: string;
  endsAt: string;
  free: boolean;
  conflicts: CheckResult['conflicts'];
  blockouts: CheckResult['blockouts'];
}

export interface SeriesCheck {
  frequency: RepeatFrequency;
  /** Monthly: how months without the day are treated, and which they were. */
  monthly?: 'skip';
  skipped?: string[];
  occurrences: SeriesOccurrence[];
  freeCount: number;
}

/** A new series' answer. */
export interface SeriesCreated {
  seriesId: string;
  bookings: Booking[];
}

/** The 409 of a series create: the dates taken since the check. */
export interface SeriesTaken {
  message: string;
  dates: string[];
}

const monthFormat = new Intl.DateTimeFormat('en-AU', { month: 'long', year: 'numeric', timeZone: 'UTC' });
/** "February 2027" for "2027-02". */
const monthName = (yyyyMm: string) => monthFormat.format(new Date(`${yyyyMm}-01T00:00:00Z`));

const FREQUENCY_LABELS: Record<RepeatFrequency, string> = {
  weekly: 'Weekly',
  fortnightly: 'Fortnightly',
  monthly: 'Monthly (same day of the month)',
};

/** The rule as the API takes it, or null while the section is incomplete. */
export function repeatRule(
  v: RepeatValues,
): { frequency: RepeatFrequency; count?: number; until?: string } | null {
  if (!v.enabled) return null;
  if (v.end === 'count')
    return Number.isInteger(v.count) && v.count >= 2 && v.count <= MAX_SERIES_OCCURRENCES
      ? { frequency: v.frequency, count: v.count }
      : null;
  return v.until ? { frequency: v.frequency, until: v.until } : null;
}

/** The dates that will be booked: the free ones the user left ticked. */
export function chosenDates(check: SeriesCheck | undefined, excluded: readonly string[]): string[] {
  return (check?.occurrences ?? []).filter((o) => o.free && !excluded.includes(o.date)).map((o) => o.date);
}

interface Slot {
  resourceId: string;
  bookingDate: string;
  startTime: string;
  endTime: string;
}

/**
 * The server's check of every date of the series (POST /api/bookings/recurring/check), asked
 * again when the slot or the rule changes (debounced like the form's own check). `active` false
 * stops asking: once the series is made, the refresh after it would find every date taken by
 * the series itself.
 */
export function useSeriesCheck(slot: Slot, repeat: RepeatValues, active = true) {
  const { api } = useSession();
  const rule = repeatRule(repeat);
  const [debounced] = useDebouncedValue({ slot, rule }, 300);
  const ready =
    debounced.rule !== null &&
    Boolean(debounced.slot.resourceId && debounced.slot.bookingDate) &&
    isValidTime(debounced.slot.startTime) &&
    isValidTime(debounced.slot.endTime) &&
    debounced.slot.endTime > debounced.slot.startTime;
  return useQuery({
    // Not under ROOTS: the refresh after the series is made must not ask again.
    queryKey: ['series-check', debounced],
    queryFn: () =>
      api.request<SeriesCheck>('check the dates', 'POST', '/api/bookings/recurring/check', {
        ...debounced.slot,
        repeat: debounced.rule,
      }),
    enabled: ready && active,
    retry: false,
  });
}

/**
 * Repeat: how often and until when, then every date with whether it is free. Dates that clash
 * are listed with why and are not booked; free dates can be left out too.
 */
export function RecurrenceFields({
  value,
  onChange,
  check,
  excluded,
  onExcludedChange,
  error,
}: {
  /** The rule's problem (how many times, or until when), beside the field that sets it. */
  error?: string;
  value: RepeatValues;
  onChange: (value: RepeatValues) => void;
  check: ReturnType<typeof useSeriesCheck>;
  excluded: string[];
  onExcludedChange: (excluded: string[]) => void;
}) {
  const set = (patch: Partial<RepeatValues>) => onChange({ ...value, ...patch });
  const data = check.data;
  const chosen = chosenDates(data, excluded);

  return (
    <Stack gap="xs" data-testid="repeat-section">
      <Switch
        label="Repeat this booking"
        checked={value.enabled}
        onChange={(e) => set({ enabled: e.currentTarget.checked })}
      />
      {value.enabled ? (
        <>
          <RepeatRule value={value} set={set} error={error} />
          {value.frequency === 'monthly' ? (
            <Text size="sm" c="dimmed">
              Monthly repeats keep the day of the month of the booking date. {MONTHLY_SKIP_NOTE}
              {data?.skipped?.length ? ` Skipped: ${data.skipped.map(monthName).join(', ')}.` : ''}
            </Text>
          ) : null}
          {check.isFetching ? (
            <Text size="sm" c="dimmed">
              Checking the dates...
            </Text>
          ) : null}
          {check.isError ? (
            <Text size="sm" c="red.9" role="alert">
              {(check.error instanceof ApiError ? serverMessage(check.error.body) : null) ??
                check.error.message}
            </Text>
          ) : null}
          {data ? (
            <SeriesDates
              data={data}
              chosen={chosen.length}
              excluded={excluded}
              onExcludedChange={onExcludedChange}
            />
          ) : null}
        </>
      ) : null}
    </Stack>
  );
}

/** How often, and until a date or a number of times (its problem beside it). */
function RepeatRule({
  value,
  set,
  error,
}: {
  value: RepeatValues;
  set: (patch: Partial<RepeatValues>) => void;
  error?: string;
}) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <Select
        label="Repeats"
        data={REPEAT_FREQUENCIES.map((f) => ({ value: f, label: FREQUENCY_LABELS[f] }))}
        value={value.frequency}
        allowDeselect={false}
        onChange={(f) => set({ frequency: (f as RepeatFrequency | null) ?? 'weekly' })}
      />
      <Radio.Group
        label="Ends"
        value={value.end}
        onChange={(end) => set({ end: end as RepeatValues['end'] })}
      >
        <Group mt={6}>
          <Radio value="count" label="After a number of times" />
          <Radio value="until" label="On a date" />
        </Group>
      </Radio.Group>
      {value.end === 'count' ? (
        <NumberInput
          label="Number of times"
          description={`The first date included, at most ${MAX_SERIES_OCCURRENCES}`}
          min={2}
          max={MAX_SERIES_OCCURRENCES}
          step={1}
          allowDecimal={false}
          allowNegative={false}
          value={value.count}
          onChange={(n) => set({ count: typeof n === 'number' ? n : 0 })}
          error={error}
        />
      ) : (
        <DateField
          label="Repeat until"
          description={`Last possible date; at most ${MAX_SERIES_OCCURRENCES} dates`}
          value={value.until}
          onChange={(until) => set({ until })}
          error={error}
        />
      )}
    </SimpleGrid>
  );
}

/** Every date of the series: how many will be booked, and each with Book and whether it is free. */
function SeriesDates({
  data,
  chosen,
  excluded,
  onExcludedChange,
}: {
  data: SeriesCheck;
  chosen: number;
  excluded: string[];
  onExcludedChange: (excluded: string[]) => void;
}) {
  const fmt = useFormat();
  const taken = data.occurrences.filter((o) => !o.free);
  return (
    <>
      <Text size="sm" data-testid="series-summary">
        {chosen} of {data.occurrences.length} dates will be booked
        {taken.length ? `; ${taken.length} clash and will not be booked` : ''}.
      </Text>
      {taken.length ? (
        <Alert color="orange" title="Some dates are taken">
          Save the free dates, or cancel and choose another time.
        </Alert>
      ) : null}
      <Table.ScrollContainer minWidth={360} mah={260}>
        <Table striped data-testid="series-dates">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={40}>Book</Table.Th>
              <Table.Th>Date</Table.Th>
              <Table.Th>Availability</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.occurrences.map((o) => (
              <Table.Tr key={o.date}>
                <Table.Td>
                  <Checkbox
                    aria-label={`Book ${fmt.date(o.date)}`}
                    disabled={!o.free}
                    checked={o.free && !excluded.includes(o.date)}
                    onChange={(e) =>
                      onExcludedChange(
                        e.currentTarget.checked
                          ? excluded.filter((d) => d !== o.date)
                          : [...excluded, o.date],
                      )
                    }
                  />
                </Table.Td>
                <Table.Td>{fmt.date(o.date)}</Table.Td>
                <Table.Td>
                  <Availability occurrence={o} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </>
  );
}

/** Free, or Clashes with what it clashes with and why. */
function Availability({ occurrence: o }: { occurrence: SeriesCheck['occurrences'][number] }) {
  const fmt = useFormat();
  return o.free ? (
    <Badge color="green" variant="light">
      Free
    </Badge>
  ) : (
    <Stack gap={2}>
      <Badge color="orange" variant="light">
        Clashes
      </Badge>
      {[...o.conflicts, ...o.blockouts].map((c) => (
        <Text size="xs" key={c.id}>
          {'customer' in c
            ? `${c.customer} (${fmt.time(c.startTime)}–${fmt.time(c.endTime)})`
            : `Blocked out: ${c.reason}`}
          {c.explanation ? ` — ${c.explanation}` : ''}
        </Text>
      ))}
    </Stack>
  );
}
