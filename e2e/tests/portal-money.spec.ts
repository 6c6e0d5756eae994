import { test, expect, type APIRequestContext } from '@playwright/test';
import { type Api, createResource, ownerApi, venueDay, venueTakesPayments } from './helpers.ts';

/**
 * Money's portal calls through the real gateway on a fresh product (issue 25, decision 56): a
 * customer signed in by the e-mailed link (admin, comms' "Your portal link", the gateway's customer
 * header) reads the quotation the venue sent, accepts it (bookings makes the booking, money raises
 * its deposit invoice from bookings' event), downloads the quotation and the invoice, opens the
 * pay page from the portal and pays by card with the Stripe stand-in, then has the receipt; a
 * second quotation is declined with a reason the venue sees. Another customer of the venue reaches
 * none of it. The portal's pages over these calls are the light app's (portal/).
 */
test.use({ timezoneId: 'Australia/Sydney', viewport: { width: 1400, height: 900 } });

const RUN = Date.now().toString(36);
const SLUG = 'harbourside-hall';
let owner: Api;
let hall: { id: string; name: string };

interface PreviewItem {
  id: string;
  to: string | string[];
  subject: string;
}

/** A customer's access token: the portal link e-mailed to `email`, spent once. */
async function signInAsCustomer(request: APIRequestContext, email: string): Promise<Record<string, string>> {
  const asked = await request.post(`/api/public/venues/${SLUG}/portal-link`, { data: { email } });
  expect(asked.status(), await asked.text()).toBe(202);
  let token = '';
  await expect(async () => {
    const list = await owner.get<{ items: PreviewItem[] }>('/api/email-comms/mail-preview?limit=100');
    // Every mail to the address, newest first: the quotation's may be captured after the link's
    // (its PDF is made first), so the newest one is not always the link.
    for (const item of list.items.filter((m) => String(m.to).includes(email))) {
      const detail = await owner.get<{ mail: { text: string | null; html: string | null } }>(
        `/api/email-comms/mail-preview/${item.id}`,
      );
      token =
        /\/my\/sign-in\?token=([A-Za-z0-9_-]+)/.exec(detail.mail.text ?? detail.mail.html ?? '')?.[1] ?? '';
      if (token) break;
    }
    expect(token, 'the portal link e-mail was captured').not.toBe('');
  }).toPass({ timeout: 90_000, intervals: [1000, 2000, 3000] });
  const session = await request.post('/api/portal/session', { data: { token } });
  expect(session.status(), await session.text()).toBe(200);
  return { authorization: `Bearer ${(await session.json()).token}` };
}

/** A quotation for `email` in the run's hall, sent (bookings checks the slot first). */
async function sentQuotation(request: APIRequestContext, email: string, days: number) {
  const headers = { authorization: `Bearer ${owner.token}` };
  const q = await owner.post<{ id: string }>('/api/quotations', {
    customerName: `Portal Pat ${RUN}`,
    customerEmail: email,
    customerPhone: '0412 345 678',
    eventType: 'Birthday Party',
    resource: hall.id,
    eventDate: venueDay(days),
    startTime: '18:00',
    endTime: '22:00',
    totalAmount: 880,
    depositType: 'Percentage',
    depositValue: 25,
  });
  // Bookings learns of the new hall by the catalogue's event: until then the slot cannot be checked.
  let sent: { id: string; number: string } | undefined;
  await expect(async () => {
    const res = await request.put(`/api/quotations/${q.id}/status`, { headers, data: { status: 'Sent' } });
    expect(res.status(), await res.text()).toBe(200);
    sent = await res.json();
  }).toPass({ timeout: 30_000, intervals: [500, 1000, 2000] });
  return sent!;
}

test.beforeAll(async ({ request }) => {
  owner = await ownerApi(request);
  hall = await createResource(owner, `E2E Portal Money Hall ${RUN}`);
  await venueTakesPayments(request, owner);
});

