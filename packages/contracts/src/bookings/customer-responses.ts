/**
 * The bookings service's customer answers (the Customers screen's list and one customer with
 * their bookings), as it sends them (customer-directory.ts). Money in cents.
 */
import { z } from 'zod';
import { cents, day, hhmm, instant } from '../api/common.ts';
import { SEGMENTS } from './values.ts';
import { bookingStatusSchema } from './booking-responses.ts';

export const customerSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    phone: z.string(),
    tier: z.string().nullable(),
    tags: z.array(z.string()),
    rfm: z.string(),
    recency: z.number().int(),
    frequency: z.number().int(),
    monetary: z.number().int(),
    segment: z.enum(SEGMENTS),
    clvCents: cents(),
    clv: z.number(),
    lastActiveDays: z.number().int().nullable(),
    totalBookings: z.number().int(),
    totalSpendCents: cents(),
    totalSpend: z.number(),
    lifetimeSpendCents: cents(),
    lifetimeSpend: z.number(),
    anonymised: z.boolean(),
    cancelledBookings: z.number().int(),
    firstBookingDate: day().nullable(),
    lastBookingDate: day().nullable(),
    /** The latest booking date not cancelled (what Last Active counts from). */
    lastActiveDate: day().nullable(),
    frequency12m: z.number().int(),
    monetary12mCents: cents(),
    /** The venue's date the 12-month figures and scores were computed for. */
    figuresAsOf: day().nullable(),
  })
  .meta({ id: 'Customer' });
export type Customer = z.infer<typeof customerSchema>;

export const customerListSchema = z.object({
  items: z.array(customerSchema),
  total: z.number().int().nullable(),
  page: z.number().int().nullable(),
  limit: z.number().int(),
  stats: z.object({
    total: z.number().int(),
    vip: z.number().int(),
    atRisk: z.number().int(),
    topSegment: z.string().nullable(),
  }),
  hasMore: z.boolean(),
  nextCursor: z.string().nullable(),
  /** When the tenant's scores were last recomputed over all its customers (null: not yet). */
  scoresComputedAt: instant().nullable(),
});
export type CustomerList = z.infer<typeof customerListSchema>;

export const customerBookingSchema = z.object({
  id: z.string(),
  bookingCode: z.string(),
  date: day(),
  spendCents: cents(),
  spend: z.number(),
  cancelled: z.boolean(),
  status: bookingStatusSchema,
  eventType: z.string(),
  resource: z.string(),
  startTime: hhmm(),
  endTime: hhmm(),
  guestCount: z.number().int().nullable(),
  createdAt: instant(),
});
export type CustomerBooking = z.infer<typeof customerBookingSchema>;

export const customerDetailSchema = customerSchema
  .extend({
    notes: z.string().nullable(),
    bookings: z.array(customerBookingSchema),
    avgSpendPerBookingCents: cents(),
    counts: z.object({
      cancelled: z.number().int(),
      confirmed: z.number().int(),
      pending: z.number().int(),
      completed: z.number().int(),
    }),
  })
  .meta({ id: 'CustomerDetail' });
export type CustomerDetail = z.infer<typeof customerDetailSchema>;
