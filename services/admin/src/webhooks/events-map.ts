/**
 * From the product's domain events to the webhook events a venue subscribes to (decision 60):
 * which webhook events one domain event is, the aggregate whose order they keep (a booking, an
 * invoice, a quotation), and `data` as the contracts document it (docs/api/admin.md "Webhooks").
 * Payloads pass through the documented schema, so an internal field (an internal PDF path, a
 * request's fingerprint) never leaves the building however a publisher's payload grows.
 */
import { createHash } from 'node:crypto';
import type { z } from 'zod';
import {
  webhookDocumentUploadedSchema,
  webhookInvoiceSchema,
  webhookRequestReceivedSchema,
  type WebhookEventType,
} from '@venue/contracts/admin';
import { WEBHOOK_SOURCE_EVENTS } from '@venue/contracts';
import { bookingSchema } from '@venue/contracts/bookings';
import { creditNoteSchema } from '@venue/contracts/money-api';
import type { EventOf } from '@venue/service-kit';

/** The domain events admin consumes for webhooks (its subscriptions beside `audit.recorded`). */
export const WEBHOOK_SOURCES = WEBHOOK_SOURCE_EVENTS;
export type WebhookSource = (typeof WEBHOOK_SOURCES)[number];
export type SourceEvent = EventOf<WebhookSource>;

export interface WebhookEvent {
  /** Stable for this domain event and type: a redelivered domain event makes the same id. */
  id: string;
  type: WebhookEventType;
  /** Deliveries of one aggregate go out in order. */
  aggregateKey: string;
  createdAt: string;
  data: unknown;
}

/** A uuid (version 8, RFC 9562) drawn from the domain event's id and the webhook type. */
export function webhookEventId(domainEventId: string, type: string): string {
  const h = createHash('sha256').update(`${domainEventId}/${type}`).digest();
  h[6] = (h[6]! & 0x0f) | 0x80;
  h[8] = (h[8]! & 0x3f) | 0x80;
  const hex = h.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * `value` in the documented shape: parsed by `schema` (unknown fields dropped). A payload from
 * before a field existed fails the parse; then its documented fields are passed as they are and
 * nothing else.
 */
function project(schema: z.ZodObject, value: unknown): Record<string, unknown> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data as Record<string, unknown>;
  const source = (value && typeof value === 'object' ? value : {}) as Record<string, unknown>;
  return Object.fromEntries(Object.keys(schema.shape).flatMap((k) => (k in source ? [[k, source[k]]] : [])));
}

type InvoiceLike = Record<string, unknown> & { id: string };

function invoiceData(invoice: InvoiceLike, previousStatus: unknown): Record<string, unknown> {
  return project(webhookInvoiceSchema, {
    ...invoice,
    previousStatus: previousStatus ?? null,
    pdfPath: typeof invoice.pdfPath === 'string' ? invoice.pdfPath : `/api/invoices/${invoice.id}/pdf`,
  });
}

type QuotationEvent = EventOf<'quotation.sent' | 'quotation.accepted' | 'quotation.declined'>['data'];

function quotationData(q: QuotationEvent): Record<string, unknown> {
  const accepted = 'acceptedBy' in q ? q : null;
  return {
    id: q.quotationId,
    number: q.number ?? null,
    status: q.status,
    customerName: q.customerName,
    customerEmail: q.customerEmail,
    eventType: q.eventType,
    eventDate: q.eventDate,
    startTime: q.startTime ?? null,
    endTime: q.endTime ?? null,
    resourceName: q.resourceName,
    totalCents: q.totalCents,
    depositCents: q.depositCents,
    validUntil: q.validUntil,
    bookingId: accepted?.bookingId ?? null,
    bookingCode: accepted?.bookingCode ?? null,
    answeredBy: accepted?.acceptedBy ?? q.declinedBy ?? null,
    declineReason: q.reason ?? null,
  };
}

/** Booking statuses a move (or a creation) into which is a webhook event of its own. */
const BOOKING_MOVES: Readonly<Record<string, WebhookEventType>> = {
  tentative: 'booking.held',
  confirmed: 'booking.confirmed',
  cancelled: 'booking.cancelled',
  completed: 'booking.completed',
  expired: 'booking.expired',
};
const INVOICE_MOVES: Readonly<Record<string, WebhookEventType>> = {
  PAID: 'invoice.paid',
  VOID: 'invoice.voided',
};

/** The webhook events one domain event is (none for a move no webhook event names). */
export function webhookEventsOf(event: SourceEvent): WebhookEvent[] {
  const out: WebhookEvent[] = [];
  const add = (type: WebhookEventType, aggregateKey: string, data: unknown) =>
    out.push({ id: webhookEventId(event.id, type), type, aggregateKey, createdAt: event.occurredAt, data });

  switch (event.type) {
    case 'booking.created':
    case 'booking.updated':
    case 'booking.status_changed': {
      const b = event.data;
      const key = `booking:${b.id}`;
      const booking = project(bookingSchema, b);
      if (event.type === 'booking.status_changed') {
        const moved = BOOKING_MOVES[String(b.to ?? b.status)];
        if (moved) add(moved, key, booking);
        break;
      }
      add(event.type, key, booking);
      // A booking made held or confirmed at once is held or confirmed as much as one moved there.
      if (event.type === 'booking.created' && (b.status === 'tentative' || b.status === 'confirmed'))
        add(BOOKING_MOVES[b.status]!, key, booking);
      break;
    }
    case 'booking.request_received':
      add(
        'booking.request_received',
        `booking:${event.data.id}`,
        project(webhookRequestReceivedSchema, event.data),
      );
      break;
    case 'booking.document_uploaded':
      add(
        'booking.document_uploaded',
        `booking:${event.data.booking.id}`,
        project(webhookDocumentUploadedSchema, {
          document: event.data.document,
          booking: project(bookingSchema, event.data.booking),
        }),
      );
      break;
    case 'quotation.sent':
    case 'quotation.accepted':
    case 'quotation.declined':
      add(event.type, `quotation:${event.data.quotationId}`, quotationData(event.data));
      break;
    case 'invoice.issued':
      add('invoice.issued', `invoice:${event.data.id}`, invoiceData(event.data, event.data.from));
      break;
    case 'invoice.status_changed': {
      const moved = INVOICE_MOVES[event.data.status];
      if (moved && event.data.from !== event.data.status)
        add(moved, `invoice:${event.data.id}`, invoiceData(event.data, event.data.from));
      break;
    }
    case 'payment.recorded': {
      const p = event.data;
      add('payment.recorded', `invoice:${p.invoice.id}`, {
        id: p.paymentId,
        kind: p.kind,
        amountCents: p.amountCents,
        paymentMethod: p.paymentMethod,
        receiptNumber: p.receiptNumber,
        processedAt: p.processedAt,
        invoice: invoiceData(p.invoice, null),
      });
      break;
    }
    case 'credit_note.issued': {
      const { invoice, ...note } = event.data;
      add('credit_note.issued', `invoice:${note.invoiceId}`, {
        ...project(creditNoteSchema, note),
        invoice: invoice ? invoiceData(invoice, null) : null,
      });
      break;
    }
  }
  return out;
}

/** The tenant an event belongs to: its envelope's, else (a sweep's booking event) the booking's owner. */
export function tenantOfEvent(event: SourceEvent): string | null {
  if (event.tenantId) return event.tenantId;
  const data = event.data as { hallOwnerId?: unknown };
  return typeof data.hallOwnerId === 'string' ? data.hallOwnerId : null;
}
