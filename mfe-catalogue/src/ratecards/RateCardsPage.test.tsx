import { describe, expect, test } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { captureRequests, renderWithProviders, server } from '@venue/ui/testing';
import type { Pricing, Resource } from '../api/types.ts';
import {
  HALL_ID,
  LAWN_ID,
  ROOM_ID,
  deleted,
  failingRead,
  makeAddon,
  makePricing,
  makeResource,
} from '../testing/fixtures.ts';
import { RateCardsPage } from './RateCardsPage.tsx';

const HALL = makeResource();
const ROOM = makeResource({
  id: ROOM_ID,
  code: 'GARDEN-ROOM',
  name: 'Garden Room',
  type: 'room',
  capacity: 40,
});
const LAWN = makeResource({ id: LAWN_ID, code: 'LAWN', name: 'Back Lawn', type: 'outdoor', capacity: 300 });
const PROJECTOR = makeAddon();

const HALL_CARD = makePricing();
const ROOM_CARD = makePricing({
  id: '44444444-4444-4444-8444-000000000002',
  resourceId: ROOM_ID,
  resourceName: 'Garden Room',
  resourceType: 'room',
  capacity: 40,
  rateType: 'daily',
  weekdayRateCents: 60_000,
  weekendRateCents: 90_000,
  description: 'Includes tables and chairs',
});

/** The three lists the page reads; the rate cards change with each write, as the service's do. */
function serverLists({ pricing, resources }: { pricing: Pricing[]; resources: Resource[] }) {
  let cards = pricing;
  let reads = 0;
  server.use(
    http.get('/api/pricing', () => {
      reads += 1;
      return HttpResponse.json(cards);
    }),
    http.get('/api/resources', () => HttpResponse.json(resources)),
    http.get('/api/addons', () => HttpResponse.json([PROJECTOR])),
  );
  return {
    set: (next: Pricing[]) => {
      cards = next;
    },
    reads: () => reads,
  };
}

const cardTexts = () => screen.getAllByTestId('pricing-card').map((c) => c.textContent);

async function openAddPricing(user: ReturnType<typeof renderWithProviders>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Add Pricing' }));
  return screen.findByRole('dialog', { name: 'Add Pricing' });
}

