import { beforeEach, describe, expect, jest, test } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { captureRequests, onlyBody, renderWithProviders, type RenderOptions } from '@venue/ui/testing';
import { INVOICE_SETTINGS_DEFAULTS } from '@venue/contracts';
import { QUOTATION_MESSAGES as M } from '@venue/contracts/money-api';
import { EVENT_TYPES } from '@venue/contracts/bookings';
import { EMPTY_DRAFT, QuotationForm, type QuotationDraft } from './QuotationForm.tsx';

const HALL = { id: '1a000000-0000-4000-8000-00000000000a', name: 'Main Hall' };
const FILLED: QuotationDraft = {
  ...EMPTY_DRAFT,
  customerName: 'Jane Smith',
  customerEmail: 'jane@example.com',
  customerPhone: '0412 345 678',
  eventType: 'Wedding',
  resource: HALL.id,
  resourceName: HALL.name,
  eventDate: '2026-12-12',
  startTime: '18:00',
  endTime: '23:00',
  totalAmount: '5500',
};

/** The catalogue's quote for Main Hall, Saturday 18:00–23:00, as bookings' check passes it on. */
const QUOTE = {
  calculatedPriceCents: 90_000,
  calculatedPrice: 900,
  durationHours: 5,
  rateCents: 18_000,
  rate: 180,
  rateType: 'hourly',
  isWeekend: true,
  baseCents: 90_000,
  holiday: null,
  addOns: [],
  addOnsCents: 0,
  breakdown: [{ label: 'Weekend hourly rate $180.00 × 5 h', amountCents: 90_000 }],
};
const UNKNOWN_RESOURCE = "The selected resource is not one of the venue's resources.";
const FREE = { conflicts: [], blockouts: [], quote: QUOTE, quoteUnavailable: false };

async function open(
  initial: QuotationDraft,
  {
    fresh = false,
    deposit = 50,
    session,
  }: { fresh?: boolean; deposit?: number; session?: RenderOptions['session'] } = {},
) {
  captureRequests('get', '/api/resources', [HALL]);
  captureRequests('get', '/api/tenant-settings/invoice', {
    ...INVOICE_SETTINGS_DEFAULTS,
    depositPercentage: deposit,
  });
  const onSaved = jest.fn();
  const view = renderWithProviders(
    <QuotationForm editing={null} initial={initial} fresh={fresh} onClose={jest.fn()} onSaved={onSaved} />,
    { session },
  );
  // The dialog puts the focus on its first control a moment after it opens (Mantine's focus
  // trap); a person acts after that.
  await waitFor(() =>
    expect(screen.getByRole('dialog')).toContainElement(document.activeElement as HTMLElement),
  );
  return { ...view, onSaved };
}

const total = () => screen.getByRole('textbox', { name: /Total Amount/ });

// A filled-in slot is checked as the form opens; unless a test answers otherwise, it is free. (A
// test's own answer, added later, is the one msw uses.)
beforeEach(() => {
  captureRequests('post', '/api/bookings/check', FREE);
});

