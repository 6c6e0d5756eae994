/** The booking dialog's pre-send check: the service's own spec 02 §5.1 rules, for comfort. */
import {
  bookingExtrasProblem,
  bookingFormProblems,
  type BookingFormFields,
  type Country,
} from '@venue/contracts';

export interface BookingFormValues extends BookingFormFields {
  additionalDescription: string;
  estimatedPrice: string;
  guestCount: string;
  status: string;
}

/** A message per field that breaks a rule; the form shows them all at once, beside their fields. */
export type FieldErrors = Partial<Record<keyof BookingFormValues, string>>;

export interface BookingCheckOptions {
  /**
   * The venue's day (`venueToday`, never the browser's: the server checks against the venue's);
   * null skips the past-date rule (an edit keeping its slot).
   */
  today: string | null;
  /**
   * The phone the booking already has: sent back unchanged it is not checked again, as on the
   * server (a number stored before decision 28 stays editable around).
   */
  storedPhone?: string;
  /** The hall's capacity, 0 when unknown (the catalogue's "not set"). */
  capacity?: number;
}

/**
 * Every field's first broken rule: the spec's rules 1–6 (shared with the service) and the
 * optional fields' limits (guest count against the hall's capacity, the price floor).
 */
export function bookingFieldErrors(
  v: BookingFormValues,
  country: Country,
  { today, storedPhone, capacity = 0 }: BookingCheckOptions,
): FieldErrors {
  const errors: FieldErrors = {};
  const problems = bookingFormProblems(v, today ?? '', {
    country,
    checkPast: today !== null,
    checkPhone: storedPhone === undefined || v.customerPhone.trim() !== storedPhone,
  });
  // Each optional field on its own, so a bad guest count does not hide a bad price.
  const extras = [
    bookingExtrasProblem({ guestCount: v.guestCount.trim() }, capacity),
    bookingExtrasProblem({ estimatedPrice: v.estimatedPrice.trim() }, capacity),
    bookingExtrasProblem({ additionalDescription: v.additionalDescription }, capacity),
  ];
  for (const p of [...problems, ...extras]) {
    if (p && !errors[p.path as keyof BookingFormValues])
      errors[p.path as keyof BookingFormValues] = p.message;
  }
  return errors;
}
