// Tenant indexes serve money's queries (decision 2, decision 26): with one small tenant, one big
// one and a crowd of others, every statement the Invoices, Payments, Deposits and bond requests
// run is planned (as the application role, in the caller's tenant transaction) without a Seq
// Scan of a big tenant table or an index scan that ignores the tenant. PostgreSQL server only.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { encodeCursor } from '@venue/service-kit/paging';
import {
  analyzeTenantTables,
  customerHeaders,
  readsWithoutTenant,
  recordCustomerStatements,
  recordTenantStatements,
} from '@venue/service-kit/testing';
import { OWNER, OWNER2, startMoney, type Harness } from './testing/harness.ts';

const server = Boolean(process.env.TEST_DATABASE_URL);

let h: Harness;
let big: Set<string>;
let invoiceId: string;
let paymentId: string;
let depositBooking: string;

/** `n` confirmed bookings, each with a sent FINAL invoice, a payment and a bond. */
async function seed(tenantId: string, n: number): Promise<void> {
  await h.t.kit.db.systemTx(async (tx) => {
    await tx.query(
      `INSERT INTO booking_copy (tenant_id, booking_id, booking_code, status, customer_name, customer_email, event_type,
          booking_date, start_time, end_time, resource_name, booking_source, tax_type, tax_rate_bp, total_cents,
          deposit_cents, price_cents, booking_updated_at)
       SELECT $1, gen_random_uuid(), 'SEED-' || g, (ARRAY['confirmed', 'pending', 'completed'])[1 + g % 3],
              'Seed ' || g, 'seed' || g || '@example.com', 'Party', date '2026-01-01' + (g % 300), '10:00', '12:00',
              'Hall', 'admin', 'inclusive', 1000, 110000, 0, 110000, now()
         FROM generate_series(1, $2::int) g`,
      [tenantId, n],
    );
    await tx.query(
      `INSERT INTO invoices (tenant_id, invoice_number, type, status, booking_id, booking_code, customer_name,
          customer_email, issue_date, due_date, description, line_items, tax_type, tax_rate_bp, subtotal_cents,
          gst_cents, total_cents, full_amount_cents, paid_cents, sent_at, created_at)
       SELECT b.tenant_id, 'INV-2026-' || b.booking_code, 'FINAL', 'PARTIAL', b.booking_id, b.booking_code,
              b.customer_name, b.customer_email, date '2026-01-01', date '2026-02-01', 'Seed', '[]', 'inclusive',
              1000, 100000, 10000, 110000, 110000, 100, now(), now() - (random() * interval '300 days')
         FROM booking_copy b WHERE b.tenant_id = $1`,
      [tenantId],
    );
    await tx.query(
      `INSERT INTO payments (tenant_id, invoice_id, kind, payment_method, amount_cents, receipt_number, processed_at)
       SELECT i.tenant_id, i.id, 'payment', 'Cash', 100, 'RCT-' || i.invoice_number, i.created_at
         FROM invoices i WHERE i.tenant_id = $1`,
      [tenantId],
    );
    await tx.query(
      `INSERT INTO quotations (tenant_id, customer_name, customer_email, customer_phone, event_type, resource,
          resource_name, event_date, start_time, end_time, total_cents, tax_type, tax_rate_bp, deposit_type,
          deposit_cents, valid_until, status, created_at)
       SELECT b.tenant_id, b.customer_name, b.customer_email, '0400000000', 'Party', 'r', 'Hall', b.booking_date,
              '10:00', '12:00', 110000, 'Inclusive', 1000, 'Fixed', 10000, b.booking_date,
              (ARRAY['Draft', 'Sent', 'Declined'])[1 + (random() * 2)::int], now() - (random() * interval '300 days')
         FROM booking_copy b WHERE b.tenant_id = $1`,
      [tenantId],
    );
    await tx.query(
      `INSERT INTO bonds (tenant_id, booking_id, amount_cents, payment_method)
       SELECT b.tenant_id, b.booking_id, 50000, 'Cash' FROM booking_copy b WHERE b.tenant_id = $1`,
      [tenantId],
    );
  });
}