describe('Quotation form (spec 03 §5)', () => {
  test('an empty form shows every field’s message at once, focuses the first and sends nothing; a message clears when its field changes', async () => {
    const posts = captureRequests('post', '/api/quotations', {});
    const { user } = await open(EMPTY_DRAFT);
    await user.click(screen.getByRole('button', { name: 'Save Draft' }));
    for (const message of [
      M.customerNameRequired,
      M.customerEmailRequired,
      M.customerPhoneRequired,
      M.eventTypeRequired,
      M.resourceRequired,
      M.eventDateRequired,
      M.totalPositive,
    ])
      expect(screen.getByText(message)).toBeVisible();
    expect(posts).toHaveLength(0);
    // issue 24 item 13: the first field with a message has the focus
    await waitFor(() => expect(screen.getByRole('textbox', { name: /Customer Name/ })).toHaveFocus());
    await user.type(screen.getByRole('textbox', { name: /Customer Name/ }), 'J');
    expect(screen.queryByText(M.customerNameRequired)).toBeNull();
    expect(screen.getByText(M.customerEmailRequired)).toBeVisible();
  });

  test('the first field in error is focused even when it is further down the form', async () => {
    const { user } = await open({ ...FILLED, endTime: '17:00' });
    await user.click(screen.getByRole('button', { name: 'Save Draft' }));
    expect(screen.getByText(M.endAfterStart)).toBeVisible();
    await waitFor(() => expect(screen.getByLabelText(/End Time/)).toHaveFocus());
  });

  test('email format, end after start, and both deposit rules', async () => {
    const { user } = await open({
      ...FILLED,
      customerEmail: 'jane@',
      endTime: '17:00',
      depositType: 'Fixed',
    });
    await user.click(screen.getByRole('button', { name: 'Save Draft' }));
    expect(screen.getByText(M.invalidEmail)).toBeVisible();
    expect(screen.getByText(M.endAfterStart)).toBeVisible();
    expect(screen.getByText(M.fixedDeposit)).toBeVisible();
  });

  test('a percentage above 100 is refused with its message', async () => {
    const { user } = await open({ ...FILLED, depositType: 'Percentage', depositValue: '101' });
    await user.click(screen.getByRole('button', { name: 'Save Draft' }));
    expect(screen.getByText(M.percentDeposit)).toBeVisible();
  });

  test('a valid form is saved as a draft with the deposit the screen showed', async () => {
    captureRequests('post', '/api/bookings/check', FREE);
    const posts = captureRequests('post', '/api/quotations', { id: 'x' });
    const { user, onSaved } = await open({ ...FILLED, depositType: 'Percentage', depositValue: '20' });
    expect(screen.getByText(/Deposit \$1,100\.00/)).toBeVisible();
    // the event date in the venue's format, as every date field (not the browser's own input)
    expect(screen.getByRole('textbox', { name: /Event Date/ })).toHaveValue('12/12/2026');
    await user.click(screen.getByRole('button', { name: 'Save Draft' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(onlyBody(posts)).toMatchObject({
      customerName: 'Jane Smith',
      resource: HALL.id,
      resourceName: 'Main Hall',
      totalAmount: 5500,
      depositValue: 20,
    });
  });

  test('a field the server refuses is named beside that field and focused', async () => {
    captureRequests('post', '/api/bookings/check', FREE);
    captureRequests('post', '/api/quotations', () =>
      HttpResponse.json(
        { message: UNKNOWN_RESOURCE, errors: [{ path: 'resource', message: UNKNOWN_RESOURCE }] },
        { status: 400 },
      ),
    );
    const { user, onSaved } = await open(FILLED);
    await user.click(screen.getByRole('button', { name: 'Save Draft' }));
    const resource = screen.getByRole('combobox', { name: /Resource/ });
    await waitFor(() => expect(resource).toHaveAccessibleDescription(UNKNOWN_RESOURCE));
    await waitFor(() => expect(resource).toHaveFocus());
    expect(onSaved).not.toHaveBeenCalled();
  });
});

describe('Quotation form: what the venue already set (issue 24 items 2 and 4)', () => {
  test('a new quotation starts from Settings → Payments’ deposit, not None', async () => {
    await open(EMPTY_DRAFT, { fresh: true, deposit: 50 });
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Deposit Type' })).toHaveValue('Percentage'),
    );
    expect(screen.getByRole('textbox', { name: 'Deposit Percentage' })).toHaveValue('50');
  });

  test('a venue that takes no deposit starts at None; an edited quotation keeps its own deposit', async () => {
    const first = await open(EMPTY_DRAFT, { fresh: true, deposit: 0 });
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Deposit Type' })).toHaveValue('None'));
    first.unmount();
    await open({ ...FILLED, depositType: 'Fixed', depositValue: '300' }, { deposit: 50 });
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.getByRole('combobox', { name: 'Deposit Type' })).toHaveValue('Fixed');
    expect(screen.getByRole('textbox', { name: 'Deposit Value' })).toHaveValue('300');
  });

  test('the event type is chosen from the booking form’s list', async () => {
    const { user } = await open(EMPTY_DRAFT);
    await user.click(screen.getByRole('combobox', { name: /Event Type/ }));
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([...EVENT_TYPES]);
  });

  test('the total is priced from the rate card, with its breakdown; the venue may type its own and go back', async () => {
    const checks = captureRequests('post', '/api/bookings/check', FREE);
    const { user } = await open({ ...FILLED, totalAmount: '' });
    const priced = await screen.findByTestId('rate-card-price');
    await waitFor(() => expect(total()).toHaveValue('900.00'));
    expect(within(priced).getByText('$900.00')).toBeVisible();
    expect(within(priced).getByText('Weekend hourly rate $180.00 × 5 h: $900.00')).toBeVisible();
    // the booking form's own call, for this slot
    expect(checks[0]!.body).toEqual({
      resourceId: HALL.id,
      bookingDate: '2026-12-12',
      startTime: '18:00',
      endTime: '23:00',
    });
    await user.clear(total());
    await user.type(total(), '750');
    expect(total()).toHaveValue('750');
    expect(screen.getByText(/Your own price; the rate card says \$900\.00/)).toBeVisible();
    await user.click(within(priced).getByRole('button', { name: 'Use rate card price' }));
    expect(total()).toHaveValue('900.00');
  });

  test('a slot that is taken is named before anything is sent', async () => {
    captureRequests('post', '/api/bookings/check', {
      ...FREE,
      conflicts: [
        {
          id: 'b1',
          customer: 'Ann Other',
          startTime: '17:00',
          endTime: '22:00',
          eventType: 'Birthday Party',
          status: 'confirmed',
          bookingCode: 'HH-2026-0042',
          bookingDate: '2026-12-12',
        },
      ],
    });
    await open(FILLED);
    const clash = await screen.findByTestId('slot-clashes');
    expect(clash).toHaveTextContent('HH-2026-0042 · Ann Other');
    expect(screen.getByText(/it will not be sent until the date or time is changed/)).toBeVisible();
  });

  test('staff without the bookings permission are priced by the catalogue alone', async () => {
    const quotes = captureRequests('post', '/api/price-quote', QUOTE);
    const checks = captureRequests('post', '/api/bookings/check', FREE);
    await open(
      { ...FILLED, totalAmount: '' },
      { session: { role: 'sub_user', principal: { role: 'sub_user', permissions: ['quotations'] } } },
    );
    await waitFor(() => expect(total()).toHaveValue('900.00'));
    expect(quotes[0]!.body).toEqual({
      resourceId: HALL.id,
      date: '2026-12-12',
      startTime: '18:00',
      endTime: '23:00',
    });
    expect(checks).toHaveLength(0);
  });
});
