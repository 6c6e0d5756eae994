import { lazy, Suspense, useState, type ReactNode } from 'react';
import type { Booking } from '../api/types.ts';
import type { BookingPrefill } from '../booking-form/BookingFormDialog.tsx';

// The dialogs are fetched when first opened, not with the page: the form and its fields are the
// larger part of a bookings page and most visits never open them.
const BookingDetailDrawer = lazy(() =>
  import('./BookingDetailDrawer.tsx').then((m) => ({ default: m.BookingDetailDrawer })),
);
const BookingFormDialog = lazy(() =>
  import('../booking-form/BookingFormDialog.tsx').then((m) => ({ default: m.BookingFormDialog })),
);
const ConfirmBookingDialog = lazy(() =>
  import('./ConfirmBookingDialog.tsx').then((m) => ({ default: m.ConfirmBookingDialog })),
);
const CancelBookingDialog = lazy(() =>
  import('./CancelBookingDialog.tsx').then((m) => ({ default: m.CancelBookingDialog })),
);
const CompleteBookingDialog = lazy(() =>
  import('./CompleteBookingDialog.tsx').then((m) => ({ default: m.CompleteBookingDialog })),
);

type DialogKind = 'details' | 'form' | 'confirm' | 'cancel' | 'complete';

/** Mounted from its first opening on (so closing still animates), loaded on demand. */
function OnDemand({ used, children }: { used: boolean; children: ReactNode }) {
  return used ? <Suspense fallback={null}>{children}</Suspense> : null;
}

type FormState = { booking: Booking | null; prefill: BookingPrefill | null } | null;

export interface BookingDialogs {
  create: (prefill?: BookingPrefill) => void;
  edit: (booking: Booking) => void;
  confirm: (booking: Booking) => void;
  cancel: (booking: Booking) => void;
  complete: (booking: Booking) => void;
  details: (id: string) => void;
  closeDetails: () => void;
  detailsId: string | null;
  element: React.ReactNode;
}

/** The booking form, status dialogs and detail pane, mounted once per page. */
export function useBookingDialogs(options: { cancelTitle?: string } = {}): BookingDialogs {
  const [form, setForm] = useState<FormState>(null);
  const [confirming, setConfirming] = useState<Booking | null>(null);
  const [cancelling, setCancelling] = useState<Booking | null>(null);
  const [completing, setCompleting] = useState<Booking | null>(null);
  const [detailsId, setDetailsId] = useState<string | null>(null);
  const [used, setUsed] = useState<ReadonlySet<DialogKind>>(() => new Set());
  const markUsed = (kind: DialogKind) => setUsed((u) => (u.has(kind) ? u : new Set(u).add(kind)));
  const api = {
    create: (prefill?: BookingPrefill) => {
      markUsed('form');
      setForm({ booking: null, prefill: prefill ?? null });
    },
    edit: (booking: Booking) => {
      markUsed('form');
      setForm({ booking, prefill: null });
    },
    confirm: (booking: Booking | null) => {
      markUsed('confirm');
      setConfirming(booking);
    },
    cancel: (booking: Booking | null) => {
      markUsed('cancel');
      setCancelling(booking);
    },
    complete: (booking: Booking | null) => {
      markUsed('complete');
      setCompleting(booking);
    },
    details: (id: string | null) => {
      markUsed('details');
      setDetailsId(id);
    },
    closeDetails: () => setDetailsId(null),
  };
  const element = (
    <>
      <OnDemand used={used.has('details')}>
        <BookingDetailDrawer id={detailsId} onClose={() => setDetailsId(null)} actions={api} />
      </OnDemand>
      <OnDemand used={used.has('form')}>
        <BookingFormDialog
          opened={form !== null}
          booking={form?.booking}
          prefill={form?.prefill}
          onClose={() => setForm(null)}
        />
      </OnDemand>
      <OnDemand used={used.has('confirm')}>
        <ConfirmBookingDialog booking={confirming} onClose={() => setConfirming(null)} />
      </OnDemand>
      <OnDemand used={used.has('cancel')}>
        <CancelBookingDialog
          booking={cancelling}
          onClose={() => setCancelling(null)}
          title={options.cancelTitle}
        />
      </OnDemand>
      <OnDemand used={used.has('complete')}>
        <CompleteBookingDialog booking={completing} onClose={() => setCompleting(null)} />
      </OnDemand>
    </>
  );
  return { ...api, detailsId, element };
}
