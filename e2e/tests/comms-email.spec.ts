import { test, expect } from '@playwright/test';
import {
  OWNER,
  commsHasBooking,
  confirmBooking,
  createBooking,
  createResource,
  finalInvoice,
  noAxeViolations,
  ownerApi,
  signIn,
  venueDay,
} from './helpers.ts';

// The browser lives where the venue does, so dates on screen agree with the server.
test.use({ timezoneId: 'Australia/Sydney', viewport: { width: 1440, height: 900 } });

const RUN = `cm${Date.now().toString(36)}`;

/** What is scanned: the comms page, or (dialogs render outside the remote's element) the open dialog. */
const COMMS = '[data-testid="remote-comms"]';
const DIALOG = '[role="dialog"]';
/** The mail itself (a sandboxed frame) is the customer's content, not the product's screen. */
const MAIL = 'iframe[sandbox]';

test('an e-mail with an attachment is sent from Send Email, shows as sent in the history and as the customer sees it in Mail Preview', async ({
  page,
  request,
}) => {
  // Four screens, a delivery and three accessibility scans: more than a minute on a busy machine.
  test.setTimeout(150_000);
  const api = await ownerApi(request);
  const hall = await createResource(api, `Mail Hall ${RUN}`);
  const booking = await createBooking(api, {
    resourceId: hall.id,
    date: venueDay(20),
    start: '10:00',
    end: '12:00',
    name: `Mailed ${RUN}`,
    email: `mailed-${RUN}@example.com`,
    price: 220,
  });
  const subject = `Floor plan for your event ${RUN}`;
  await commsHasBooking(api, `mailed-${RUN}@example.com`, booking.id, 'pending');
  // A pay link is an issued invoice's (decision 43): issue the booking's final invoice (a tax
  // invoice needs the seller's name and ABN) once the booking has reached money by event.
  const headers = { authorization: `Bearer ${api.token}` };
  const business = await request.put('/api/tenant-settings/business', {
    headers,
    data: { businessName: 'Harbourside Hall Pty Ltd', businessABN: '12345679016' },
  });
  expect(business.status(), await business.text()).toBe(200);
  await finalInvoice(request, api, booking.id, true);

  await signIn(page, OWNER);
  await page.goto('/CommsSendEmail');
  await expect(page.getByRole('heading', { name: 'Send Email', level: 1 })).toBeVisible();
  const send = page.getByRole('button', { name: 'Send Email' });
  await expect(send).toBeDisabled();

  await page.getByLabel('Search customers').fill(RUN);
  await page.getByRole('radio', { name: new RegExp(`Mailed ${RUN}`) }).check();
  const bookingSelect = page.getByRole('combobox', { name: 'Booking (optional)' });
  await expect(bookingSelect.locator('option', { hasText: booking.bookingCode })).toHaveCount(1);
  await bookingSelect.selectOption(booking.id);
  // The pay-link e-mail goes through the same send call with the venue's Payment link template.
  await page.getByRole('button', { name: 'Send Pay Link' }).click();
  await expect(page.getByText('Payment Link Sent')).toBeVisible();
  await page.getByRole('textbox', { name: 'Subject' }).fill(subject);
  await page
    .getByRole('textbox', { name: 'Body' })
    .fill('Dear {{customerName}},\n\nThe floor plan of {{hallName}} is attached.');
  // The preview fills the placeholders from the chosen customer and booking.
  await expect(page.getByTestId('preview-body')).toContainText(`Dear Mailed ${RUN}`);
  await expect(page.getByTestId('preview-body')).toContainText(
    `The floor plan of Mail Hall ${RUN} is attached.`,
  );

  await page.locator('input[type="file"]').setInputFiles({
    name: 'floor-plan.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('Stage at the north wall.\n'.repeat(100)),
  });
  await expect(page.getByTestId('attachments')).toContainText('floor-plan.txt (2.4 KB)');
  await noAxeViolations(page, COMMS, MAIL);

  await send.click();
  const confirm = page.getByRole('dialog', { name: 'Send this e-mail?' });
  await expect(confirm).toContainText('with 1 attachment(s)');
  await noAxeViolations(page, DIALOG, MAIL);
  await confirm.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByText('Email sent successfully!')).toBeVisible();
  // Cleared: no content, no attachment, nobody to send to.
  await expect(page.getByRole('textbox', { name: 'Subject' })).toHaveValue('');
  await expect(page.getByTestId('attachments')).toHaveCount(0);
  await expect(send).toBeDisabled();

  // History: the worker hands it to the (embedded) mail server; Refresh until it says Sent.
  await page.goto('/CommsMessages');
  await page.getByLabel('Search').fill(RUN);
  const row = page.getByTestId('email-history').getByRole('row', { name: new RegExp(subject) });
  await expect(async () => {
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(row).toContainText('Sent', { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(row).toContainText('1 attachment');
  await noAxeViolations(page, COMMS, MAIL);
  await row.getByRole('button', { name: /^View / }).click();
  const detail = page.getByRole('dialog', { name: 'Email details' });
  await detail.getByRole('tab', { name: 'Plain text' }).click();
  await expect(detail.getByTestId('email-body-text')).toContainText(
    `Dear Mailed ${RUN},\n\nThe floor plan of Mail Hall ${RUN} is attached.`,
  );
  await expect(detail).toContainText('floor-plan.txt');
  await page.keyboard.press('Escape');

  // Mail Preview: what the customer's mail program received.
  await page.goto('/CommsMailPreview');
  await expect(page.getByRole('heading', { name: 'Mail Preview', level: 1 })).toBeVisible();
  await page
    .getByRole('navigation', { name: 'Captured mail' })
    .getByRole('button', { name: new RegExp(subject) })
    .click();
  const mail = page.getByTestId('captured-mail');
  await expect(mail).toContainText(`mailed-${RUN}@example.com`);
  await expect(
    page
      .frameLocator(`iframe[title="Message: ${subject}"]`)
      .getByText(`The floor plan of Mail Hall ${RUN} is attached.`),
  ).toBeVisible();
  const download = page.waitForEvent('download');
  await mail.getByRole('button', { name: 'Download floor-plan.txt' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('floor-plan.txt');
  await noAxeViolations(page, COMMS, MAIL);
});

test('reminders are sent from Bookings — Confirmed, one per booking, and reach the history', async ({
  page,
  request,
}) => {
  const api = await ownerApi(request);
  const hall = await createResource(api, `Reminder Hall ${RUN}`);
  const confirmed = [];
  for (const [i, start, end] of [
    [1, '09:00', '10:00'],
    [2, '13:00', '14:00'],
  ] as const) {
    const b = await createBooking(api, {
      resourceId: hall.id,
      date: venueDay(12),
      start,
      end,
      name: `Reminded ${RUN} ${i}`,
      email: `reminded${i}-${RUN}@example.com`,
    });
    await confirmBooking(request, api, b.id);
    confirmed.push(b);
    await commsHasBooking(api, `reminded${i}-${RUN}@example.com`, b.id, 'confirmed');
  }

  await signIn(page, OWNER);
  await page.goto('/BookingsConfirmed');
  await page.getByLabel('Search').fill(RUN);
  await expect(page.getByTestId('booking-row')).toHaveCount(2);

  // Nothing ticked: the picker offers every booking the filters show.
  await page.getByRole('button', { name: 'Send reminders' }).click();
  const picker = page.getByRole('dialog', { name: 'Send Event Reminders' });
  await expect(picker.getByTestId('reminders-selected')).toHaveText('2 selected');
  await noAxeViolations(page, DIALOG, MAIL);
  await picker.getByRole('button', { name: 'Clear' }).click();
  await expect(picker.getByTestId('reminders-selected')).toHaveText('0 selected');
  await picker.getByRole('button', { name: 'Send Reminders' }).click();
  await expect(page.getByText('Choose at least one booking to send reminders.')).toBeVisible();
  await picker.getByRole('button', { name: 'Select all' }).click();
  await expect(picker.getByTestId('reminders-selected')).toHaveText('2 selected');
  await picker.getByRole('button', { name: 'Send Reminders' }).click();
  await expect(page.getByText('Sent 2 reminder(s), 0 failed.')).toBeVisible();
  await expect(picker).toBeHidden();

  // One reminder per booking, in the e-mail history.
  for (const b of confirmed) {
    const history = await api.get<{
      items: Array<{ kind: string; subject: string; bookingId: string | null }>;
    }>(`/api/email-comms/history?bookingId=${b.id}`);
    const reminders = history.items.filter((e) => e.subject.startsWith('Reminder:'));
    expect(reminders).toHaveLength(1);
  }
  await page.goto('/CommsMessages');
  await page.getByLabel('Search').fill(`reminded1-${RUN}`);
  await expect(
    page
      .getByTestId('email-history')
      .getByRole('row', { name: new RegExp(`Reminder: Wedding at Reminder Hall ${RUN}`) }),
  ).toHaveCount(1);
});

test('templates are created, previewed with a real booking and deleted after confirmation', async ({
  page,
  request,
}) => {
  // The preview fills a template with the venue's latest booking: make sure there is one.
  const api = await ownerApi(request);
  const hall = await createResource(api, `Template Hall ${RUN}`);
  const booking = await createBooking(api, {
    resourceId: hall.id,
    date: venueDay(30),
    start: '15:00',
    end: '16:00',
    name: `Templated ${RUN}`,
    email: `templated-${RUN}@example.com`,
  });
  await commsHasBooking(api, `templated-${RUN}@example.com`, booking.id, 'pending');
  await signIn(page, OWNER);
  await page.goto('/CommsTemplates');
  await expect(page.getByRole('heading', { name: 'Email Templates', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'New Template' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'New Template' });
  await dialog.getByRole('button', { name: 'Create Template' }).click();
  await expect(dialog.getByTestId('template-problems')).toContainText(
    'Template name is required, Subject is required, Body is required',
  );
  await noAxeViolations(page, DIALOG, MAIL);
  await dialog.getByRole('textbox', { name: 'Name' }).fill(`Parking ${RUN}`);
  await dialog.getByRole('textbox', { name: 'Subject' }).fill('Parking for {{eventType}}');
  await dialog.getByRole('textbox', { name: 'Body' }).fill('Hi {{customerName}}, park behind {{hallName}}.');
  await expect(dialog.getByTestId('template-variables')).toContainText('eventTypecustomerNamehallName');
  await dialog.getByRole('button', { name: 'Create Template' }).click();
  await expect(page.getByText('Email template created successfully')).toBeVisible();

  const card = page.getByTestId('template-card').filter({ hasText: `Parking ${RUN}` });
  await expect(card).toContainText('Hi {{customerName}}, park behind {{hallName}}.');
  await noAxeViolations(page, COMMS, MAIL);
  await card.getByRole('button', { name: `Preview Parking ${RUN}` }).click();
  const preview = page.getByRole('dialog', { name: `Preview: Parking ${RUN}` });
  await expect(preview).toContainText(/Filled with booking .+ for .+/);
  await page.keyboard.press('Escape');

  await card.getByRole('button', { name: `Delete Parking ${RUN}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Template' });
  await expect(confirm).toContainText('Are you sure you want to delete this template?');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Email template deleted successfully')).toBeVisible();
  await expect(card).toHaveCount(0);
});
