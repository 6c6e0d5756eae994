import { useState } from 'react';
import { ActionIcon, Box, Group, Paper, Text, UnstyledButton } from '@mantine/core';
import { useSession } from '@venue/ui';
import { venueToday } from '@venue/ui/venue-day';
import { addDays, isoDate, longDate, monthYear, mondayOf } from './dates.ts';

const WEEKDAYS = ['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su'];
/** The mini calendar shows 35 days: five Monday-first weeks (spec 02 §2.2). */
const DAYS = 35;

interface Props {
  selected?: string | null;
  onSelect: (isoDay: string) => void;
  /** Bookings per day, when the page has them. */
  counts?: Record<string, number>;
}

function monthOf(iso: string): Date {
  const d = new Date(`${iso}T00:00:00`);
  return new Date(d.getFullYear(), d.getMonth(), 1);
}

export function MiniCalendar({ selected, onSelect, counts }: Props) {
  const { settings } = useSession();
  // the venue's today, which the big calendar marks too
  const today = venueToday(settings.timezone);
  const [anchor, setAnchor] = useState(() => monthOf(selected ?? today));
  // When the page moves the selected day (the big calendar went to another month), the mini
  // calendar follows it; its own arrows still browse freely until the selection changes again.
  const [followed, setFollowed] = useState(selected);
  if (selected !== followed) {
    setFollowed(selected);
    const next = monthOf(selected ?? today);
    if (next.getTime() !== anchor.getTime()) setAnchor(next);
  }
  const start = mondayOf(anchor);
  const days = Array.from({ length: DAYS }, (_, i) => addDays(start, i));
  const shift = (months: number) => setAnchor((a) => new Date(a.getFullYear(), a.getMonth() + months, 1));
  return (
    <Paper withBorder p="sm" radius="md" data-testid="mini-calendar" w={260}>
      <Group justify="space-between" mb="xs">
        <ActionIcon variant="subtle" aria-label="Previous month" onClick={() => shift(-1)}>
          ‹
        </ActionIcon>
        <Text fw={600} size="sm">
          {monthYear(anchor)}
        </Text>
        <ActionIcon variant="subtle" aria-label="Next month" onClick={() => shift(1)}>
          ›
        </ActionIcon>
      </Group>
      {/* A plain grid, as Mantine's SimpleGrid would draw it (without its code on the page). */}
      <Box style={{ display: 'grid', gridTemplateColumns: 'repeat(7, minmax(0, 1fr))', gap: 2 }}>
        {WEEKDAYS.map((w) => (
          <Text key={w} size="xs" c="dimmed" ta="center" aria-hidden>
            {w}
          </Text>
        ))}
        {days.map((d) => {
          const iso = isoDate(d);
          const count = counts?.[iso] ?? 0;
          const isSelected = iso === selected;
          return (
            <UnstyledButton
              key={iso}
              onClick={() => onSelect(iso)}
              aria-label={`${longDate(d)}${count ? `, ${count} bookings` : ''}`}
              aria-pressed={isSelected}
              aria-current={iso === today ? 'date' : undefined}
              style={{
                textAlign: 'center',
                borderRadius: 4,
                padding: '2px 0',
                fontSize: 12,
                fontWeight: iso === today ? 700 : 400,
                color: d.getMonth() === anchor.getMonth() ? undefined : '#5c5f66',
                background: isSelected ? 'var(--mantine-color-blue-1)' : undefined,
                textDecoration: count ? 'underline' : undefined,
              }}
            >
              {d.getDate()}
            </UnstyledButton>
          );
        })}
      </Box>
    </Paper>
  );
}
