/**
 * Quotations (spec 03 §2.3, §3 Quotation, §4, §5, §7, §8, §9; issue 13, decision 33): the form's
 * request with every §5 message, the quotation as the screen lists it, the status move, the
 * acceptance answer and the events comms e-mails from. Amounts are integer cents beside the
 * spec's dollar fields (decision 4). Changes are additive only.
 */
import { z } from 'zod';
import { oneLine } from '../api/fields.ts';
import { DEPOSIT_TYPES, MAX_CENTS, toCents } from '../money/index.ts';

// The constants the screens import live in paths.ts (no zod there: issue 9 item 6).
import { QUOTATION_STATUSES, SETTABLE_QUOTATION_STATUSES, QUOTATION_MESSAGES } from './paths.ts';
export {
  QUOTATION_STATUSES,
  SETTABLE_QUOTATION_STATUSES,
  QUOTATION_VALID_DAYS,
  QUOTATION_MESSAGES,
  QUOTATION_PATHS,
} from './paths.ts';
import type { QuotationStatus } from './paths.ts';
export type { QuotationStatus } from './paths.ts';

const M = QUOTATION_MESSAGES;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
/** A number of dollars the money module can take (finite, not negative, at most MAX_CENTS). */
const isAmount = (v: unknown): v is number =>
  typeof v === 'number' && Number.isFinite(v) && v >= 0 && v <= MAX_CENTS / 100;
const required = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, message).max(max, `At most ${max} characters.`);
/** A name, phone, event type or hall: one line on the quotation and its e-mail (issue 24 item 15). */
const line = (message: string, max: number, label: string) => oneLine(required(message, max), label);

/** The quotation form (spec 03 §2.3, §5): POST and PUT /api/quotations. */
export const quotationInputSchema = z
  .object({
    customerName: line(M.customerNameRequired, 200, 'Customer name'),
    customerEmail: required(M.customerEmailRequired, 254).refine((v) => EMAIL.test(v), M.invalidEmail),
    customerPhone: line(M.customerPhoneRequired, 40, 'Customer phone'),
    eventType: line(M.eventTypeRequired, 100, 'Event type'),
    resource: line(M.resourceRequired, 200, 'Resource'),
    resourceName: oneLine(z.string().trim().max(200), 'Resource name').optional(),
    eventDate: z.iso.date({ error: M.eventDateRequired }),
    startTime: z.string({ error: M.startTimeRequired }).regex(TIME, M.startTimeRequired),
    endTime: z.string({ error: M.endTimeRequired }).regex(TIME, M.endTimeRequired),
    guestCount: z.number().int().min(0).max(100_000).optional(),
    totalAmount: z
      .number({ error: M.totalPositive })
      .refine((v) => Number.isFinite(v) && v > 0 && v <= MAX_CENTS / 100, M.totalPositive),
    depositType: z.enum(DEPOSIT_TYPES).default('None'),
    depositValue: z
      .number({ error: 'Must be a number.' })
      .min(0)
      .max(MAX_CENTS / 100)
      .optional(),
    taxType: z.enum(['Inclusive', 'Exclusive']).default('Inclusive'),
    notes: z.string().max(5000).optional(),
    /** The last valid day (the venue's); default 14 days from today. */
    validUntil: z.iso.date({ error: 'Must be a date (YYYY-MM-DD).' }).optional(),
    payment_details: z.object({ deposit_paid: z.boolean().optional() }).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.endTime <= v.startTime)
      ctx.addIssue({ code: 'custom', path: ['endTime'], message: M.endAfterStart });
    if (v.depositType === 'Fixed' && !(typeof v.depositValue === 'number' && v.depositValue > 0))
      ctx.addIssue({ code: 'custom', path: ['depositValue'], message: M.fixedDeposit });
    // A deposit is part of the price: never more than the quotation's total (issue 24 item 6).
    // Compared only when both are amounts (a bad one has its own message already).
    if (
      v.depositType === 'Fixed' &&
      isAmount(v.depositValue) &&
      isAmount(v.totalAmount) &&
      toCents(v.depositValue) > toCents(v.totalAmount)
    )
      ctx.addIssue({
        code: 'custom',
        path: ['depositValue'],
        message: M.depositOverTotal(v.totalAmount.toFixed(2)),
      });
    if (
      v.depositType === 'Percentage' &&
      !(
        typeof v.depositValue === 'number' &&
        Number.isInteger(v.depositValue) &&
        v.depositValue >= 1 &&
        v.depositValue <= 100
      )
    )
      ctx.addIssue({ code: 'custom', path: ['depositValue'], message: M.percentDeposit });
  })
  .transform((v) => ({
    ...v,
    totalCents: toCents(v.totalAmount),
    depositValue: v.depositType === 'None' ? 0 : (v.depositValue ?? 0),
  }));