// A suite of its own: its money starts before this file's tests and stops after them (decision 70).
describe('explain.test.ts', () => {
  before(async () => {
    if (!server) return;
    h = await startMoney();
    await seed(OWNER, 200);
    await seed(OWNER2, 3000);
    for (let i = 0; i < 20; i++) {
      const crowd = randomUUID();
      await seed(crowd, 100);
    }
    const booking = await h.booking('booking.created', { totalCents: 50_000 });
    depositBooking = await h.booking('booking.created', { totalCents: 50_000, depositCents: 10_000 });
    const inv = (
      await h.call('POST', '/api/invoices', OWNER, { bookingId: booking, invoiceType: 'FINAL', issue: true })
    ).body;
    invoiceId = inv.id;
    paymentId = (
      await h.call('POST', `/api/invoices/${invoiceId}/payments`, OWNER, { amount: 1, paymentMethod: 'Cash' })
    ).body.payment.id;
    big = await analyzeTenantTables(h.t.kit.db, 1000);
  });
  after(async () => {
    await h?.close();
  });

  const REQUESTS: Array<[string, string, () => string, unknown?]> = [
    ['GET', 'invoices list', () => `/api/invoices/hall-owner/${OWNER}`],
    ['GET', 'invoices list by status', () => `/api/invoices/hall-owner/${OWNER}?status=PARTIAL`],
    ['GET', 'invoices page', () => `/api/invoices?limit=25`],
    [
      'GET',
      'invoices page after a cursor',
      () =>
        `/api/invoices?limit=25&cursor=${encodeCursor('issueDate', 'desc', ['20460', '2026-03-01T00:00:00.000000Z', randomUUID()])}`,
    ],
    ['GET', 'invoices page 3', () => `/api/invoices?limit=25&page=3&withTotal=0`],
    ['GET', 'invoices page by due date', () => `/api/invoices?limit=25&sort=dueDate&order=asc`],
    ['GET', 'invoices page by number', () => `/api/invoices?limit=25&sort=invoiceNumber`],
    ['GET', 'invoices page by total', () => `/api/invoices?limit=25&sort=total`],
    ['GET', 'invoices page searched', () => `/api/invoices?limit=25&search=seed%2012&status=PARTIAL,SENT`],
    ['GET', 'invoices page in a range', () => `/api/invoices?limit=25&from=2026-01-01&to=2026-01-31`],
    ['GET', 'invoices summary', () => `/api/invoices/summary?resource=Hall`],
    ['GET', 'quotations page', () => `/api/quotations?limit=25`],
    ['GET', 'quotations page by event date', () => `/api/quotations?limit=25&sort=eventDate&order=asc`],
    ['GET', 'quotations page by amount', () => `/api/quotations?limit=25&sort=amount`],
    ['GET', 'quotations page by valid day', () => `/api/quotations?limit=25&sort=validUntil`],
    ['GET', 'quotations page by deposit', () => `/api/quotations?limit=25&sort=deposit`],
    ['GET', 'quotations page by id', () => `/api/quotations?limit=25&sort=id&page=2`],
    ['GET', 'quotations page expired, searched', () => `/api/quotations?limit=25&status=Expired&search=seed`],
    ['GET', 'quotations summary', () => `/api/quotations/summary`],
    ['GET', 'quotations (spec array)', () => `/api/quotations/my-quotations`],
    ['GET', 'deposits page', () => `/api/deposits?limit=25`],
    ['GET', 'deposits page 2, unpaid', () => `/api/deposits?limit=25&page=2&paid=Unpaid`],
    ['GET', 'deposits page searched', () => `/api/deposits?limit=25&search=seed%201&paid=Paid`],
    ['GET', 'deposits summary', () => `/api/deposits/summary`],
    ['GET', 'quotation deposits page', () => `/api/deposits/quotations/page?limit=25&paid=Unpaid`],
    ['GET', 'quotation deposits summary', () => `/api/deposits/quotations/summary`],
    ['GET', 'quotation deposits (array)', () => `/api/deposits/quotations`],
    ['GET', 'payments page 2', () => `/api/payments?limit=25&page=2`],
    ['GET', 'bonds page', () => `/api/deposits/bonds?limit=25`],
    // issue 26 item 4: the accounting files page through the same tenant indexes
    ['GET', 'Xero sales file of a year', () => `/api/invoices/export/xero?from=2026-01-01&to=2026-12-31`],
    ['GET', 'MYOB sales file of a year', () => `/api/invoices/export/myob?from=2026-01-01&to=2026-12-31`],
    ['GET', 'Xero payments file of a year', () => `/api/payments/export/xero?from=2026-01-01&to=2026-12-31`],
    ['GET', 'MYOB payments file of a year', () => `/api/payments/export/myob?from=2026-01-01&to=2026-12-31`],
    ['GET', 'invoice detail', () => `/api/invoices/${invoiceId}`],
    ['GET', 'payments list', () => `/api/payments/hall-owner/${OWNER}`],
    ['GET', 'deposits list', () => `/api/deposits/hall-owner/${OWNER}`],
    ['GET', 'bonds list', () => `/api/deposits/bonds/hall-owner/${OWNER}`],
    ['GET', 'receipt', () => `/api/payments/${paymentId}/receipt`],
    ['POST', 'a payment', () => `/api/invoices/${invoiceId}/payments`, { amount: 1, paymentMethod: 'Cash' }],
    [
      'POST',
      'mark a deposit paid',
      () => `/api/deposits/${depositBooking}/mark-paid`,
      { paymentMethod: 'Cash' },
    ],
  ];

  // The portal (issue 25): one customer's invoices and quotations out of a big venue's, by the
  // customer index (tenant, lower(e-mail)); their payments and adjustment notes by invoice.
  const PORTAL: Array<[string, string, () => string, unknown?]> = [
    ['GET', 'portal invoices', () => '/api/portal/invoices'],
    ['GET', 'portal quotations', () => '/api/portal/quotations'],
  ];

  describe(
    'portal reads one customer’s rows through the customer index',
    { skip: !server && 'needs the PostgreSQL server (TEST_DATABASE_URL)' },
    () => {
      for (const [method, name, path, body] of PORTAL) {
        test(name, async () => {
          const customer = customerHeaders({ tenantId: OWNER2, email: 'seed12@example.com' });
          let status = 0;
          let text = '';
          const statements = await recordCustomerStatements(h.t.kit.db, async () => {
            const r = await h.call(method, path(), undefined, body, customer);
            status = r.status;
            text = r.text;
          });
          assert.ok(status < 300, `${name} answered ${status} ${text.slice(0, 200)}`);
          assert.ok(statements.length > 0, 'the request ran statements in a customer transaction');
          assert.deepEqual(await readsWithoutTenant(h.t.kit.db, statements, big), []);
        });
      }
    },
  );

  describe(
    'money reads big tenant tables through tenant indexes',
    { skip: !server && 'needs the PostgreSQL server (TEST_DATABASE_URL)' },
    () => {
      for (const [method, name, path, body] of REQUESTS) {
        test(name, async () => {
          let status = 0;
          const statements = await recordTenantStatements(h.t.kit.db, async () => {
            status = (await h.call(method, path(), OWNER, body)).status;
          });
          assert.ok(status < 300, `${name} answered ${status}`);
          assert.ok(statements.length > 0, 'the request ran statements in a tenant transaction');
          assert.ok(
            big.has('invoices') && big.has('payments') && big.has('quotations'),
            'seeded big enough to matter',
          );
          assert.deepEqual(await readsWithoutTenant(h.t.kit.db, statements, big), []);
        });
      }
    },
  );
});
