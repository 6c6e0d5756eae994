import { describe, expect, jest, test } from '@jest/globals';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { DEFAULT_USER_SETTINGS } from '@venue/contracts';
import { venueToday } from '@venue/ui/venue-day';
import { atTime, captureRequests, renderWithProviders, server } from '@venue/ui/testing';
import type { Holiday } from '../api/types.ts';
import { deleted, failingRead, makeHoliday } from '../testing/fixtures.ts';
import { HolidaysPage } from './HolidaysPage.tsx';
import { defaultYear } from './years.ts';

// The page opens on the venue's year (clamped to the years the sync knows), so the fixtures follow it.
const YEAR = defaultYear(venueToday(DEFAULT_USER_SETTINGS.timezone));
const OTHER_YEAR = YEAR === 2024 ? 2025 : 2024;

const AUSTRALIA_DAY = makeHoliday({
  date: `${YEAR}-01-26`,
  sourceUrl: 'https://www.nsw.gov.au/about-nsw/public-holidays',
});
const GOOD_FRIDAY = makeHoliday({
  id: '66666666-6666-4666-8666-000000000002',
  name: 'Good Friday',
  date: `${YEAR}-04-03`,
  scope: 'statewide',
  state: null,
  pricingRule: 'PH-Religious',
  surchargePercent: 0,
  blockOut: true,
  restrictedTrading: true,
  notes: 'Closed all day',
});
const SHOW_DAY = makeHoliday({
  id: '66666666-6666-4666-8666-000000000003',
  name: 'Local show day',
  date: `${YEAR}-02-11`,
  scope: 'local',
  state: null,
  pricingRule: null,
  surchargePercent: 10,
  provenance: 'manual',
});

/** The holidays of each year as the service keeps them; a write changes the next read. */
function serverYears(initial: Record<number, Holiday[]>) {
  const years = { ...initial };
  const asked: string[] = [];
  server.use(
    http.get('/api/holidays', ({ request }) => {
      const year = new URL(request.url).searchParams.get('year') ?? '';
      asked.push(year);
      return HttpResponse.json(years[Number(year)] ?? []);
    }),
  );
  return {
    set: (year: number, list: Holiday[]) => {
      years[year] = list;
    },
    asked,
  };
}

const rows = () =>
  within(screen.getByTestId('holidays-table'))
    .getAllByRole('row')
    .slice(1)
    .map((r) => r.textContent);

