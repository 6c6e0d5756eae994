/**
 * money's part of a tenant export (contracts money-api/tenant-export.ts): invoices, their lines,
 * payments, credit notes, deposits, bonds and quotations, as stored (integer cents, days, ISO
 * instants), for the privacy export (admin asks every service's `/internal/tenant-export`) and
 * insights' rebuild. Paged by key: each collection in id order through the (tenant_id, id)
 * primary key, so a page costs the same at the start and at the end of a large venue. Without a
 * `collection` the whole export is answered (what admin's privacy export expects), read page by
 * page in one transaction. That transaction is read committed (the kit's scope statement comes
 * first, so it cannot be raised to repeatable read): a payment recorded while a large export is
 * read may show in `payments` but not in its invoice's `paidCents`.
 */
import {
  MONEY_EXPORT_COLLECTIONS,
  MONEY_EXPORT_MAX_LIMIT,
  moneyExportQuerySchema,
  type MoneyExport,
  type MoneyExportCollection,
  type MoneyExportPage,
} from '@venue/contracts/money-api';
import {
  parseQuery,
  pathTenant,
  requireInternal,
  type AppRouter,
  type SelectQueryBuilder,
  type Tx,
} from '@venue/service-kit';
import { dateText, db, type MoneyDb } from '../db/query.ts';

const FIRST = '00000000-0000-0000-0000-000000000000';
type Item = Record<string, unknown>;
/** The tables the export pages through, each keyed by (tenant_id, id). */
type KeyedTable = 'invoices' | 'payments' | 'credit_notes' | 'bonds' | 'quotations';

type MoneyQuery = ReturnType<typeof db>;

/** Each collection's rows as the export names them, one entry per collection. */
const COLLECTION_ROWS = {
  invoices: (q) =>
    q
      .selectFrom('invoices')
      .select((eb) => [
        'id',
        'invoice_number as invoiceNumber',
        'type',
        'status',
        'booking_id as bookingId',
        'booking_code as bookingCode',
        'booking_source as bookingSource',
        'quotation_id as quotationId',
        'resource_name as resourceName',
        'event_type as eventType',
        dateText(eb.ref('event_date')).as('eventDate'),
        'customer_name as customerName',
        'customer_email as customerEmail',
        'customer_abn as customerAbn',
        dateText(eb.ref('issue_date')).as('issueDate'),
        dateText(eb.ref('due_date')).as('dueDate'),
        'description',
        'notes',
        'seller',
        'line_items as lineItems',
        'tax_type as taxType',
        'tax_rate_bp as taxRateBp',
        'subtotal_cents as subtotalCents',
        'gst_cents as gstCents',
        'total_cents as totalCents',
        'full_amount_cents as fullAmountCents',
        'deposit_applied_cents as depositAppliedCents',
        'credited_cents as creditedCents',
        'paid_cents as paidCents',
        'created_by as createdBy',
        'created_at as createdAt',
        'sent_at as sentAt',
        'paid_at as paidAt',
        'voided_at as voidedAt',
        'updated_at as updatedAt',
      ]),
  payments: (q) =>
    q
      .selectFrom('payments')
      .select([
        'id',
        'invoice_id as invoiceId',
        'kind',
        'payment_method as paymentMethod',
        'amount_cents as amountCents',
        'reference',
        'notes',
        'credit_note_id as creditNoteId',
        'reverses_payment_id as reversesPaymentId',
        'reversed_at as reversedAt',
        'receipt_number as receiptNumber',
        'created_by as createdBy',
        'processed_at as processedAt',
      ]),
  creditNotes: (q) =>
    q
      .selectFrom('credit_notes')
      .select((eb) => [
        'id',
        'invoice_id as invoiceId',
        'credit_note_number as creditNoteNumber',
        dateText(eb.ref('issue_date')).as('issueDate'),
        'reason',
        'amount_cents as amountCents',
        'gst_cents as gstCents',
        'refunded_cents as refundedCents',
        'created_by as createdBy',
        'created_at as createdAt',
      ]),
  // The deposit is its DEPOSIT invoice (decision 32): paid exactly when that invoice is PAID.
  deposits: (q) =>
    q
      .selectFrom('invoices')
      .select((eb) => [
        'id as invoiceId',
        'booking_id as bookingId',
        'booking_code as bookingCode',
        'invoice_number as invoiceNumber',
        'status as invoiceStatus',
        eb('total_cents', '-', eb.ref('credited_cents')).as('depositCents'),
        'paid_cents as paidCents',
        eb('status', '=', 'PAID').as('depositPaid'),
        eb.case().when('status', '=', 'PAID').then(eb.ref('paid_at')).end().as('paidAt'),
        dateText(eb.ref('due_date')).as('dueDate'),
        'created_at as createdAt',
      ])
      .where('type', '=', 'DEPOSIT'),
  bonds: (q) =>
    q
      .selectFrom('bonds')
      .select([
        'id',
        'booking_id as bookingId',
        'status',
        'amount_cents as amountCents',
        'payment_method as paymentMethod',
        'reference',
        'received_at as receivedAt',
        'refunded_cents as refundedCents',
        'forfeited_cents as forfeitedCents',
        'forfeited_gst_cents as forfeitedGstCents',
        'forfeit_reason as forfeitReason',
        'forfeit_invoice_id as forfeitInvoiceId',
        'settled_at as settledAt',
        'created_by as createdBy',
        'created_at as createdAt',
        'updated_at as updatedAt',
      ]),
  // Stored statuses (Expired is read from the clock, decision 33; an accept in flight reads Accepting).
  quotations: (q) =>
    q
      .selectFrom('quotations')
      .select((eb) => [
        'id',
        'customer_name as customerName',
        'customer_email as customerEmail',
        'customer_phone as customerPhone',
        'event_type as eventType',
        'resource',
        'resource_name as resourceName',
        dateText(eb.ref('event_date')).as('eventDate'),
        'start_time as startTime',
        'end_time as endTime',
        'guest_count as guestCount',
        'total_cents as totalCents',
        'tax_type as taxType',
        'tax_rate_bp as taxRateBp',
        'deposit_type as depositType',
        eb.cast<string>('deposit_value', 'text').as('depositValue'),
        'deposit_cents as depositCents',
        'deposit_paid as depositPaid',
        'deposit_paid_at as depositPaidAt',
        'deposit_paid_method as depositPaidMethod',
        dateText(eb.ref('valid_until')).as('validUntil'),
        'notes',
        'status',
        'booking_id as bookingId',
        'accepted_snapshot as acceptedSnapshot',
        'accepted_at as acceptedAt',
        'sent_at as sentAt',
        'created_by as createdBy',
        'created_at as createdAt',
        'updated_at as updatedAt',
      ]),
} satisfies Record<
  Exclude<MoneyExportCollection, 'invoiceLines'>,
  (q: MoneyQuery) => SelectQueryBuilder<MoneyDb, KeyedTable, Item>
