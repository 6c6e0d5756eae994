/**
 * Test harness: insights on the kit's starter (a fresh database, the cast signed in) with what is
 * its own: its cast, stopped clocks, and builders of the owners' events as they publish them,
 * delivered with `kit.handleEvent` exactly as the relay would. Not a test file.
 */
import type { DomainEvent } from '@venue/contracts';
import {
  settingsChangedEvent,
  startServiceHarness,
  namedCast,
  testEvent,
  type ServiceHarness,
} from '@venue/service-kit/testing';
import { insightsService } from '../app.ts';
import { dashboardClock } from '../dashboard/read-dashboard.ts';
import { reportsClock } from '../reports/load.ts';

const { ids, cast } = namedCast('venues', {
  owners: ['OWNER', 'OWNER2'],
  staff: { STAFF: ['dashboard'], STAFF_NONE: ['help'] },
  superAdmins: ['SUPER'],
});
export const { OWNER, OWNER2, STAFF, STAFF_NONE, SUPER } = ids;

export type { Reply } from '@venue/service-kit/testing';

/** The kit's starter as it is: `deliver` hands an event over as the relay would. */
export type Harness = ServiceHarness;

/**
 * Stops the Dashboard's and the Reports' clocks at `now`, so figures can be worked out by hand;
 * the function returned starts them again.
 */
export function stopClocks(now: Date): () => void {
  const real = { dashboard: dashboardClock.now, reports: reportsClock.now };
  dashboardClock.now = () => new Date(now);
  reportsClock.now = () => new Date(now);
  return () => {
    dashboardClock.now = real.dashboard;
    reportsClock.now = real.reports;
  };
}

export function startInsights(): Promise<Harness> {
  // No settings at the start: each test sends the venues' settings it is about (settingsEvent).
  return startServiceHarness(() => ({ ...insightsService, subscriptions: {} }), { cast, settings: {} });
}

// ---------------------------------------------------------------------------------------------
// The owners' events
// ---------------------------------------------------------------------------------------------

export const settingsEvent = (tenantId: string, version = 1) => settingsChangedEvent(tenantId, version);

/** Harbour Hall's Payment settings (a valid ABN): the venue the report files and e-mails name. */
export const PAYMENT = {
  businessName: 'Harbour Hall',
  businessABN: '51824753556',
  businessAddress: '1 Quay St',
  businessPhone: '02 9000 0000',
  businessEmail: 'hello@harbourhall.example',
  bankName: 'Bank',
  accountName: 'Harbour Hall',
  bsb: '062000',
  accountNumber: '12345678',
  referenceNote: '',
  defaultDueDays: 14,
  paymentMethods: { stripe: false, bankTransfer: true, cash: true, cheque: false },
};

/** Opening hours the same every day of the week, as a resource event carries them. */
export function openDaily(open: string, close: string): Record<string, unknown> {
  const day = { open, close, closed: false };
  return Object.fromEntries(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((d) => [d, day]));
}

export function resourceEvent(
  tenantId: string,
  r: { id: string; name: string; status?: 'active' | 'archived'; hours?: Record<string, unknown> },
  type: 'resource.created' | 'resource.updated' | 'resource.deleted' = 'resource.created',
  occurredAt?: string,
): DomainEvent {
  return testEvent(
    type,
    'catalogue',
    tenantId,
    {
      id: r.id,
      tenantId,
      name: r.name,
      capacity: 100,
      status: r.status ?? 'active',
      setupBufferMinutes: 30,
      packdownBufferMinutes: 30,
      applyBuffers: true,
      type: 'hall',
      ...(r.hours ? { hours: r.hours } : {}),
    },
    occurredAt,
  );
}

export function blockoutEvent(
  tenantId: string,
  b: { id: string; resourceIds: string[]; startsAt: string; endsAt: string; reason?: string },
  type: 'blockout.created' | 'blockout.updated' | 'blockout.deleted' = 'blockout.created',
): DomainEvent {
  return testEvent(type, 'catalogue', tenantId, { tenantId, ...b });
}