describe('Public Holidays', () => {
  test('the year’s holidays in date order, dated and worded as the page shows them', async () => {
    // The service answers in its own order; the page keeps a calendar's.
    const { asked } = serverYears({ [YEAR]: [GOOD_FRIDAY, AUSTRALIA_DAY, SHOW_DAY] });
    renderWithProviders(<HolidaysPage />);
    await screen.findByTestId('holidays-table');
    expect(rows()).toEqual([
      `26/01/${YEAR}Australia DayStatewide (NSW)PH-Std25%NoOfficialEditDelete`,
      `11/02/${YEAR}Local show dayLocal—10%NoManualEditDelete`,
      `03/04/${YEAR}Good FridayRestricted tradingStatewidePH-Religious0%YesClosed all dayOfficialEditDelete`,
    ]);
    expect(screen.getByRole('link', { name: 'Official' })).toHaveAttribute(
      'href',
      'https://www.nsw.gov.au/about-nsw/public-holidays',
    );
    expect(asked).toEqual([String(YEAR)]);
  });

  test('opens on the venue’s year, not the browser’s, on either side of New Year', async () => {
    serverYears({});
    // 11:30 and 12:30 UTC on 31 December: past midnight in Auckland, the afternoon before in
    // Los Angeles, whatever zone the test machine's browser is in. Each instant is checked in
    // each year the page offers a next one for.
    for (const year of [2024, 2025, 2026]) {
      for (const hour of [11, 12]) {
        atTime(Date.UTC(year, 11, 31, hour, 30));
        for (const [timezone, opens] of [
          ['Pacific/Auckland', year + 1],
          ['America/Los_Angeles', year],
        ] as const) {
          renderWithProviders(<HolidaysPage />, { session: { settings: { timezone } } });
          expect(screen.getByRole('combobox', { name: 'Year' })).toHaveValue(String(opens));
          cleanup();
        }
        jest.useRealTimers();
      }
    }
  });

  test('dates follow the venue’s date format', async () => {
    serverYears({ [YEAR]: [AUSTRALIA_DAY] });
    renderWithProviders(<HolidaysPage />, { session: { settings: { dateFormat: 'YYYY-MM-DD' } } });
    expect(await screen.findByTestId('holidays-table')).toHaveTextContent(`${YEAR}-01-26Australia Day`);
  });

  test('choosing another year reads that year', async () => {
    const { asked } = serverYears({
      [YEAR]: [AUSTRALIA_DAY],
      [OTHER_YEAR]: [makeHoliday({ name: 'New Year’s Day', date: `${OTHER_YEAR}-01-01` })],
    });
    const { user } = renderWithProviders(<HolidaysPage />);
    await screen.findByTestId('holidays-table');
    await user.click(screen.getByRole('combobox', { name: 'Year' }));
    await user.click(await screen.findByRole('option', { name: String(OTHER_YEAR) }));
    await waitFor(() =>
      expect(rows()).toEqual([expect.stringMatching(`^01/01/${OTHER_YEAR}New Year’s Day`)]),
    );
    expect(asked).toEqual([String(YEAR), String(OTHER_YEAR)]);
  });

  test('search and the scope and impact chips narrow the list; nothing left says so', async () => {
    serverYears({ [YEAR]: [AUSTRALIA_DAY, GOOD_FRIDAY, SHOW_DAY] });
    const { user } = renderWithProviders(<HolidaysPage />);
    await screen.findByTestId('holidays-table');
    // The name's own line, without the restricted trading badge under it.
    const names = () =>
      within(screen.getByTestId('holidays-table'))
        .getAllByRole('row')
        .slice(1)
        .map((r) => (r as HTMLTableRowElement).cells[1]!.firstChild!.textContent);

    await user.type(screen.getByRole('textbox', { name: 'Search by name' }), 'day');
    expect(names()).toEqual(['Australia Day', 'Local show day', 'Good Friday']);
    await user.click(screen.getByRole('checkbox', { name: 'Local' }));
    expect(names()).toEqual(['Local show day']);
    await user.click(screen.getByRole('checkbox', { name: 'Local' }));
    // Impacts widen rather than narrow: a surcharge or a block-out.
    await user.click(screen.getByRole('checkbox', { name: 'Block-out' }));
    expect(names()).toEqual(['Good Friday']);
    await user.click(screen.getByRole('checkbox', { name: 'Surcharge' }));
    expect(names()).toEqual(['Australia Day', 'Local show day', 'Good Friday']);
    await user.type(screen.getByRole('textbox', { name: 'Search by name' }), 'zzz');
    expect(screen.getByTestId('empty-state')).toHaveTextContent('No holidays match these filters');
  });

  test('a year without holidays says so and points to the sync', async () => {
    serverYears({});
    renderWithProviders(<HolidaysPage />);
    expect(await screen.findByTestId('empty-state')).toHaveTextContent(
      `No holidays for ${YEAR} yet` + 'Sync with the state calendar to add the official public holidays.',
    );
  });

  test('loading, then a failed read with the server’s words and Try Again, which reads again', async () => {
    const read = failingRead('/api/holidays', [AUSTRALIA_DAY]);
    const { user } = renderWithProviders(<HolidaysPage />);
    expect(screen.getByTestId('loading-state')).toHaveTextContent('Loading holidays...');
    const error = await screen.findByTestId('error-state');
    expect(error).toHaveTextContent('Failed to fetch holidays' + 'Catalogue is unavailable right now.');
    read.recover();
    await user.click(within(error).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByTestId('holidays-table')).toHaveTextContent('Australia Day');
    expect(read.reads()).toBe(2);
  });

  test('a new holiday without name or date names both and sends nothing', async () => {
    serverYears({});
    const posts = captureRequests('post', '/api/holidays', {});
    const { user } = renderWithProviders(<HolidaysPage />);
    await screen.findByTestId('empty-state');
    await user.click(screen.getByRole('button', { name: 'New Holiday' }));
    const dialog = await screen.findByRole('dialog', { name: 'New Holiday' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), '  ');
    await user.click(within(dialog).getByRole('button', { name: 'Save Holiday' }));
    const errors = within(dialog).getByTestId('form-errors');
    expect(
      within(errors)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Holiday name is required', 'Date is required']);
    expect(posts).toHaveLength(0);
  });

  test('a new holiday is sent as typed, its rule’s surcharge changed by hand, and listed', async () => {
    const years = serverYears({});
    const posts = captureRequests('post', '/api/holidays', (req) => {
      const created = makeHoliday({ ...(req.body as Partial<Holiday>), provenance: 'manual' });
      years.set(YEAR, [created]);
      return HttpResponse.json(created, { status: 201 });
    });
    const { user } = renderWithProviders(<HolidaysPage />);
    await screen.findByTestId('empty-state');
    await user.click(screen.getByRole('button', { name: 'New Holiday' }));
    const dialog = await screen.findByRole('dialog', { name: 'New Holiday' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), ' Town picnic day ');
    await user.type(within(dialog).getByRole('textbox', { name: /^Date/ }), `07/08/${YEAR}`);
    await user.click(within(dialog).getByRole('combobox', { name: 'Scope' }));
    await user.click(await screen.findByRole('option', { name: 'Local' }));
    await user.click(within(dialog).getByRole('combobox', { name: 'State' }));
    await user.click(await screen.findByRole('option', { name: 'VIC' }));
    const surcharge = within(dialog).getByRole('textbox', { name: 'Surcharge %' });
    expect(surcharge).toHaveValue('25');
    await user.click(within(dialog).getByRole('combobox', { name: 'Pricing rule' }));
    await user.click(await screen.findByRole('option', { name: 'PH-Local' }));
    expect(surcharge).toHaveValue('0');
    // Typed beside the 0 the rule set: the figure shown is the figure sent.
    await user.type(surcharge, '15');
    await user.click(within(dialog).getByRole('switch', { name: 'Block-out (no bookings)' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Notes' }), 'Afternoon only');
    await user.click(within(dialog).getByRole('button', { name: 'Save Holiday' }));

    expect(await screen.findByText('Holiday saved')).toBeInTheDocument();
    expect(posts.map((p) => p.body)).toEqual([
      {
        name: 'Town picnic day',
        date: `${YEAR}-08-07`,
        scope: 'local',
        state: 'VIC',
        pricingRule: 'PH-Local',
        surchargePercent: 15,
        blockOut: true,
        restrictedTrading: false,
        notes: 'Afternoon only',
        // The contract's holidayInput parses the form: no source URL is null, as the service stores it.
        sourceUrl: null,
        substitutes: null,
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByTestId('holidays-table')).toHaveTextContent(
      `07/08/${YEAR}Town picnic dayLocal (VIC)PH-Local15%YesAfternoon onlyManual`,
    );
  });

  test('editing shows the stored holiday and PUTs only what the venue edits', async () => {
    const years = serverYears({ [YEAR]: [AUSTRALIA_DAY] });
    const puts = captureRequests('put', `/api/holidays/${AUSTRALIA_DAY.id}`, (req) => {
      const saved = { ...AUSTRALIA_DAY, ...(req.body as Partial<Holiday>) };
      years.set(YEAR, [saved]);
      return saved;
    });
    const { user } = renderWithProviders(<HolidaysPage />);
    await user.click(await screen.findByRole('button', { name: 'Edit Australia Day' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Holiday' });
    expect(within(dialog).getByRole('textbox', { name: /^Date/ })).toHaveValue(`26/01/${YEAR}`);
    await user.click(within(dialog).getByRole('switch', { name: 'Restricted trading' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save Holiday' }));

    expect(await screen.findByText('Holiday saved')).toBeInTheDocument();
    expect(puts.map((p) => p.body)).toEqual([
      {
        name: 'Australia Day',
        date: `${YEAR}-01-26`,
        scope: 'statewide',
        state: 'NSW',
        pricingRule: 'PH-Std',
        surchargePercent: 25,
        blockOut: false,
        restrictedTrading: true,
        notes: '',
        sourceUrl: 'https://www.nsw.gov.au/about-nsw/public-holidays',
        substitutes: null,
      },
    ]);
    await waitFor(() => expect(rows()[0]).toContain('Australia DayRestricted trading'));
  });

  test('deleting asks first, then deletes and says so', async () => {
    const years = serverYears({ [YEAR]: [AUSTRALIA_DAY, SHOW_DAY] });
    const deletes = captureRequests('delete', `/api/holidays/${SHOW_DAY.id}`, () => {
      years.set(YEAR, [AUSTRALIA_DAY]);
      return deleted();
    });
    const { user } = renderWithProviders(<HolidaysPage />);
    await user.click(await screen.findByRole('button', { name: 'Delete Local show day' }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete Holiday' });
    expect(dialog).toHaveTextContent('Delete Local show day? Its surcharge no longer applies to new prices.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(deletes).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete Local show day' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete Holiday' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Holiday deleted')).toBeInTheDocument();
    expect(deletes).toHaveLength(1);
    await waitFor(() => expect(rows()).toHaveLength(1));
  });

  test('the sync adds the chosen state’s holidays, reports what changed, and Done shows that year', async () => {
    const years = serverYears({});
    const synced = [
      AUSTRALIA_DAY,
      makeHoliday({
        id: '66666666-6666-4666-8666-000000000004',
        name: 'King’s Birthday',
        date: `${OTHER_YEAR}-06-08`,
      }),
    ];
    const syncs = captureRequests('post', '/api/holidays/sync', () => {
      years.set(OTHER_YEAR, synced);
      return { added: 1, updated: 1, holidays: synced };
    });
    const { user } = renderWithProviders(<HolidaysPage />);
    await screen.findByTestId('empty-state');
    await user.click(screen.getByRole('button', { name: 'Sync with the state calendar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sync with the state calendar' });
    await user.click(within(dialog).getByRole('combobox', { name: 'State' }));
    await user.click(await screen.findByRole('option', { name: 'VIC' }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Year' }));
    await user.click(await screen.findByRole('option', { name: String(OTHER_YEAR) }));
    await user.click(within(dialog).getByRole('button', { name: 'Sync' }));

    expect(await within(dialog).findByTestId('sync-result')).toHaveTextContent(
      `Sync complete1 added, 1 updated — 2 official holidays for VIC ${OTHER_YEAR}.`,
    );
    expect(syncs.map((s) => s.body)).toEqual([{ state: 'VIC', year: OTHER_YEAR }]);
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('combobox', { name: 'Year' })).toHaveValue(String(OTHER_YEAR));
    await waitFor(() => expect(rows()).toHaveLength(2));
  });

  test('a refused sync shows the server’s reason in the dialog', async () => {
    serverYears({});
    captureRequests('post', '/api/holidays/sync', () =>
      HttpResponse.json({ message: 'The state calendar could not be reached.' }, { status: 502 }),
    );
    const { user } = renderWithProviders(<HolidaysPage />);
    await screen.findByTestId('empty-state');
    await user.click(screen.getByRole('button', { name: 'Sync with the state calendar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sync with the state calendar' });
    await user.click(within(dialog).getByRole('button', { name: 'Sync' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The state calendar could not be reached.',
    );
    expect(within(dialog).queryByTestId('sync-result')).toBeNull();
  });

  test('an ICS file is imported as text and the count confirmed', async () => {
    const years = serverYears({});
    const ics = 'BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nSUMMARY:Picnic\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n';
    const imports = captureRequests('post', '/api/holidays/import', () => {
      years.set(YEAR, [SHOW_DAY, AUSTRALIA_DAY]);
      return { imported: 2, skipped: 1 };
    });
    const { user } = renderWithProviders(<HolidaysPage />);
    await screen.findByTestId('empty-state');
    // Node's Blob, as in the photo test: what the page reads with file.text().
    const file = Object.assign(new Blob([ics], { type: 'text/calendar' }), {
      name: 'holidays.ics',
      lastModified: 0,
    }) as File;
    await user.upload(screen.getByLabelText('Import ICS file'), file);

    expect(await screen.findByText('Imported 2 holidays, skipped 1')).toBeInTheDocument();
    expect(imports.map((i) => i.body)).toEqual([{ ics }]);
    await waitFor(() => expect(rows()).toHaveLength(2));
  });

  test('staff other than the owner may look and export but not change', async () => {
    serverYears({ [YEAR]: [AUSTRALIA_DAY] });
    renderWithProviders(<HolidaysPage />, {
      session: { role: 'sub_user', principal: { role: 'sub_user', permissions: ['resources'] } },
    });
    await screen.findByTestId('holidays-table');
    expect(screen.getByTestId('read-only-notice')).toBeInTheDocument();
    expect(rows()).toEqual([`26/01/${YEAR}Australia DayStatewide (NSW)PH-Std25%NoOfficial`]);
    expect(screen.getByRole('button', { name: 'Export ICS' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /New Holiday|Sync|Import|Edit|Delete/ })).toBeNull();
  });
});
