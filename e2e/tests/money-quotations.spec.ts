import { test, expect } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { OWNER, createResource, ownerApi, signIn, venueDay } from './helpers.ts';

// Issue 24 items 2, 4 and 9 as a venue meets them on the Quotations page: the form starts from
// the venue's deposit, prices from the rate card, names a taken slot; a sent quotation has its
// number; accepting it names the booking it made, and that is success, not an error.
test.use({ timezoneId: 'Australia/Sydney', viewport: { width: 1400, height: 900 } });

const RUN = Date.now().toString(36);

/** dd/MM/yyyy of a yyyy-MM-dd day: the demo venue's date format. */
const typed = (day: string) => day.split('-').reverse().join('/');

test('a quotation from the form: deposit from Payment settings, rate card price, a number when sent, and acceptance naming its booking', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const api = await ownerApi(request);
  const settings = await api.get<{ depositPercentage: number }>('/api/tenant-settings/invoice');
  // a hall of this run's own, with an hourly rate card
  const hall = await createResource(api, `Quote Hall ${RUN}`);
  await api.post('/api/pricing', {
    resourceId: hall.id,
    rateType: 'hourly',
    weekdayRateCents: 12_000,
    weekendRateCents: 15_000,
  });
  const day = venueDay(60);
  const quote = await api.post<{ calculatedPriceCents: number }>('/api/price-quote', {
    resourceId: hall.id,
    date: day,
    startTime: '10:00',
    endTime: '14:00',
  });
  expect(quote.calculatedPriceCents).toBeGreaterThan(0);
  const customer = `Quinn Quote ${RUN}`;

  await signIn(page, OWNER);
  await page.goto('/Quotations');
  await page.getByRole('button', { name: 'New Quotation' }).click();
  const form = page.getByRole('dialog', { name: 'Create New Quotation' });

  await test.step('the deposit starts from Settings → Payments, not None (item 4)', async () => {
    await expect(form.getByRole('combobox', { name: 'Deposit Type' })).toHaveValue(
      settings.depositPercentage > 0 ? 'Percentage' : 'None',
    );
    if (settings.depositPercentage > 0)
      await expect(form.getByRole('textbox', { name: 'Deposit Percentage' })).toHaveValue(
        String(settings.depositPercentage),
      );
  });

  await test.step('every missing field is named at once, the first focused', async () => {
    await form.getByRole('button', { name: 'Save Draft' }).click();
    await expect(form.getByText('Customer name is required')).toBeVisible();
    await expect(form.getByText('Customer email is required')).toBeVisible();
    await expect(form.getByText('Event type is required')).toBeVisible();
    await expect(form.getByRole('textbox', { name: /Customer Name/ })).toBeFocused();
  });

  await test.step('the booking form’s event types, the rate card’s price with its breakdown (item 2)', async () => {
    await form.getByRole('textbox', { name: /Customer Name/ }).fill(customer);
    await form.getByRole('textbox', { name: /Customer Email/ }).fill(`quinn-${RUN}@example.com`);
    await form.getByRole('textbox', { name: /Customer Phone/ }).fill('0412 345 678');
    await form.getByRole('combobox', { name: /Event Type/ }).click();
    await page.getByRole('option', { name: 'Corporate Event' }).click();
    await form.getByRole('combobox', { name: /Resource/ }).click();
    await page.getByRole('option', { name: hall.name }).click();
    const date = form.getByRole('textbox', { name: /Event Date/ });
    await date.fill(typed(day));
    await date.blur();
    await expect(date).toHaveValue(typed(day));
    await form.getByLabel(/Start Time/).fill('10:00');
    await form.getByLabel(/End Time/).fill('14:00');
    await expect(form.getByRole('textbox', { name: /Total Amount/ })).toHaveValue(
      (quote.calculatedPriceCents / 100).toFixed(2),
    );
    await expect(form.getByRole('list', { name: 'Price breakdown' })).toBeVisible();
    await expect(form.getByTestId('slot-free')).toBeVisible();
    const axe = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
    expect(
      axe.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.html).join(' | ')})`),
    ).toEqual([]);
  });

  await test.step('saved as a draft (no number yet), then sent with a number (item 2)', async () => {
    await form.getByRole('button', { name: 'Save Draft' }).click();
    await expect(page.getByText('Quotation saved as a draft.')).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Quotation (draft)' })).toBeVisible();
    await page.keyboard.press('Escape');
    await page.getByRole('textbox', { name: 'Search quotations' }).fill(customer);
    const row = page
      .getByRole('table', { name: 'Quotations' })
      .getByRole('row')
      .filter({ hasText: customer });
    await expect(row).toHaveCount(1);
    await expect(row.getByRole('cell').nth(1)).toHaveText('Draft');
    await row.getByRole('button', { name: `Actions for Draft quotation of ${customer}` }).click();
    await page.getByRole('menuitem', { name: 'Send' }).click();
    await expect(
      page.getByText(new RegExp(`^QUO-\\d{4}-\\d{5} sent to quinn-${RUN}@example\\.com\\.$`)),
    ).toBeVisible();
    await expect(row.getByRole('cell').nth(1)).toHaveText(/^QUO-\d{4}-\d{5}$/);
  });

  const row = page.getByRole('table', { name: 'Quotations' }).getByRole('row').filter({ hasText: customer });
  const number = (await row.getByRole('cell').nth(1).innerText()).trim();
  let code = '';

  await test.step('accepting names the booking it made and stays a success (item 9)', async () => {
    await row.getByText(customer).click();
    const drawer = page.getByRole('dialog', { name: `Quotation ${number}` });
    await drawer.getByRole('button', { name: 'Accept & Create Booking' }).click();
    const banner = page.getByTestId('accepted-booking');
    await expect(banner).toBeVisible();
    const text = await banner.innerText();
    const m = new RegExp(`^${number} accepted: booking (\\S+) is confirmed for ${customer}\\.$`).exec(
      text.trim(),
    );
    expect(m, text).toBeTruthy();
    code = m![1]!;
    await expect(banner.getByRole('link', { name: code })).toHaveAttribute('href', `/BookingsAll?q=${code}`);
    // success stays success: no error comes after it, once the lists have been read again
    await page.waitForTimeout(1500);
    await expect(page.getByRole('alert')).toHaveCount(0);
    // the quotation keeps naming its booking (the banner goes after 5 s)
    await expect(drawer.getByTestId('quotation-booking')).toContainText(code);
    await drawer.getByTestId('quotation-booking').getByRole('link', { name: code }).click();
    await expect(page).toHaveURL(new RegExp(`/BookingsAll\\?q=${code}$`));
  });

  await test.step('a new quotation for the same slot names the booking in the way before it is sent (item 2)', async () => {
    await page.goto('/Quotations');
    await page.getByRole('button', { name: 'New Quotation' }).click();
    const again = page.getByRole('dialog', { name: 'Create New Quotation' });
    await again.getByRole('combobox', { name: /Resource/ }).click();
    await page.getByRole('option', { name: hall.name }).click();
    const date = again.getByRole('textbox', { name: /Event Date/ });
    await date.fill(typed(day));
    await date.blur();
    await again.getByLabel(/Start Time/).fill('11:00');
    await again.getByLabel(/End Time/).fill('12:00');
    await expect(again.getByTestId('slot-clashes')).toContainText(code);
    await again.getByRole('button', { name: 'Cancel' }).click();
  });
});
