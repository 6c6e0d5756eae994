/** The columns the booking form decides, written alike by create (INSERT) and edit (UPDATE). */
import type { BookingForm } from './booking-form.ts';
import type { Priced } from './pricing.ts';
import type { spanFor } from '../availability/resource-slots.ts';
import { moneyColumns } from '../status/payment.ts';

export interface FormValues {
  customerId: string;
  form: BookingForm;
  extras: { guestCount: number | null; estimatedPriceCents: number | null };
  resource: { id: string; name: string };
  priced: Priced;
  description: string;
  span: ReturnType<typeof spanFor>;
}

/** column → SQL expression, its values added through `p`. */
export function formColumns(v: FormValues, p: (value: unknown) => string): Record<string, string> {
  const { form, extras, span } = v;
  return {
    customer_id: p(v.customerId),
    customer_name: p(form.customerName),
    customer_email: p(form.customerEmail),
    customer_phone: p(form.customerPhone),
    event_type: p(form.eventType),
    guest_count: p(extras.guestCount),
    booking_date: p(form.bookingDate),
    start_time: p(form.startTime),
    end_time: p(form.endTime),
    resource_id: p(v.resource.id),
    resource_name: p(v.resource.name),
    estimated_price_cents: p(extras.estimatedPriceCents),
    calculated_price_cents: p(v.priced.cents),
    price_details: p(JSON.stringify(v.priced.details)),
    add_ons: p(JSON.stringify(v.priced.addOns)),
    additional_description: p(v.description.slice(0, 5000)),
    setup_buffer_minutes: p(span.setup),
    packdown_buffer_minutes: p(span.packdown),
    starts_at: p(span.startsAt.toISOString()),
    ends_at: p(span.endsAt.toISOString()),
    slot: `tstzrange(${p(span.slotStart.toISOString())}::timestamptz, ${p(span.slotEnd.toISOString())}::timestamptz)`,
    // a new price brings its stored figures (migration 007); an edit that keeps the price keeps them
    ...(v.priced.money ? moneyColumns(v.priced.money, p) : {}),
  };
}
