/** The columns the booking form decides, written alike by create (INSERT) and edit (UPDATE). */
import { sql } from '@venue/service-kit';
import type { BookingForm } from './booking-form.ts';
import type { Priced } from './pricing.ts';
import type { spanFor } from '../availability/resource-slots.ts';
import { moneyValues } from '../status/payment.ts';

export interface FormValues {
  customerId: string;
  form: BookingForm;
  extras: { guestCount: number | null; estimatedPriceCents: number | null };
  resource: { id: string; name: string };
  priced: Priced;
  description: string;
  span: ReturnType<typeof spanFor>;
}

/** The form's columns and their values, alike for the INSERT and the edit's UPDATE. */
export function formValues(v: FormValues) {
  const { form, extras, span } = v;
  return {
    customer_id: v.customerId,
    customer_name: form.customerName,
    customer_email: form.customerEmail,
    customer_phone: form.customerPhone,
    event_type: form.eventType,
    guest_count: extras.guestCount,
    booking_date: form.bookingDate,
    start_time: form.startTime,
    end_time: form.endTime,
    resource_id: v.resource.id,
    resource_name: v.resource.name,
    estimated_price_cents: extras.estimatedPriceCents,
    calculated_price_cents: v.priced.cents,
    price_details: JSON.stringify(v.priced.details),
    add_ons: JSON.stringify(v.priced.addOns),
    additional_description: v.description.slice(0, 5000),
    setup_buffer_minutes: span.setup,
    packdown_buffer_minutes: span.packdown,
    starts_at: span.startsAt.toISOString(),
    ends_at: span.endsAt.toISOString(),
    // sql: a range value (the slot), which the builder has no constructor for
    slot: sql<string>`tstzrange(${span.slotStart.toISOString()}::timestamptz, ${span.slotEnd.toISOString()}::timestamptz)`,
    // a new price brings its stored figures (migration 007); an edit that keeps the price keeps them
    ...(v.priced.money ? moneyValues(v.priced.money) : {}),
  };
}
