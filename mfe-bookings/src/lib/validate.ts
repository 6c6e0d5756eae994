/** The booking dialog's pre-send check: the service's own spec 02 §5.1 rules, for comfort. */
import {
  bookingExtrasProblem,
  bookingFormProblem,
  type BookingFormFields,
  type Country,
} from '@venue/contracts';

export interface BookingFormValues extends BookingFormFields {
  additionalDescription: string;
  estimatedPrice: string;
  guestCount: string;
  status: string;
}

export function todayIso(now = new Date()): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${p(now.getMonth() + 1)}-${p(now.getDate())}`;
}

/**
 * The first broken rule's message; `today` null skips the past-date rule (an edit keeping its
 * slot). `storedPhone` is the phone the booking already has: sent back unchanged it is not
 * checked again, as on the server (a number stored before decision 28 stays editable around).
 */
export function validateBooking(
  v: BookingFormValues,
  country: Country,
  today: string | null = todayIso(),
  storedPhone?: string,
): string | null {
  return (
    bookingFormProblem(v, today ?? '', {
      country,
      checkPast: today !== null,
      checkPhone: storedPhone === undefined || v.customerPhone.trim() !== storedPhone,
    })?.message ?? null
  );
}

/** Guest count against the hall's capacity (0 when unknown) and the price floor. */
export function validateBookingExtras(v: BookingFormValues, capacity: number): string | null {
  return (
    bookingExtrasProblem(
      { guestCount: v.guestCount.trim(), estimatedPrice: v.estimatedPrice.trim() },
      capacity,
    )?.message ?? null
  );
}
