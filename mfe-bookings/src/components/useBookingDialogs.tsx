import { useState } from 'react';
import type { Booking } from '../api/types.ts';
import { BookingDetailDrawer } from './BookingDetailDrawer.tsx';
import { BookingFormDialog, type BookingPrefill } from './BookingFormDialog.tsx';
import { CancelBookingDialog } from './CancelBookingDialog.tsx';
import { CompleteBookingDialog } from './CompleteBookingDialog.tsx';
import { ConfirmBookingDialog } from './ConfirmBookingDialog.tsx';

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
  const api = {
    create: (prefill?: BookingPrefill) => setForm({ booking: null, prefill: prefill ?? null }),
    edit: (booking: Booking) => setForm({ booking, prefill: null }),
    confirm: setConfirming,
    cancel: setCancelling,
    complete: setCompleting,
    details: setDetailsId,
    closeDetails: () => setDetailsId(null),
  };
  const element = (
    <>
      <BookingDetailDrawer id={detailsId} onClose={() => setDetailsId(null)} actions={api} />
      <BookingFormDialog
        opened={form !== null}
        booking={form?.booking}
        prefill={form?.prefill}
        onClose={() => setForm(null)}
      />
      <ConfirmBookingDialog booking={confirming} onClose={() => setConfirming(null)} />
      <CancelBookingDialog
        booking={cancelling}
        onClose={() => setCancelling(null)}
        title={options.cancelTitle}
      />
      <CompleteBookingDialog booking={completing} onClose={() => setCompleting(null)} />
    </>
  );
  return { ...api, detailsId, element };
}