export type QuotationInput = z.input<typeof quotationInputSchema>;

export const quotationStatusUpdateSchema = z.object({
  status: z.enum(SETTABLE_QUOTATION_STATUSES, { error: 'Status must be Sent, Accepted or Declined.' }),
});
export type QuotationStatusUpdate = z.input<typeof quotationStatusUpdateSchema>;

/** POST /api/quotations/bulk-send: the selected Draft or Sent quotations, each e-mailed with its PDF. */
export const quotationBulkSendSchema = z.object({
  ids: z
    .array(z.uuid({ error: 'Must be an id.' }))
    .min(1, 'Choose at least one quotation.')
    .max(200),
});
export const quotationBulkSentSchema = z.object({
  sent: z.array(z.uuid()),
  skipped: z.array(z.object({ id: z.string(), reason: z.string() })),
});

const cents = z.number().int().min(0);

export const quotationSchema = z.object({
  id: z.uuid(),
  /**
   * The venue's number for it (`QUO-2026-00001`): given when it is first sent, gap-free per venue
   * and year like invoice numbers (decision 31); null while it is a Draft nobody has received.
   */
  number: z.string().nullable(),
  hallOwnerId: z.uuid(),
  customerName: z.string(),
  customerEmail: z.string(),
  customerPhone: z.string(),
  eventType: z.string(),
  resource: z.string(),
  resourceName: z.string(),
  eventDate: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  guestCount: z.number().int().nullable(),
  totalAmount: z.number(),
  totalCents: cents,
  totalInclGst: z.number(),
  gstCents: cents,
  taxType: z.enum(['Inclusive', 'Exclusive']),
  taxRate: z.number(),
  depositType: z.enum(DEPOSIT_TYPES),
  depositValue: z.number(),
  depositAmount: z.number(),
  depositCents: cents,
  finalAmount: z.number(),
  validUntil: z.string(),
  notes: z.string(),
  /** Expired is read from the clock: Sent past the end of its valid day in the venue's zone. */
  status: z.enum(QUOTATION_STATUSES),
  bookingId: z.uuid().nullable(),
  /** The code of the booking its acceptance made (`HH-2026-0042`), so a screen can name it. */
  bookingCode: z.string().nullable(),
  acceptedAt: z.string().nullable(),
  sentAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /**
   * Who answered it (accepted or declined): the customer in the venue's portal, or staff (issue
   * 25). Null while unanswered, and on quotations answered before it was kept. Optional: additive.
   */
  answeredBy: z
    .object({ kind: z.enum(['customer', 'staff']), email: z.string().nullable() })
    .nullable()
    .optional(),
  /** What the customer said when declining it in the portal, if anything (issue 25). */
  declineReason: z.string().nullable().optional(),
  payment_details: z.object({
    total_amount: z.number(),
    deposit_amount: z.number(),
    deposit_type: z.enum(DEPOSIT_TYPES),
    final_due: z.number(),
    deposit_paid: z.boolean(),
  }),
});
export type Quotation = z.infer<typeof quotationSchema>;

export const quotationListSchema = z.object({
  quotations: z.array(quotationSchema),
  counts: z.record(z.enum(QUOTATION_STATUSES), z.number().int()),
  /** Spec 03 §4: Accepted ÷ (Sent + Accepted + Declined), a rounded percent, 0 without any. */
  acceptanceRate: z.number().int(),
  totalValueCents: cents,
});
export type QuotationList = z.infer<typeof quotationListSchema>;

/** 409 of an accept whose slot is taken: the quotation stays Sent; the clash is named. */
export const quotationConflictSchema = z.object({
  message: z.string(),
  conflict: z
    .object({
      bookingId: z.string(),
      bookingCode: z.string().optional(),
      customerName: z.string().optional(),
    })
    .nullable(),
});

/** Spec 03 §4: Accepted ÷ (Sent + Accepted + Declined), rounded; 0 when nothing was sent. */
export function acceptanceRate(counts: Partial<Record<QuotationStatus, number>>): number {
  const accepted = counts.Accepted ?? 0;
  const denominator = (counts.Sent ?? 0) + accepted + (counts.Declined ?? 0);
  return denominator === 0 ? 0 : Math.round((accepted * 100) / denominator);
}

