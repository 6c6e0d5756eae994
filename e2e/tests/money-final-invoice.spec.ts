import { test, expect, type APIRequestContext } from '@playwright/test';
import { type Api, OWNER, createBooking, createResource, ownerApi, signIn, venueDay } from './helpers.ts';

// Issue 13: Bookings → Completed → Invoice issues the booking's FINAL tax invoice and e-mails it
// with its PDF. A person pressed Send, so it goes even with the venue's automatic "Invoice
// issued" e-mail switched off (switched off here for the test, and back on after).
test.use({ timezoneId: 'Australia/Sydney', viewport: { width: 1440, height: 900 } });

const RUN = Date.now().toString(36);
let api: Api;
let hall: { id: string; name: string };
let automaticBefore: boolean | undefined;

const auth = (a: Api) => ({ authorization: `Bearer ${a.token}` });

async function setInvoiceSwitch(request: APIRequestContext, a: Api, on: boolean) {
  const res = await request.put('/api/email-comms/settings', {
    headers: auth(a),
    data: { automatic: { invoice_issued: on } },
  });
  expect(res.status(), await res.text()).toBe(200);
}

test.beforeAll(async ({ request }) => {
  const owner = await ownerApi(request);
  hall = await createResource(owner, `E2E Final Invoice Hall ${RUN}`);
  // A tax invoice needs the seller's name and ABN.
  const res = await request.put('/api/tenant-settings/business', {
    headers: auth(owner),
    data: { businessName: 'Harbourside Hall Pty Ltd', businessABN: '12345679016' },
  });
  expect(res.status(), await res.text()).toBe(200);
  const settings = await owner.get<{ settings: { automatic: Record<string, boolean> } }>(
    '/api/email-comms/settings',
  );
  automaticBefore = settings.settings.automatic.invoice_issued;
  await setInvoiceSwitch(request, owner, false);
});

test.afterAll(async ({ request }) => {
  await setInvoiceSwitch(request, await ownerApi(request), automaticBefore ?? true);
});

test.beforeEach(async ({ request }) => {
  api = await ownerApi(request);
});

interface PreviewItem {
  id: string;
  to: string | string[];
  subject: string;
  attachmentCount: number;
}
interface PreviewMail {
  mail: { subject: string; attachments: { filename: string; contentType: string; index: number }[] };
}

test('Completed → Invoice: the final invoice e-mail reaches the mail capture with its PDF', async ({
  page,
  request,
}) => {
  const email = `final-${RUN}@example.com`;
  const booking = await createBooking(api, {
    resourceId: hall.id,
    date: venueDay(3),
    start: '10:00',
    end: '14:00',
    name: `Final Fiona ${RUN}`,
    email,
    price: 660,
  });
  for (const status of ['confirmed', 'completed'] as const) {
    const res = await request.put(`/api/bookings/${booking.id}/status`, {
      headers: auth(api),
      data:
        status === 'confirmed'
          ? { status, payment_details: { tax_type: 'inclusive', deposit_type: 'None', deposit_value: null } }
          : { status },
    });
    expect(res.status(), await res.text()).toBe(200);
  }

  await signIn(page, OWNER);
  await page.goto('/BookingsCompleted');
  // Money learns of the booking from bookings' events; until then it answers "booking not found".
  // Each try reloads the page: the screen's Idempotency-Key lives as long as the page, and a
  // refusal is replayed for the same key.
  await expect(async () => {
    await page.reload();
    await page.getByLabel('Search').fill(booking.bookingCode);
    await page.getByRole('button', { name: `Invoice booking ${booking.bookingCode}` }).click();
    await expect(
      page.getByText(
        new RegExp(
          `Invoice sent to Final Fiona ${RUN} \\(${email.replace('.', '\\.')}\\)\\.|Invoice already sent for this booking\\.`,
        ),
      ),
    ).toBeVisible({ timeout: 3000 });
  }).toPass({ timeout: 45_000, intervals: [1000, 2000] });

  // The FINAL invoice, issued with a number.
  const invoices = await api.get<
    { id: string; invoiceNumber: string | null; type: string; status: string }[]
  >(`/api/invoices/hall-owner/${await ownerId(api)}?bookingId=${booking.id}`);
  const final = invoices.find((i) => i.type === 'FINAL')!;
  expect(final.invoiceNumber).toMatch(/^INV-\d{4}-\d{5}$/);
  expect(final.status).toBe('SENT');

  // The mail capture receives it (the comms worker fetches the PDF from money when it sends).
  let item: PreviewItem | undefined;
  await expect(async () => {
    const list = await api.get<{ items: PreviewItem[] }>('/api/email-comms/mail-preview?limit=100');
    item = list.items.find((m) => String(m.to).includes(email) && m.subject.includes(final.invoiceNumber!));
    expect(item, 'the invoice e-mail was captured').toBeTruthy();
  }).toPass({ timeout: 60_000, intervals: [1000, 2000, 3000] });
  expect(item!.attachmentCount).toBe(1);
  const detail = await api.get<PreviewMail>(`/api/email-comms/mail-preview/${item!.id}`);
  const attachment = detail.mail.attachments[0]!;
  expect(attachment.filename).toBe(`${final.invoiceNumber}.pdf`);
  expect(attachment.contentType).toBe('application/pdf');
  const pdf = await request.get(`/api/email-comms/mail-preview/${item!.id}/attachments/0`, {
    headers: auth(api),
  });
  expect(pdf.status()).toBe(200);
  expect((await pdf.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');

  // And the Mail Preview page shows it as the customer received it, with the PDF to download.
  await page.goto('/CommsMailPreview');
  await expect(page.getByRole('heading', { name: 'Mail Preview', level: 1 })).toBeVisible();
  await page
    .getByRole('navigation', { name: 'Captured mail' })
    .getByRole('button', { name: new RegExp(final.invoiceNumber!) })
    .first()
    .click();
  const mail = page.getByTestId('captured-mail');
  await expect(mail).toContainText(email);
  const download = page.waitForEvent('download');
  await mail.getByRole('button', { name: `Download ${final.invoiceNumber}.pdf` }).click();
  expect((await download).suggestedFilename()).toBe(`${final.invoiceNumber}.pdf`);
});

/** The signed-in owner's tenant id (the venue), for the invoice list's path. */
async function ownerId(a: Api): Promise<string> {
  const me = await a.get<{ user?: { id: string }; id?: string }>('/api/users/profile');
  return me.user?.id ?? me.id ?? '';
}