describe('Rate Cards', () => {
  test('each card shows the rate type, the rates in the venue’s currency per hour or day, and the live capacity', async () => {
    // The resource grew since the card was read: the card shows the resource's capacity.
    serverLists({ pricing: [HALL_CARD, ROOM_CARD], resources: [{ ...HALL, capacity: 150 }, ROOM] });
    renderWithProviders(<RateCardsPage />);
    await screen.findAllByTestId('pricing-card');
    expect(cardTexts()).toEqual([
      'Main HallHourlyHallWeekday: $125.50 / hourWeekend: $1,500.00 / hourCapacity 150' + 'EditDelete',
      'Garden RoomDailyRoomWeekday: $600.00 / dayWeekend: $900.00 / day' +
        'Includes tables and chairsCapacity 40EditDelete',
    ]);
  });

  test('search narrows the cards; Clear brings them back', async () => {
    serverLists({ pricing: [HALL_CARD, ROOM_CARD], resources: [HALL, ROOM] });
    const { user } = renderWithProviders(<RateCardsPage />);
    await screen.findAllByTestId('pricing-card');
    const search = screen.getByRole('textbox', { name: 'Search pricing' });
    await user.type(search, 'tables');
    expect(cardTexts()).toHaveLength(1);
    expect(cardTexts()[0]).toMatch(/^Garden Room/);
    await user.type(search, 'x');
    expect(screen.getByTestId('empty-state')).toHaveTextContent('No pricing matches your search');
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(cardTexts()).toHaveLength(2);
  });

  test('without resources the page asks for them first and offers no Add Pricing', async () => {
    serverLists({ pricing: [], resources: [] });
    renderWithProviders(<RateCardsPage />);
    expect(await screen.findByTestId('empty-state')).toHaveTextContent(
      'No pricing set up yet' + 'Please add resources first before setting up pricing.',
    );
    expect(screen.queryByRole('button', { name: 'Add Pricing' })).toBeNull();
    expect(screen.queryByTestId('price-check')).toBeNull();
  });

  test('with resources but no rate cards the page says none are set up yet', async () => {
    serverLists({ pricing: [], resources: [HALL] });
    renderWithProviders(<RateCardsPage />);
    expect(await screen.findByTestId('empty-state')).toHaveTextContent(
      'No pricing set up yet' + 'Add a rate card for each resource you hire out.',
    );
    expect(screen.getByRole('button', { name: 'Add Pricing' })).toBeInTheDocument();
  });

  test('loading, then a failed read with the server’s words and Try Again, which reads again', async () => {
    const read = failingRead('/api/pricing', [HALL_CARD]);
    server.use(
      http.get('/api/resources', () => HttpResponse.json([HALL])),
      http.get('/api/addons', () => HttpResponse.json([])),
    );
    const { user } = renderWithProviders(<RateCardsPage />);
    expect(screen.getByTestId('loading-state')).toHaveTextContent('Loading pricing...');
    const error = await screen.findByTestId('error-state');
    expect(error).toHaveTextContent('Failed to fetch pricing' + 'Catalogue is unavailable right now.');
    expect(screen.queryByTestId('pricing-card')).toBeNull();

    read.recover();
    await user.click(within(error).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByTestId('pricing-card')).toHaveTextContent('Main Hall');
    expect(read.reads()).toBe(2);
  });

  test('a failed read of the resources fails the page too', async () => {
    server.use(
      http.get('/api/pricing', () => HttpResponse.json([HALL_CARD])),
      http.get('/api/resources', () =>
        HttpResponse.json({ message: 'Resources are resting.' }, { status: 503 }),
      ),
      http.get('/api/addons', () => HttpResponse.json([])),
    );
    renderWithProviders(<RateCardsPage />);
    expect(await screen.findByTestId('error-state')).toHaveTextContent(
      'Failed to fetch pricing' + 'Resources are resting.',
    );
  });

  test('the form names every missing field and sends nothing', async () => {
    serverLists({ pricing: [], resources: [HALL] });
    const posts = captureRequests('post', '/api/pricing', {});
    const { user } = renderWithProviders(<RateCardsPage />);
    const dialog = await openAddPricing(user);
    await user.click(within(dialog).getByRole('button', { name: 'Create Pricing' }));
    const errors = within(dialog).getByTestId('form-errors');
    expect(
      within(errors)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Resource is required', 'Weekday rate is required', 'Weekend rate is required']);
    expect(posts).toHaveLength(0);
  });

  test('only resources without a rate card are offered; a new card is sent in cents and confirmed', async () => {
    const list = serverLists({ pricing: [HALL_CARD], resources: [HALL, ROOM, LAWN] });
    const posts = captureRequests('post', '/api/pricing', (req) => {
      const created = makePricing({
        ...(req.body as Partial<Pricing>),
        id: '44444444-4444-4444-8444-000000000003',
      });
      list.set([HALL_CARD, created]);
      return HttpResponse.json(created, { status: 201 });
    });
    const { user } = renderWithProviders(<RateCardsPage />);
    const dialog = await openAddPricing(user);
    await user.click(within(dialog).getByRole('combobox', { name: /^Resource/ }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual([
      'Garden Room (GARDEN-ROOM)',
      'Back Lawn (LAWN)',
    ]);
    await user.click(screen.getByRole('option', { name: 'Back Lawn (LAWN)' }));
    await user.click(within(dialog).getByRole('combobox', { name: /^Rate type/ }));
    await user.click(await screen.findByRole('option', { name: 'Daily / flat' }));
    await user.type(within(dialog).getByRole('textbox', { name: /^Weekday rate/ }), '1200');
    await user.type(within(dialog).getByRole('textbox', { name: /^Weekend rate/ }), '1499.99');
    await user.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'Marquee extra');
    await user.click(within(dialog).getByRole('button', { name: 'Create Pricing' }));

    expect(await screen.findByText('Pricing created successfully!')).toBeInTheDocument();
    expect(posts.map((p) => p.body)).toEqual([
      {
        resourceId: LAWN_ID,
        resourceName: 'Back Lawn',
        rateType: 'daily',
        weekdayRateCents: 120_000,
        weekendRateCents: 149_999,
        description: 'Marquee extra',
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(cardTexts()).toHaveLength(2));
    expect(cardTexts()[1]).toContain('Weekday: $1,200.00 / dayWeekend: $1,499.99 / day');
  });

  test('a second card for a resource is refused by the server; the dialog stays open with the reason', async () => {
    serverLists({ pricing: [], resources: [HALL] });
    captureRequests('post', '/api/pricing', () =>
      HttpResponse.json(
        { message: 'This resource already has a rate card. Edit the existing one instead.' },
        { status: 409 },
      ),
    );
    const { user } = renderWithProviders(<RateCardsPage />);
    const dialog = await openAddPricing(user);
    await user.click(within(dialog).getByRole('combobox', { name: /^Resource/ }));
    await user.click(await screen.findByRole('option', { name: 'Main Hall (MAIN-HALL)' }));
    await user.type(within(dialog).getByRole('textbox', { name: /^Weekday rate/ }), '100');
    await user.type(within(dialog).getByRole('textbox', { name: /^Weekend rate/ }), '150');
    await user.click(within(dialog).getByRole('button', { name: 'Create Pricing' }));
    expect(
      await screen.findByText('This resource already has a rate card. Edit the existing one instead.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Add Pricing' })).toBeInTheDocument();
    expect(screen.queryByText('Pricing created successfully!')).toBeNull();
  });

  test('editing shows the stored rates in dollars and PUTs the change', async () => {
    const list = serverLists({ pricing: [HALL_CARD], resources: [HALL] });
    const puts = captureRequests('put', `/api/pricing/${HALL_CARD.id}`, (req) => {
      const saved = makePricing({ ...HALL_CARD, ...(req.body as Partial<Pricing>) });
      list.set([saved]);
      return saved;
    });
    const { user } = renderWithProviders(<RateCardsPage />);
    await user.click(await screen.findByRole('button', { name: 'Edit pricing for Main Hall' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Pricing' });
    expect(within(dialog).getByRole('combobox', { name: /^Resource/ })).toHaveValue('Main Hall (MAIN-HALL)');
    const weekday = within(dialog).getByRole('textbox', { name: /^Weekday rate/ });
    expect(weekday).toHaveValue('125.5');
    expect(within(dialog).getByRole('textbox', { name: /^Weekend rate/ })).toHaveValue('1500');
    await user.clear(weekday);
    await user.type(weekday, '130');
    await user.click(within(dialog).getByRole('button', { name: 'Update Pricing' }));

    expect(await screen.findByText('Pricing updated successfully!')).toBeInTheDocument();
    expect(puts.map((p) => p.body)).toEqual([
      {
        resourceId: HALL_ID,
        resourceName: 'Main Hall',
        rateType: 'hourly',
        weekdayRateCents: 13_000,
        weekendRateCents: 150_000,
        description: '',
      },
    ]);
    await waitFor(() => expect(cardTexts()[0]).toContain('Weekday: $130.00 / hour'));
  });

  test('deleting asks first, saying what happens to prices, then deletes and says so', async () => {
    const list = serverLists({ pricing: [HALL_CARD, ROOM_CARD], resources: [HALL, ROOM] });
    const deletes = captureRequests('delete', `/api/pricing/${HALL_CARD.id}`, () => {
      list.set([ROOM_CARD]);
      return deleted();
    });
    const { user } = renderWithProviders(<RateCardsPage />);
    await user.click(await screen.findByRole('button', { name: 'Delete pricing for Main Hall' }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete Pricing' });
    expect(dialog).toHaveTextContent(
      'Delete the rate card for Main Hall? Bookings of it will be priced at 0 until a new one is added.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(deletes).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete pricing for Main Hall' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete Pricing' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Pricing deleted successfully!')).toBeInTheDocument();
    expect(deletes).toHaveLength(1);
    await waitFor(() => expect(cardTexts()).toHaveLength(1));
    expect(cardTexts()[0]).toMatch(/^Garden Room/);
  });

  test('the price check asks for a resource first, then shows the server’s quote line by line', async () => {
    serverLists({ pricing: [HALL_CARD], resources: [HALL] });
    const quotes = captureRequests('post', '/api/price-quote', {
      calculatedPriceCents: 67_250,
      calculatedPrice: 672.5,
      durationHours: 4,
      rateCents: 12_550,
      rate: 125.5,
      rateType: 'hourly',
      isWeekend: false,
      baseCents: 50_200,
      holiday: { name: 'Australia Day', surchargePercent: 25, surchargeCents: 12_550 },
      addOns: [{ id: PROJECTOR.id, name: 'Projector', quantity: 1, priceCents: 4_500 }],
      addOnsCents: 4_500,
      breakdown: [
        { label: 'Weekday hourly rate $125.50 × 4 h', amountCents: 50_200 },
        { label: 'Public holiday surcharge: Australia Day (25%)', amountCents: 12_550 },
        { label: 'Projector × 1', amountCents: 4_500 },
      ],
    });
    const { user } = renderWithProviders(<RateCardsPage />);
    const panel = await screen.findByTestId('price-check');
    await user.click(within(panel).getByRole('button', { name: 'Check price' }));
    // The form arrives (loaded on first pointing) and checks, as the press asked.
    expect(await within(panel).findByRole('alert')).toHaveTextContent('Resource is required');
    expect(quotes).toHaveLength(0);

    await user.click(within(panel).getByRole('combobox', { name: 'Resource to price' }));
    await user.click(await screen.findByRole('option', { name: 'Main Hall' }));
    await user.type(within(panel).getByRole('textbox', { name: 'Date' }), '26/01/2027');
    const end = within(panel).getByLabelText('End time');
    await user.clear(end);
    await user.type(end, '13:00');
    await user.click(within(panel).getByRole('combobox', { name: 'Add-ons' }));
    await user.click(await screen.findByRole('option', { name: 'Projector' }));
    await user.click(within(panel).getByRole('button', { name: 'Check price' }));

    const quote = await within(panel).findByTestId('price-quote');
    expect(quotes.map((q) => q.body)).toEqual([
      {
        resourceId: HALL_ID,
        date: '2027-01-26',
        startTime: '09:00',
        endTime: '13:00',
        addOnIds: [PROJECTOR.id],
      },
    ]);
    expect(quote).toHaveTextContent('4 hours, weekday rate (hourly $125.50)');
    expect(
      within(quote)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual([
      'Weekday hourly rate $125.50 × 4 h$502.00',
      'Public holiday surcharge: Australia Day (25%)$125.50',
      'Projector × 1$45.00',
      'Total$672.50',
    ]);
  });

  test('staff other than the owner see the cards read-only', async () => {
    serverLists({ pricing: [HALL_CARD], resources: [HALL] });
    renderWithProviders(<RateCardsPage />, {
      session: { role: 'sub_user', principal: { role: 'sub_user', permissions: ['pricing'] } },
    });
    await screen.findByTestId('pricing-card');
    expect(screen.getByTestId('read-only-notice')).toHaveTextContent(
      'Read-only view. Only Hall Owners can manage pricing.',
    );
    expect(screen.queryByRole('button', { name: /Edit|Delete|Add Pricing/ })).toBeNull();
  });
});
