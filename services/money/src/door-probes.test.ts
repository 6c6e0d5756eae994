/**
 * The generated probes of the customer's door (packages/service-kit/src/testing/door-probes.ts)
 * on money: every portal route refuses staff, visitors and a customer token sent past the
 * gateway; every staff route refuses customers and visitors; another customer of the venue, and
 * the same address at another venue, get 404 for this customer's invoices, receipts, adjustment
 * notes and quotations and see none of their ids; nothing refused is stored.
 */
import { MONEY_ROUTES } from '@venue/contracts/money-api';
import { describeDoorProbes, setUpCalls } from '@venue/service-kit/testing';
import { OWNER, OWNER2, quotationForm, startMoney } from './testing/harness.ts';

describeDoorProbes('money', async () => {
  const h = await startMoney();
  const email = 'probe-customer@example.test';
  const ok = setUpCalls(h.call, OWNER);
  const booking = await h.booking('booking.created', { customerEmail: email, totalCents: 90_000 });
  const invoice = await ok('POST', '/api/invoices', {
    bookingId: booking,
    invoiceType: 'FINAL',
    issue: true,
  });
  const paid = await ok('POST', `/api/invoices/${invoice.id}/payments`, {
    amount: 100,
    paymentMethod: 'Cash',
  });
  const credit = await ok('POST', `/api/invoices/${invoice.id}/credit-notes`, { amount: 10, reason: 'Less' });
  const quote = await ok('POST', '/api/quotations', quotationForm({ customerEmail: email }));
  await ok('PUT', `/api/quotations/${quote.id}/status`, { status: 'Sent' });
  // The same address is a customer at the other venue too, with records of its own there.
  const theirs = await h.booking('booking.created', { hallOwnerId: OWNER2, customerEmail: email });
  const r = await h.call('POST', '/api/invoices', OWNER2, {
    bookingId: theirs,
    invoiceType: 'FINAL',
    issue: true,
  });
  if (r.status !== 201) throw new Error(`setup: ${r.status} ${r.text}`);
  return {
    t: h.t,
    table: MONEY_ROUTES,
    token: h.token[OWNER]!,
    venue: { tenantId: OWNER, slug: 'harbourside-hall' },
    otherVenue: { tenantId: OWNER2, slug: 'hilltop-community-centre' },
    customer: { tenantId: OWNER, email },
    // The customer's records; the staff routes' parameters only have to be there (they refuse first).
    params: {
      id: invoice.id,
      paymentId: paid.payment.id,
      hallOwnerId: OWNER,
      bookingId: booking,
      creditNoteId: credit.creditNote.id,
      tenantId: OWNER,
      token: 'A'.repeat(43),
    },
    paramsByRoute: {
      'GET /api/portal/credit-notes/:id/pdf': { id: credit.creditNote.id },
      'GET /api/portal/quotations/:id': { id: quote.id },
      'GET /api/portal/quotations/:id/pdf': { id: quote.id },
      'POST /api/portal/quotations/:id/accept': { id: quote.id },
      'POST /api/portal/quotations/:id/decline': { id: quote.id },
    },
    bodies: {
      'POST /api/portal/invoices/:id/pay': {},
      'POST /api/portal/quotations/:id/accept': {},
      'POST /api/portal/quotations/:id/decline': { reason: 'Not for us' },
    },
  };
});