test('a customer accepts a quotation in the portal, pays its deposit invoice by card and has the receipt', async ({
  request,
  browser,
}) => {
  // Two sign-in e-mails wait their turn in the outbox behind the whole suite's mail.
  test.setTimeout(240_000);
  // The owner's calls on this test's request context (beforeAll's is closed by now).
  owner = await ownerApi(request);
  const email = `portal-pat-${RUN}@example.com`;
  const quotation = await sentQuotation(request, email, 45);
  const pat = await signInAsCustomer(request, email);

  // The quotation the venue sent, with its PDF.
  const list = await request.get('/api/portal/quotations', { headers: pat });
  expect(list.status(), await list.text()).toBe(200);
  const mine = (await list.json()).quotations.find((q: { id: string }) => q.id === quotation.id);
  expect(mine.status).toBe('Sent');
  expect(mine.number).toBe(quotation.number);
  expect(mine.totalCents).toBe(88_000);
  expect(mine.depositCents).toBe(22_000);
  const qpdf = await request.get(`/api/portal/quotations/${quotation.id}/pdf`, { headers: pat });
  expect(qpdf.status()).toBe(200);
  expect(qpdf.headers()['content-disposition']).toContain(`${quotation.number}.pdf`);
  expect((await qpdf.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');

  // Another customer of the venue reaches none of it.
  const other = await signInAsCustomer(request, `portal-other-${RUN}@example.com`);
  expect((await request.get(`/api/portal/quotations/${quotation.id}`, { headers: other })).status()).toBe(
    404,
  );
  const otherAccept = await request.post(`/api/portal/quotations/${quotation.id}/accept`, {
    headers: other,
    data: {},
  });
  expect(otherAccept.status()).toBe(404);

  // Accept: bookings makes the booking, confirmed, as the venue's own Accept does.
  const accepted = await request.post(`/api/portal/quotations/${quotation.id}/accept`, {
    headers: { ...pat, 'idempotency-key': `accept-${RUN}` },
    data: {},
  });
  expect(accepted.status(), await accepted.text()).toBe(200);
  const { bookingId, bookingCode } = await accepted.json();
  expect(bookingCode).toMatch(/^[A-Z]+-\d{4}-\d+$/);
  const booking = await owner.get<
    { status: string; bookingSource: string } | { booking: { status: string } }
  >(`/api/bookings/${bookingId}`);
  expect('booking' in booking ? booking.booking.status : booking.status).toBe('confirmed');
  const seen = await owner.get<{ status: string; answeredBy: { kind: string; email: string } }>(
    `/api/quotations/${quotation.id}`,
  );
  expect(seen.status).toBe('Accepted');
  expect(seen.answeredBy).toEqual({ kind: 'customer', email });

  // Its deposit invoice reaches the customer's invoices once money has the booking.
  let invoice:
    { id: string; number: string; kind: string; balanceCents: number; payable: boolean } | undefined;
  await expect(async () => {
    const res = await request.get('/api/portal/invoices', { headers: pat });
    expect(res.status()).toBe(200);
    invoice = (await res.json()).invoices.find((i: { bookingId: string }) => i.bookingId === bookingId);
    expect(invoice, 'the deposit invoice is there').toBeTruthy();
  }).toPass({ timeout: 45_000, intervals: [1000, 2000, 3000] });
  expect(invoice!.kind).toBe('DEPOSIT');
  expect(invoice!.balanceCents).toBe(22_000);
  expect(invoice!.payable).toBe(true);
  const ipdf = await request.get(`/api/portal/invoices/${invoice!.id}/pdf`, { headers: pat });
  expect(ipdf.status()).toBe(200);
  expect(ipdf.headers()['content-disposition']).toContain(`${invoice!.number}.pdf`);
  expect((await ipdf.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect((await request.get(`/api/portal/invoices/${invoice!.id}/pdf`, { headers: other })).status()).toBe(
    404,
  );

  // Pay: the portal names the invoice's pay page; the card goes through the Stripe stand-in.
  let pay: { path: string; amountDueCents: number; cardPayments: boolean } | undefined;
  await expect(async () => {
    const res = await request.post(`/api/portal/invoices/${invoice!.id}/pay`, { headers: pat, data: {} });
    expect(res.status(), await res.text()).toBe(200);
    pay = await res.json();
    // The venue's Stripe account reaches money with the settings event.
    expect(pay!.cardPayments).toBe(true);
  }).toPass({ timeout: 30_000, intervals: [500, 1000, 2000] });
  expect(pay!.amountDueCents).toBe(22_000);
  const visitor = await browser.newContext();
  const page = await visitor.newPage();
  await page.goto(pay!.path);
  await expect(page.getByRole('heading', { name: `Tax Invoice ${invoice!.number}` })).toBeVisible();
  await expect(page.getByText('$220.00').first()).toBeVisible();
  await page.getByRole('button', { name: 'Pay by card' }).click();
  await expect(page.getByRole('heading', { name: 'Checkout (Stripe stand-in)' })).toBeVisible();
  await page.getByRole('button', { name: 'Pay $220.00' }).click();
  await expect(page.getByText('This invoice is paid, thank you.')).toBeVisible();
  await visitor.close();

  // Paid, with its receipt.
  let paid:
    { status: string; payable: boolean; receipts: { paymentId: string; number: string }[] } | undefined;
  await expect(async () => {
    const res = await request.get('/api/portal/invoices', { headers: pat });
    paid = (await res.json()).invoices.find((i: { id: string }) => i.id === invoice!.id);
    expect(paid!.status).toBe('PAID');
  }).toPass({ timeout: 30_000, intervals: [500, 1000, 2000] });
  expect(paid!.payable).toBe(false);
  expect(paid!.receipts).toHaveLength(1);
  const receipt = await request.get(`/api/portal/receipts/${paid!.receipts[0]!.paymentId}/pdf`, {
    headers: pat,
  });
  expect(receipt.status()).toBe(200);
  expect(receipt.headers()['content-disposition']).toContain(`${paid!.receipts[0]!.number}.pdf`);
  const again = await request.post(`/api/portal/invoices/${invoice!.id}/pay`, { headers: pat, data: {} });
  expect(again.status()).toBe(409);
  expect((await again.json()).message).toBe('This invoice is paid in full: there is nothing left to pay.');

  // A second quotation, declined with a reason: the venue sees it.
  const second = await sentQuotation(request, email, 52);
  const declined = await request.post(`/api/portal/quotations/${second.id}/decline`, {
    headers: pat,
    data: { reason: 'We found another place.' },
  });
  expect(declined.status(), await declined.text()).toBe(200);
  expect((await declined.json()).status).toBe('Declined');
  const venueSide = await owner.get<{ status: string; declineReason: string }>(
    `/api/quotations/${second.id}`,
  );
  expect(venueSide.status).toBe('Declined');
  expect(venueSide.declineReason).toBe('We found another place.');
});