/** bookings' POST /internal/bookings/from-quote: one confirmed booking per quotation id. */
export const bookingFromQuoteSchema = z.object({
  tenantId: z.uuid(),
  quotationId: z.uuid(),
  customerName: z.string().max(200),
  customerEmail: z.string().max(254),
  customerPhone: z.string().max(40),
  eventType: z.string().max(100),
  resource: z.string().max(200),
  eventDate: z.iso.date(),
  startTime: z.string().regex(TIME),
  endTime: z.string().regex(TIME),
  guestCount: z.number().int().min(0).max(100_000).nullable(),
  totalCents: cents.max(MAX_CENTS),
  depositType: z.enum(DEPOSIT_TYPES),
  depositValue: z
    .number()
    .min(0)
    .max(MAX_CENTS / 100),
  notes: z.string().max(5000),
  /** The quotation's tax terms, so the booking's total is the quoted one (absent: the venue's). */
  taxType: z.enum(['inclusive', 'exclusive']).optional(),
  taxRateBp: z.number().int().min(0).max(10_000).optional(),
});
export type BookingFromQuote = z.infer<typeof bookingFromQuoteSchema>;
/** The answer: created now, or the one an earlier accept of the same quotation made; or the clash. */
export const bookingFromQuoteAnswerSchema = z.discriminatedUnion('outcome', [
  z.object({
    outcome: z.enum(['created', 'existing']),
    booking: z.object({ id: z.string(), bookingCode: z.string() }),
  }),
  z.object({
    outcome: z.literal('conflict'),
    message: z.string(),
    conflict: z
      .object({
        bookingId: z.string(),
        bookingCode: z.string().optional(),
        customerName: z.string().optional(),
      })
      .nullable(),
  }),
]);
export type BookingFromQuoteAnswer = z.infer<typeof bookingFromQuoteAnswerSchema>;

/** A clash bookings names: the booking (or hold) already in the slot. */
const slotClashSchema = z.object({
  bookingId: z.string(),
  bookingCode: z.string().optional(),
  customerName: z.string().optional(),
});

/**
 * bookings' `POST /internal/bookings/slot-check` (issue 24 item 2): is the quotation's slot free
 * of bookings, holds and block-outs on that resource (its buffers counted), as bookings itself
 * would check it when the quotation is accepted? Money asks before it sends a quotation; it
 * writes nothing. `resource` is the resource's id.
 */
export const quotationSlotCheckSchema = z.object({
  tenantId: z.uuid(),
  resource: z.string().max(200),
  eventDate: z.iso.date(),
  startTime: z.string().regex(TIME),
  endTime: z.string().regex(TIME),
});
export type QuotationSlotCheck = z.infer<typeof quotationSlotCheckSchema>;
/**
 * Free, or the clash in words (`message`, in the venue's time format) with the clashing booking
 * when it is one (null for a block-out). 200 either way: the kit's client drops a refusal's body.
 */
export const quotationSlotCheckAnswerSchema = z.discriminatedUnion('outcome', [
  z.object({ outcome: z.literal('free') }),
  z.object({ outcome: z.literal('conflict'), message: z.string(), conflict: slotClashSchema.nullable() }),
]);
export type QuotationSlotCheckAnswer = z.infer<typeof quotationSlotCheckAnswerSchema>;

/** quotation.sent / quotation.declined: what comms' `quotation` e-mail needs. */
export const quotationEmailEventSchema = z.object({
  quotationId: z.uuid(),
  /** `QUO-2026-00001`: what the e-mail calls it. Optional: events before issue 24 lack it. */
  number: z.string().nullable().optional(),
  hallOwnerId: z.uuid(),
  customerName: z.string(),
  customerEmail: z.string(),
  eventType: z.string(),
  eventDate: z.string(),
  /** The event's times (HH:mm, the venue's clock). Optional: events before issue 24 lack them. */
  startTime: z.string().optional(),
  endTime: z.string().optional(),
  resourceName: z.string(),
  totalCents: cents,
  depositCents: cents,
  validUntil: z.string(),
  status: z.enum(QUOTATION_STATUSES),
  /** money's internal route comms fetches the PDF from (Send only). */
  pdfPath: z.string().nullable(),
  /**
   * `quotation.declined` (issue 25): who declined it — the venue's staff, or the customer in the
   * portal (then the venue, not the customer, is the one to tell) — and the customer's reason.
   * Optional: events before it lack them (staff).
   */
  declinedBy: z.enum(['venue', 'customer']).optional(),
  reason: z.string().nullable().optional(),
});
export type QuotationEmailEvent = z.infer<typeof quotationEmailEventSchema>;

/** The screen's paths (spec 03 §7). */
