/** What the quotation form says about the chosen slot: its rate card price and what holds it. */
import { Alert, Button, Group, List, Stack, Text } from '@mantine/core';
import { useFormat } from '../shared/format.ts';
import type { SlotLook } from './useQuotationSlot.ts';

/** The rate card's price for the slot and how it is made up (the catalogue's breakdown). */
export function RateCard({
  quote,
  unavailable,
  pricing,
  canUse,
  onUse,
}: {
  quote: SlotLook['quote'];
  unavailable: boolean;
  pricing: boolean;
  canUse: boolean;
  onUse: () => void;
}) {
  const fmt = useFormat();
  return (
    <div aria-live="polite" data-testid="rate-card-price">
      {pricing ? (
        <Text size="sm" c="dimmed">
          Pricing from the rate card...
        </Text>
      ) : unavailable ? (
        <Text size="sm">The rate card could not be read just now; type the total yourself.</Text>
      ) : quote ? (
        <Stack gap={4}>
          <Group gap="xs" wrap="wrap">
            <Text size="sm">
              Rate card price: <strong>{fmt.money(quote.calculatedPriceCents)}</strong>
              {quote.durationHours !== undefined ? ` (${quote.durationHours} h)` : ''}
            </Text>
            {canUse ? (
              <Button size="compact-xs" variant="light" onClick={onUse}>
                Use rate card price
              </Button>
            ) : null}
          </Group>
          {quote.breakdown?.length ? (
            <List size="xs" aria-label="Price breakdown">
              {quote.breakdown.map((line) => (
                <List.Item key={line.label}>
                  {line.label}: {fmt.money(line.amountCents)}
                </List.Item>
              ))}
            </List>
          ) : null}
        </Stack>
      ) : (
        <Text size="xs" c="dimmed">
          Choose the resource, date and times to price the quotation from the rate card.
        </Text>
      )}
    </div>
  );
}

/** What already holds the chosen time (bookings, holds, block-outs), as bookings reports it. */
export function SlotClashes({
  look,
  checking,
  error,
}: {
  look: SlotLook | undefined;
  checking: boolean;
  error: Error | null;
}) {
  const fmt = useFormat();
  if (error)
    return (
      <Text size="sm" c="red.9">
        Could not check the slot: {error.message}. It is checked again when the quotation is sent.
      </Text>
    );
  if (checking && !look) return null;
  const clashes = look?.clashes;
  if (!clashes || clashes.conflicts.length + clashes.blockouts.length === 0) {
    return clashes ? (
      <Text size="sm" fw={500} data-testid="slot-free">
        The slot is free.
      </Text>
    ) : null;
  }
  return (
    <Alert color="orange" title="The slot is taken" data-testid="slot-clashes">
      <List size="sm">
        {clashes.conflicts.map((c) => (
          <List.Item key={c.id}>
            {c.bookingCode} · {c.customer} — {fmt.time(c.startTime)} to {fmt.time(c.endTime)} ({c.eventType},{' '}
            {c.status})
          </List.Item>
        ))}
        {clashes.blockouts.map((b) => (
          <List.Item key={b.id}>
            Blocked out: {b.reason} ({fmt.dateTime(b.startsAt)} to {fmt.dateTime(b.endsAt)})
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
