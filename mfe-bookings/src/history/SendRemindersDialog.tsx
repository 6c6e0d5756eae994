import { lazy, Suspense, useState } from 'react';
import { Button } from '@mantine/core';
import type { Booking } from '../api/types.ts';
import { toastError } from '../shared/notify.ts';

// The dialog, its form and the contract's schema load when it is first opened, not with the page.
const RemindersPicker = lazy(() =>
  import('./RemindersPicker.tsx').then((m) => ({ default: m.RemindersPicker })),
);

/**
 * Bookings — Confirmed → Send reminders (spec 02 §2.6, §5.2, §8; issue 12 item 7). The picker
 * offers the ticked rows, or every row the filters show when none is ticked; comms queues one
 * reminder per booking and channel and answers each booking's result. By SMS (issue 26 item 3) the
 * server's cost summary (POST /api/email-comms/sms/preview, the same text the send would queue) is
 * shown before the send is allowed: the page never counts segments itself.
 */
export function SendRemindersButton({ selected, rows }: { selected: Set<string>; rows: Booking[] }) {
  const [offered, setOffered] = useState<Booking[] | null>(null);
  const [opening, setOpening] = useState(0);
  function open() {
    const picked = selected.size > 0 ? rows.filter((b) => selected.has(b.id)) : rows;
    if (picked.length === 0) {
      toastError('No Bookings', 'Select bookings or adjust filters to send reminders.');
      return;
    }
    setOffered(picked);
    setOpening((n) => n + 1);
  }
  return (
    <>
      <Button variant="default" onClick={open}>
        Send reminders
      </Button>
      {offered ? (
        <Suspense fallback={null}>
          <RemindersPicker key={opening} bookings={offered} onClose={() => setOffered(null)} />
        </Suspense>
      ) : null}
    </>
  );
}