>;

/** One page of a collection's rows: the tenant's, after the key `after`, `limit` long, by id. */
function pageRows(
  tx: Tx,
  tenantId: string,
  collection: Exclude<MoneyExportCollection, 'invoiceLines'>,
  after: string,
  limit: number,
): Promise<Item[]> {
  // Every collection pages alike: the tenant's rows after the key, in id order, `limit` long.
  const rows: SelectQueryBuilder<MoneyDb, KeyedTable, Item> = COLLECTION_ROWS[collection](db(tx));
  return rows.where('tenant_id', '=', tenantId).where('id', '>', after).orderBy('id').limit(limit).execute();
}

/** bigint columns arrive as strings from node-postgres: cents are numbers in the export; instants ISO. */
function clean(row: Item): Item {
  const out: Item = {};
  for (const [k, v] of Object.entries(row)) {
    if (k.endsWith('Cents') && v !== null && v !== undefined) out[k] = Number(v);
    else if (v instanceof Date) out[k] = v.toISOString();
    else if (typeof v === 'string' && (k === 'lineItems' || k === 'seller' || k === 'acceptedSnapshot'))
      out[k] = JSON.parse(v) as unknown;
    else out[k] = v;
  }
  return out;
}

/** One page of one collection, after `after` (exclusive), `limit` long; `next` null at the end. */
export async function exportPage(
  tx: Tx,
  tenantId: string,
  collection: MoneyExportCollection,
  after: string | undefined,
  limit: number,
): Promise<MoneyExportPage> {
  const rows = await pageRows(
    tx,
    tenantId,
    collection === 'invoiceLines' ? 'invoices' : collection,
    after ?? FIRST,
    limit,
  );
  const page = rows.map(clean);
  const key = collection === 'deposits' ? 'invoiceId' : 'id';
  const next = page.length === limit ? String(page.at(-1)![key]) : null;
  if (collection !== 'invoiceLines') return { collection, items: page, next };
  // Lines live on their invoice (jsonb): one row per line, paged by the invoice they belong to.
  const items = page.flatMap((inv) =>
    ((inv.lineItems as Item[] | null) ?? []).map((line, i) => ({
      invoiceId: inv.id,
      invoiceNumber: inv.invoiceNumber,
      line: i + 1,
      ...line,
    })),
  );
  return { collection, items, next };
}

/** Every collection whole, page by page. */
export async function wholeExport(tx: Tx, tenantId: string): Promise<MoneyExport> {
  const out: Record<string, Item[]> = {};
  for (const c of MONEY_EXPORT_COLLECTIONS) {
    const all: Item[] = [];
    let after: string | undefined;
    for (;;) {
      const page = await exportPage(tx, tenantId, c, after, MONEY_EXPORT_MAX_LIMIT);
      all.push(...page.items);
      if (!page.next) break;
      after = page.next;
    }
    out[c] = all;
  }
  return {
    format: 'venue-money-export/1',
    tenantId,
    exportedAt: new Date().toISOString(),
    ...(out as Record<MoneyExportCollection, Item[]>),
  };
}

export function exportRoutes(router: AppRouter): void {
  router.get('/internal/tenant-export/:tenantId', requireInternal, async (ctx) => {
    const tenantId = pathTenant(ctx);
    const q = parseQuery(ctx, moneyExportQuerySchema);
    ctx.body = await ctx.kit.db.tenantTx(tenantId, async (tx) => {
      if (q.collection) return exportPage(tx, tenantId, q.collection, q.after, q.limit);
      return wholeExport(tx, tenantId);
    });
  });
}