export interface BookingSpec {
  id: string;
  code: string;
  resourceId: string;
  resourceName: string;
  status: 'pending' | 'tentative' | 'confirmed' | 'completed' | 'cancelled' | 'expired';
  startsAt: string;
  endsAt: string;
  customerName?: string;
  customerId?: string;
  holdExpiresAt?: string | null;
  cancelledAt?: string | null;
  docs?: { idVerified: boolean; insuranceVerified: boolean };
  bondRequired?: boolean;
  bondCents?: number;
  updatedAt?: string;
  // Reports (migration 011)
  customerEmail?: string;
  customerTier?: 'premium' | 'business' | 'standard' | 'nonprofit';
  cancellationReason?: string | null;
  bookingSource?: 'website' | 'admin' | 'quotation';
  quotationId?: string | null;
  totalCents?: number;
  createdAt?: string;
  setupBufferMinutes?: number;
  packdownBufferMinutes?: number;
}

/** A booking event with the whole booking as bookings publishes it (its API shape). */
export function bookingEvent(
  tenantId: string,
  b: BookingSpec,
  type: 'booking.created' | 'booking.updated' | 'booking.status_changed' = 'booking.created',
): DomainEvent {
  const name = b.customerName ?? 'Jane Smith';
  return testEvent(type, 'bookings', tenantId, {
    id: b.id,
    hallOwnerId: tenantId,
    bookingCode: b.code,
    customerId: b.customerId ?? 'CUST-0001',
    customerName: name,
    customerEmail: b.customerEmail ?? 'jane@example.com',
    customerPhone: '0400 000 000',
    eventType: 'Wedding',
    title: `Wedding - ${name}`,
    resourceId: b.resourceId,
    resourceName: b.resourceName,
    status: b.status,
    startsAt: b.startsAt,
    endsAt: b.endsAt,
    setupBufferMinutes: b.setupBufferMinutes ?? 30,
    packdownBufferMinutes: b.packdownBufferMinutes ?? 30,
    holdExpiresAt: b.holdExpiresAt ?? null,
    cancelledAt: b.cancelledAt ?? null,
    docs: b.docs ?? { idVerified: true, insuranceVerified: true },
    bondRequired: b.bondRequired ?? false,
    bondCents: b.bondCents ?? 0,
    bondPaid: false,
    money: { totalCents: b.totalCents ?? 100000 },
    createdAt: b.createdAt ?? '2026-10-01T00:00:00.000Z',
    updatedAt: b.updatedAt ?? '2026-11-01T00:00:00.000Z',
    customerTier: b.customerTier ?? 'standard',
    cancellationReason: b.cancellationReason ?? null,
    bookingSource: b.bookingSource ?? 'admin',
    quotationId: b.quotationId ?? null,
  });
}

export interface InvoiceSpec {
  id: string;
  number: string | null;
  type: 'DEPOSIT' | 'FINAL' | 'BOND';
  status: 'DRAFT' | 'SENT' | 'PARTIAL' | 'PAID' | 'OVERDUE' | 'VOID' | 'REFUNDED';
  bookingId?: string | null;
  customerName?: string;
  issueDate?: string | null;
  dueDate: string;
  totalCents: number;
  paidCents?: number;
  balanceCents?: number;
}

function invoiceData(i: InvoiceSpec) {
  const paid = i.paidCents ?? 0;
  return {
    id: i.id,
    invoiceNumber: i.number,
    type: i.type,
    status: i.status,
    bookingId: i.bookingId ?? null,
    bookingCode: null,
    customerName: i.customerName ?? 'Jane Smith',
    customerEmail: 'jane@example.com',
    issueDate: i.issueDate === undefined ? '2026-11-01' : i.issueDate,
    dueDate: i.dueDate,
    totalCents: i.totalCents,
    gstCents: Math.round(i.totalCents / 11),
    paidCents: paid,
    balanceCents: i.balanceCents ?? Math.max(0, i.totalCents - paid),
    creditedCents: 0,
  };
}

