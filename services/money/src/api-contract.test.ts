/**
 * Contract test (decision 34): real answers of every money call, checked against the route table
 * in contracts (the zod schema accepts each answer, and each field it carries is documented), so
 * the published OpenAPI document is what the service sends. Ends by naming any call of the table
 * no answer was checked for, and any /api route the service serves that the table does not name.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { contractRecorder, routesMissingFromTable } from '@venue/contracts/api';
import { MONEY_ROUTES } from '@venue/contracts/money-api';
import { customerHeaders, useStarted } from '@venue/service-kit/testing';
import { OWNER, quotationForm, startMoney } from './testing/harness.ts';

describe('money answers match the API contract', () => {
  const contract = contractRecorder(MONEY_ROUTES);

  const h = useStarted(startMoney);

  async function ok(
    method: string,
    path: string,
    status: number,
    body?: unknown,
    headers?: Record<string, string>,
    as: string | undefined = OWNER,
  ) {
    const r = await h.call(method, path, as, body, headers);
    assert.equal(r.status, status, `${method} ${path}: ${r.text.slice(0, 300)}`);
    const json = (r.headers.get('content-type') ?? '').includes('json') ? r.body : undefined;
    const problems = contract.check(method, path, status, json);
    assert.deepEqual(problems, [], problems.join('\n'));
    return r;
  }

  it('invoices: create, conflict, list, detail, status, payments, credit notes, reminders, PDFs', async () => {
    const bookingId = await h.booking('booking.created', { totalCents: 120_000, depositCents: 20_000 });
    const inv = (await ok('POST', '/api/invoices', 201, { bookingId, invoiceType: 'FINAL' })).body;
    await ok('POST', '/api/invoices', 409, { bookingId, invoiceType: 'FINAL' });
    await ok('GET', `/api/invoices/hall-owner/${OWNER}`, 200);
    await ok('GET', '/api/invoices?limit=5&status=DRAFT&sort=total', 200);
    await ok('GET', '/api/invoices/summary?search=a', 200);
    await ok('GET', '/api/invoices/export.csv?status=DRAFT&sort=total&order=asc', 200);
    // issue 26 item 4: the accounting files
    for (const path of [
      'invoices/export/xero',
      'invoices/export/myob',
      'payments/export/xero',
      'payments/export/myob',
    ])
      await ok('GET', `/api/${path}?from=2026-01-01&to=2026-12-31`, 200);
    await ok('PUT', `/api/invoices/${inv.id}/status`, 200, { status: 'SENT' });
    await ok('PUT', `/api/invoices/${inv.id}/status`, 409, { status: 'SENT' });
    const paid = (
      await ok('POST', `/api/invoices/${inv.id}/payments`, 201, { amount: 100, paymentMethod: 'Cash' })
    ).body;
    await ok(
      'PUT',
      `/api/invoices/${inv.id}/payment`,
      201,
      { amount: 50, paymentMethod: 'Card' },
      { 'idempotency-key': 'contract-1' },
    );
    await ok('POST', `/api/invoices/${inv.id}/payments`, 409, { amount: 100_000, paymentMethod: 'Cash' });
    const credit = (
      await ok('POST', `/api/invoices/${inv.id}/credit-notes`, 201, {
        amount: 20,
        reason: 'Discount',
        refund: { paymentMethod: 'Cash' },
      })
    ).body;
    await ok('GET', `/api/invoices/${inv.id}`, 200);
    await ok('GET', `/api/invoices/${inv.id}/pdf`, 200);
    await ok('GET', `/api/invoices/${inv.id}/pdf?copy=1`, 200);
    await ok('POST', `/api/invoices/${inv.id}/send`, 200, {});
    await ok('GET', `/api/invoices/${inv.id}/credit-notes/${credit.creditNote.id}/pdf`, 200);
    await ok('GET', `/api/payments/hall-owner/${OWNER}`, 200);
    await ok('GET', '/api/payments?limit=5', 200);
    await ok('GET', `/api/payments/${paid.payment.id}/receipt`, 200);
    await ok('POST', '/api/invoices/send-reminders', 200, { invoiceIds: [inv.id] });
    const other = await h.booking('booking.created', { totalCents: 50_000 });
    const voided = (await ok('POST', '/api/invoices', 201, { bookingId: other, invoiceType: 'FINAL' })).body;
    await ok('PUT', `/api/invoices/${voided.id}/status`, 200, { status: 'VOID' });
    await ok('POST', `/api/invoices/${voided.id}/send`, 409, {});
    await ok('GET', '/api/invoices/00000000-0000-4000-8000-000000000000', 404);
  });

  it('deposits and bonds', async () => {
    const bookingId = await h.booking('booking.created', { totalCents: 100_000, depositCents: 30_000 });
    await ok('GET', `/api/deposits/hall-owner/${OWNER}`, 200);
    await ok('GET', '/api/deposits?limit=5&paid=Unpaid', 200);
    await ok('GET', '/api/deposits/summary', 200);
    await ok('GET', '/api/deposits/quotations/page?limit=5&search=a', 200);
    await ok('GET', '/api/deposits/quotations/summary', 200);
    await ok('POST', `/api/deposits/${bookingId}/mark-paid`, 200, { paymentMethod: 'Bank Transfer' });
    await ok('POST', `/api/deposits/${bookingId}/mark-unpaid`, 200, { reason: 'Bounced' });
    await ok('POST', `/api/deposits/${bookingId}/mark-unpaid`, 409, {});
    const bond = (
      await ok('POST', '/api/deposits/bonds', 201, { bookingId, amount: 300, paymentMethod: 'Cash' })
    ).body;
    await ok('GET', `/api/deposits/bonds/hall-owner/${OWNER}`, 200);
    await ok('GET', '/api/deposits/bonds?limit=5', 200);
    await ok('POST', `/api/deposits/bonds/${bond.id}/forfeit`, 200, { amount: 50, reason: 'Stained carpet' });
    await ok('POST', `/api/deposits/bonds/${bond.id}/refund`, 409, {});
    const other = await h.booking('booking.created');
    const held = (
      await ok('POST', '/api/deposits/bonds', 201, {
        bookingId: other,
        amountCents: 10_000,
        paymentMethod: 'Cash',
      })
    ).body;
    await ok('POST', `/api/deposits/bonds/${held.id}/refund`, 200, {});
  });

  it('quotations: create, list, detail, edit, send, bulk send, decline, conflicts, PDF, delete', async () => {
    const form = quotationForm();
    const q = (await ok('POST', '/api/quotations', 201, form)).body;
    await ok('GET', '/api/quotations/my-quotations', 200);
    await ok('GET', '/api/quotations?limit=5&status=Draft&sort=amount', 200);
    await ok('GET', '/api/quotations/summary', 200);
    await ok('GET', '/api/quotations/export.csv?search=jane&status=Draft', 200);
    await ok('GET', `/api/quotations/${q.id}`, 200);
    await ok('GET', '/api/quotations/00000000-0000-4000-8000-000000000000', 404);
    await ok('PUT', `/api/quotations/${q.id}`, 200, { ...form, notes: 'Edited' });
    await ok('POST', '/api/quotations/bulk-send', 200, { ids: [q.id] });
    await ok('PUT', `/api/quotations/${q.id}/status`, 200, { status: 'Declined' });
    await ok('PUT', `/api/quotations/${q.id}/status`, 409, { status: 'Accepted' });
    await ok('PUT', `/api/quotations/${q.id}`, 409, form);
    await ok('GET', `/api/quotations/${q.id}/pdf`, 200);
    // sent, it has a number: kept (issue 24 item 2); a Draft is deleted
    await ok('DELETE', `/api/quotations/${q.id}`, 409);
    const draft = (await ok('POST', '/api/quotations', 201, form)).body;
    await ok('DELETE', `/api/quotations/${draft.id}`, 204);
    const accepted = (await ok('POST', '/api/quotations', 201, form)).body;
    await ok('PUT', `/api/quotations/${accepted.id}/status`, 200, { status: 'Sent' });
    const made = (await ok('PUT', `/api/quotations/${accepted.id}/status`, 200, { status: 'Accepted' })).body;
    assert.ok(made.bookingCode, 'Accept answers the booking’s code');
  });

  it('payment links (decision 43): copy, refused for a draft, revoke; the webhook without Stripe configured', async () => {
    const bookingId = await h.booking('booking.created', { totalCents: 50_000 });
    const draft = (await ok('POST', '/api/invoices', 201, { bookingId, invoiceType: 'FINAL' })).body;
    await ok('POST', `/api/invoices/${draft.id}/payment-link`, 409);
    await ok('PUT', `/api/invoices/${draft.id}/status`, 200, { status: 'SENT' });
    await ok('POST', `/api/invoices/${draft.id}/payment-link`, 200);
    await ok('POST', `/api/invoices/${draft.id}/payment-link/revoke`, 200);
    await ok('POST', '/api/invoices/00000000-0000-4000-8000-000000000000/payment-link/revoke', 404);
    await ok('POST', '/api/payments/stripe/webhook', 503, {
      id: 'evt_1',
      type: 'checkout.session.completed',
    });
  });

  it('deposits of quotations: list, mark paid, refused twice, mark unpaid', async () => {
    const q = (
      await ok('POST', '/api/quotations', 201, quotationForm({ depositType: 'Fixed', depositValue: 200 }))
    ).body;
    await ok('GET', '/api/deposits/quotations', 200);
    await ok('POST', `/api/deposits/quotations/${q.id}/mark-paid`, 200, { paymentMethod: 'Cash' });
    await ok('POST', `/api/deposits/quotations/${q.id}/mark-paid`, 409, { paymentMethod: 'Cash' });
    await ok('POST', `/api/deposits/quotations/${q.id}/mark-unpaid`, 200, {});
    await ok('POST', '/api/deposits/quotations/00000000-0000-4000-8000-000000000000/mark-unpaid', 404, {});
  });

  it('the customer portal (issue 25): invoices, receipts, adjustment notes, pay, quotations', async () => {
    const email = 'portal.contract@example.com';
    const customer = customerHeaders({ tenantId: OWNER, email });
    const as = (method: string, path: string, status: number, body?: unknown) =>
      ok(method, path, status, body, customer, undefined);
    const bookingId = await h.booking('booking.created', { customerEmail: email, totalCents: 80_000 });
    const inv = (await ok('POST', '/api/invoices', 201, { bookingId, invoiceType: 'FINAL', issue: true }))
      .body;
    const paid = (
      await ok('POST', `/api/invoices/${inv.id}/payments`, 201, { amount: 100, paymentMethod: 'Cash' })
    ).body;
    const credit = (
      await ok('POST', `/api/invoices/${inv.id}/credit-notes`, 201, { amount: 10, reason: 'Less' })
    ).body;
    await as('GET', '/api/portal/invoices', 200);
    await as('GET', `/api/portal/invoices/${inv.id}/pdf`, 200);
    await as('GET', '/api/portal/invoices/00000000-0000-4000-8000-000000000000/pdf', 404);
    await as('POST', `/api/portal/invoices/${inv.id}/pay`, 200, {});
    await as('POST', '/api/portal/invoices/00000000-0000-4000-8000-000000000000/pay', 404, {});
    await as('GET', `/api/portal/receipts/${paid.payment.id}/pdf`, 200);
    await as('GET', '/api/portal/receipts/00000000-0000-4000-8000-000000000000/pdf', 404);
    await as('GET', `/api/portal/credit-notes/${credit.creditNote.id}/pdf`, 200);
    await as('GET', '/api/portal/credit-notes/00000000-0000-4000-8000-000000000000/pdf', 404);
    await ok('PUT', `/api/invoices/${inv.id}/status`, 200, { status: 'PAID' });
    await as('POST', `/api/portal/invoices/${inv.id}/pay`, 409, {});
    const form = quotationForm({ customerEmail: email });
    const q = (await ok('POST', '/api/quotations', 201, form)).body;
    await ok('PUT', `/api/quotations/${q.id}/status`, 200, { status: 'Sent' });
    await as('GET', '/api/portal/quotations', 200);
    await as('GET', `/api/portal/quotations/${q.id}`, 200);
    await as('GET', '/api/portal/quotations/00000000-0000-4000-8000-000000000000', 404);
    await as('GET', `/api/portal/quotations/${q.id}/pdf`, 200);
    await as('GET', '/api/portal/quotations/00000000-0000-4000-8000-000000000000/pdf', 404);
    await as('POST', `/api/portal/quotations/${q.id}/accept`, 200, {});
    await as('POST', `/api/portal/quotations/${q.id}/accept`, 409, {});
    await as('POST', '/api/portal/quotations/00000000-0000-4000-8000-000000000000/accept', 404, {});
    const other = (await ok('POST', '/api/quotations', 201, form)).body;
    await ok('PUT', `/api/quotations/${other.id}/status`, 200, { status: 'Sent' });
    await as('POST', `/api/portal/quotations/${other.id}/decline`, 200, { reason: 'Too dear' });
    await as('POST', `/api/portal/quotations/${other.id}/decline`, 409, {});
    await as('POST', '/api/portal/quotations/00000000-0000-4000-8000-000000000000/decline', 404, {});
  });

  it('every call of the table had an answer checked', () => {
    assert.deepEqual(contract.unchecked(), []);
  });

  it('every /api route the service serves is in the table', () => {
    assert.deepEqual(routesMissingFromTable(MONEY_ROUTES, h.t.service.router.stack), []);
  });
});
