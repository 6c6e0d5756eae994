import { Alert, List, Text } from '@mantine/core';
import type { CheckResult, Conflict } from '../api/types.ts';
import { useFormat } from '../shared/format.ts';

/** The bookings and block-outs that overlap the chosen slot, as the server reports them. */
export function ConflictList({
  conflicts,
  blockouts,
}: {
  conflicts: Conflict[];
  blockouts: CheckResult['blockouts'];
}) {
  const fmt = useFormat();
  if (conflicts.length === 0 && blockouts.length === 0) return null;
  return (
    <Alert color="orange" title="Conflicting bookings" data-testid="conflict-list">
      Time slot conflicts with existing booking(s). Please choose a different time.
      <List size="sm" mt="xs">
        {conflicts.map((c) => (
          <List.Item key={c.id}>
            {c.customer} — {fmt.time(c.startTime)} to {fmt.time(c.endTime)} ({c.eventType}, {c.status})
            {c.explanation ? (
              <Text size="xs" c="dimmed">
                {c.explanation}
              </Text>
            ) : null}
          </List.Item>
        ))}
        {blockouts.map((b) => (
          <List.Item key={b.id}>
            Blocked out: {b.reason} ({fmt.venueDateTime(b.startsAt)} to {fmt.venueDateTime(b.endsAt)})
            {b.explanation ? (
              <Text size="xs" c="dimmed">
                {b.explanation}
              </Text>
            ) : null}
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