export function invoiceEvent(
  tenantId: string,
  i: InvoiceSpec,
  type: 'invoice.issued' | 'invoice.status_changed' = 'invoice.issued',
  occurredAt?: string,
): DomainEvent {
  return testEvent(
    type,
    'money',
    tenantId,
    { ...invoiceData(i), from: null, pdfPath: `/api/invoices/${i.id}/pdf`, businessName: 'Harbourside Hall' },
    occurredAt,
  );
}

export function paymentEvent(
  tenantId: string,
  p: {
    id: string;
    kind?: 'payment' | 'refund' | 'reversal';
    amountCents: number;
    processedAt: string;
    invoice: InvoiceSpec;
  },
  occurredAt?: string,
): DomainEvent {
  return testEvent(
    'payment.recorded',
    'money',
    tenantId,
    {
      paymentId: p.id,
      kind: p.kind ?? 'payment',
      amountCents: p.amountCents,
      paymentMethod: 'Bank Transfer',
      receiptNumber: 'RCT-0001',
      processedAt: p.processedAt,
      invoice: invoiceData(p.invoice),
      bookingMoney: null,
    },
    occurredAt,
  );
}

export function creditNoteEvent(
  tenantId: string,
  c: { id: string; invoiceId: string; amountCents: number; createdAt?: string },
): DomainEvent {
  return testEvent('credit_note.issued', 'money', tenantId, {
    id: c.id,
    hallOwnerId: tenantId,
    invoiceId: c.invoiceId,
    invoiceNumber: null,
    creditNoteNumber: 'CN-0001',
    issueDate: '2026-11-17',
    reason: 'Goodwill',
    amountCents: c.amountCents,
    gstCents: Math.round(c.amountCents / 11),
    amount: c.amountCents / 100,
    gst: Math.round(c.amountCents / 11) / 100,
    refundedCents: 0,
    createdAt: c.createdAt ?? '2026-11-17T00:00:00.000Z',
  });
}

export function bondEvent(
  tenantId: string,
  b: { id: string; bookingId: string; amountCents: number },
): DomainEvent {
  return testEvent('bond.received', 'money', tenantId, {
    id: b.id,
    bookingId: b.bookingId,
    status: 'HELD',
    amountCents: b.amountCents,
    refundedCents: 0,
    forfeitedCents: 0,
    forfeitedGstCents: 0,
    reason: null,
    at: '2026-11-17T00:00:00.000Z',
  });
}

export function auditEvent(
  tenantId: string | null,
  a: { actorId: string | null; actorEmail: string | null; action: string; targetLabel?: string; at: string },
): DomainEvent {
  return testEvent(
    'audit.recorded',
    'bookings',
    tenantId,
    {
      actorId: a.actorId,
      actorEmail: a.actorEmail,
      actorRole: 'hall_owner',
      action: a.action,
      targetType: 'booking',
      target: 'b-1',
      targetLabel: a.targetLabel ?? null,
      ipAddress: '127.0.0.1',
      additionalInfo: null,
      changes: null,
    },
    a.at,
  );
}

/** Money's `quotation.sent` / `quotation.declined` (the quotation e-mail's facts). */
export function quotationEvent(
  tenantId: string,
  q: { id: string; totalCents?: number; status?: 'Sent' | 'Declined' },
  type: 'quotation.sent' | 'quotation.declined' = 'quotation.sent',
  occurredAt?: string,
): DomainEvent {
  return testEvent(
    type,
    'money',
    tenantId,
    {
      quotationId: q.id,
      hallOwnerId: tenantId,
      customerName: 'Jane Smith',
      customerEmail: 'jane@example.com',
      eventType: 'Wedding',
      eventDate: '2026-12-12',
      resourceName: 'Main Hall',
      totalCents: q.totalCents ?? 150000,
      depositCents: 0,
      validUntil: '2026-12-01',
      status: q.status ?? (type === 'quotation.sent' ? 'Sent' : 'Declined'),
      pdfPath: type === 'quotation.sent' ? `/internal/quotations/${q.id}/pdf` : null,
    },
    occurredAt,
  );
}
