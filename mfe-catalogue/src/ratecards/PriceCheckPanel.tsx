import { useState } from 'react';
import { Button, ComboboxChevron, Group, Paper, TextInput, Title } from '@mantine/core';
import { useSession } from '@venue/ui';
import { loadOnce } from '@venue/ui/load-once';
import type { Addon, Resource } from '../api/types.ts';
import type * as PriceCheckFormEntry from './PriceCheckForm.tsx';
import type { Arrival } from './PriceCheckForm.tsx';

/*
 * The price check without its form code on a cold visit (issue 9: every page ≤ 350 kB). The
 * form (react-hook-form with the contract's zod schema, and the date picker) loads when the
 * panel is first pointed at or focused; until it is here, the panel shows read-only stand-ins
 * that look like its fields. What was done to them meanwhile (a field focused or clicked,
 * Check price pressed) is done again by the form as it arrives, so no click or focus is lost.
 */
type FormModule = typeof PriceCheckFormEntry;

const loadForm = loadOnce(() => import('./PriceCheckForm.tsx'));

/** Asks the server what a booking would cost, with the same rules bookings use. */
export function PriceCheckPanel({ resources, addons }: { resources: Resource[]; addons: Addon[] }) {
  const [loaded, setLoaded] = useState<FormModule | null>(null);
  const [arrival, setArrival] = useState<Arrival>({ focus: null, open: false, check: false });
  const want = () => {
    if (!loaded) void loadForm().then(setLoaded, () => undefined);
  };

  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      mt="xl"
      data-testid="price-check"
      onPointerEnter={want}
      onFocusCapture={want}
    >
      <Title order={2} fz="lg" mb="sm">
        Price check
      </Title>
      {loaded ? (
        <loaded.PriceCheckForm resources={resources} addons={addons} arrival={arrival} />
      ) : (
        <PriceCheckStandIns onArrival={(a) => setArrival((was) => ({ ...was, ...a }))} />
      )}
    </Paper>
  );
}

/** The form's fields as they first show, read-only, noting what is done to them. */
function PriceCheckStandIns({ onArrival }: { onArrival: (a: Partial<Arrival>) => void }) {
  const { settings } = useSession();
  const standIn = (focus: NonNullable<Arrival['focus']>) => ({
    readOnly: true,
    onFocus: () => onArrival({ focus }),
    onBlur: () => onArrival({ focus: null, open: false }),
    // On the press, not the click: the form may arrive between the two, and the click is lost.
    onPointerDown: () => onArrival({ focus, open: true }),
  });
  // The two select stand-ins look like the selects and have their role (Mantine 9's selects are
  // comboboxes), so a field keeps its role when the form arrives.
  const chevron = {
    rightSection: <ComboboxChevron />,
    rightSectionPointerEvents: 'none' as const,
    role: 'combobox',
    'aria-haspopup': 'listbox' as const,
    'aria-expanded': false,
  };
  return (
    <Group align="flex-end" wrap="wrap">
      <TextInput label="Resource to price" w={220} {...chevron} {...standIn('resourceId')} />
      <TextInput label="Date" placeholder={settings.dateFormat} w={150} {...standIn('date')} />
      <TextInput type="time" label="Start time" value="09:00" {...standIn('startTime')} />
      <TextInput type="time" label="End time" value="17:00" {...standIn('endTime')} />
      <TextInput label="Add-ons" w={260} {...chevron} {...standIn('addOnIds')} />
      <Button onPointerDown={() => onArrival({ check: true })} onClick={() => onArrival({ check: true })}>
        Check price
      </Button>
    </Group>
  );
}
