import { describe, expect, jest, test } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { CHOICE_OPTIONS_MESSAGE, SLUG_TAKEN_MESSAGE, type OnlineBookings } from '@venue/contracts';
import { captureRequests, onlyBody, renderWithProviders, server } from '@venue/ui/testing';
import { OnlineBookingsPage } from './OnlineBookingsPage.tsx';

const MAIN = '3f1c1d4e-1111-4aaa-8aaa-000000000001';
const ANNEX = '3f1c1d4e-2222-4aaa-8aaa-000000000002';
const OLD = '3f1c1d4e-3333-4aaa-8aaa-000000000003';

/** What admin answers for the demo venue (services/admin/src/seed.ts), trimmed. */
function stored(over: Partial<OnlineBookings> = {}): OnlineBookings {
  return {
    enabled: true,
    slug: 'harbourside-hall',
    resourceIds: [MAIN],
    minNoticeHours: 24,
    windowDays: 365,
    mode: 'request',
    verifyEmail: true,
    questions: [
      { id: 'outside-catering', label: 'Will you use outside caterers?', kind: 'yesno', required: true },
      {
        id: 'alcohol',
        label: 'Will alcohol be served?',
        kind: 'choice',
        options: ['No', 'Yes, BYO'],
        required: false,
      },
    ],
    agreement: {
      version: 3,
      text: 'The hirer leaves the hall clean.',
      cancellationTerms: 'Full refund 30 days before.',
      updatedAt: '2026-11-02T01:30:00.000Z',
    },
    ...over,
  };
}

function resource(id: string, name: string, status: 'active' | 'archived' = 'active') {
  return { id, name, status, code: name.slice(0, 3).toUpperCase(), type: 'hall', capacity: 100 };
}

function answer(setting: OnlineBookings | (() => OnlineBookings)) {
  server.use(
    http.get('/api/settings/online-bookings', () =>
      HttpResponse.json(typeof setting === 'function' ? setting() : setting),
    ),
    http.get('/api/resources', () =>
      HttpResponse.json([
        resource(ANNEX, 'Annex'),
        resource(MAIN, 'Main Hall'),
        resource(OLD, 'Old Barn', 'archived'),
      ]),
    ),
  );
}

async function loaded() {
  const slug = await screen.findByRole('textbox', { name: 'Page address' });
  await waitFor(() => expect(slug).toHaveValue('harbourside-hall'));
  return slug;
}

const save = () => screen.getByRole('button', { name: 'Save Online Bookings' });

describe('Settings → Online bookings', () => {
  test('shows what the server holds: on, address and URL, spaces, rules, questions, agreement version', async () => {
    answer(stored());
    renderWithProviders(<OnlineBookingsPage />, {
      session: { settings: { timezone: 'Australia/Sydney', dateFormat: 'DD/MM/YYYY', timeFormat: '24h' } },
    });
    await loaded();

    expect(screen.getByRole('switch', { name: /^Take online bookings/ })).toBeChecked();
    expect(screen.getByRole('link', { name: 'http://localhost/book/harbourside-hall' })).toHaveAttribute(
      'href',
      'http://localhost/book/harbourside-hall',
    );
    expect(await screen.findByRole('checkbox', { name: 'Main Hall' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Annex' })).not.toBeChecked();
    // an archived space that is not chosen is not offered
    expect(screen.queryByRole('checkbox', { name: /Old Barn/ })).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Minimum notice (hours)' })).toHaveValue('24');
    expect(screen.getByRole('textbox', { name: 'Booking window (days)' })).toHaveValue('365');
    expect(screen.getByRole('radio', { name: /Request only/ })).toBeChecked();
    expect(screen.getByRole('switch', { name: /^Verify the customer's e-mail address/ })).toBeChecked();

    const first = within(screen.getByRole('group', { name: 'Question 1' }));
    expect(first.getByRole('textbox', { name: 'Question text' })).toHaveValue(
      'Will you use outside caterers?',
    );
    expect(first.getByRole('combobox', { name: 'Answer' })).toHaveValue('yesno');
    expect(first.getByRole('checkbox', { name: 'Must be answered' })).toBeChecked();
    const second = within(screen.getByRole('group', { name: 'Question 2' }));
    expect(second.getByRole('textbox', { name: /Options/ })).toHaveValue('No\nYes, BYO');

    expect(screen.getByRole('textbox', { name: 'Hire agreement' })).toHaveValue(
      'The hirer leaves the hall clean.',
    );
    expect(screen.getByTestId('online-agreement-version')).toHaveTextContent(
      'Version 3, last changed 02/11/2026 12:30.',
    );
    expect(screen.getByText('No unsaved changes.')).toBeVisible();
  });

  test('the embed snippet names the page address, copies, and the preview frames the page', async () => {
    answer(stored());
    const { user } = renderWithProviders(<OnlineBookingsPage />);
    // user-event's clipboard stands in for the browser's; what the button wrote is what is pasted
    const write = jest.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    await loaded();

    const snippet = screen.getByTestId('online-embed-snippet');
    expect(snippet).toHaveTextContent('<iframe src="http://localhost/book/harbourside-hall?embed=1"');
    expect(snippet).toHaveTextContent('<script src="http://localhost/book/embed.js" async></script>');
    await user.click(screen.getByRole('button', { name: 'Copy snippet' }));
    expect(await screen.findByRole('button', { name: 'Copied' })).toBeVisible();
    expect(write).toHaveBeenCalledWith(snippet.textContent);

    await user.click(screen.getByRole('radio', { name: 'Script' }));
    expect(screen.getByTestId('online-embed-snippet')).toHaveTextContent(
      '<div data-venuedesk-book="harbourside-hall"></div>',
    );
    expect(screen.queryByTitle('Preview of your booking page')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Show preview' }));
    expect(screen.getByTitle('Preview of your booking page')).toHaveAttribute(
      'src',
      '/book/harbourside-hall?embed=1',
    );
  });

  test('with the page off there is no preview, and the screen says what visitors see', async () => {
    answer(stored({ enabled: false }));
    renderWithProviders(<OnlineBookingsPage />);
    await loaded();
    expect(screen.getByRole('switch', { name: /^Take online bookings/ })).not.toBeChecked();
    expect(screen.queryByTitle('Preview of your booking page')).toBeNull();
    expect(screen.getByTestId('online-preview-off')).toHaveTextContent(
      'visitors to http://localhost/book/harbourside-hall are told your venue does not take online bookings',
    );
  });

  test('Save sends exactly the whole setting, then shows what the server holds after it', async () => {
    let current = stored();
    answer(() => current);
    const puts = captureRequests('put', '/api/settings/online-bookings', (req) => {
      const body = req.body as { minNoticeHours: number; questions: Array<{ id?: string }> };
      // the server gives the new question its id and keeps the agreement's version
      current = stored({
        minNoticeHours: body.minNoticeHours,
        resourceIds: [MAIN, ANNEX],
        mode: 'hold',
        questions: [
          ...current.questions,
          { id: 'new-question-id', label: 'Is it a birthday?', kind: 'yesno', required: false },
        ],
      });
      return current;
    });
    const { user } = renderWithProviders(<OnlineBookingsPage />);
    await loaded();

    const notice = screen.getByRole('textbox', { name: 'Minimum notice (hours)' });
    await user.clear(notice);
    await user.type(notice, '48');
    await user.click(await screen.findByRole('checkbox', { name: 'Annex' }));
    await user.click(screen.getByRole('radio', { name: /Automatic 24-hour hold/ }));
    await user.click(screen.getByRole('button', { name: 'Add a question' }));
    const third = within(screen.getByRole('group', { name: 'Question 3' }));
    // the new question has the focus: the keyboard goes on to type it
    expect(third.getByRole('textbox', { name: 'Question text' })).toHaveFocus();
    await user.keyboard('  Is it a birthday?  ');
    await user.selectOptions(third.getByRole('combobox', { name: 'Answer' }), 'yesno');
    expect(screen.getByText('You have unsaved changes.')).toBeVisible();
    await user.click(save());

    expect(await screen.findByRole('status')).toHaveTextContent('Online bookings saved.');
    expect(onlyBody(puts)).toEqual({
      enabled: true,
      slug: 'harbourside-hall',
      resourceIds: [MAIN, ANNEX],
      minNoticeHours: 48,
      windowDays: 365,
      mode: 'hold',
      verifyEmail: true,
      questions: [
        { id: 'outside-catering', label: 'Will you use outside caterers?', kind: 'yesno', required: true },
        {
          id: 'alcohol',
          label: 'Will alcohol be served?',
          kind: 'choice',
          options: ['No', 'Yes, BYO'],
          required: false,
        },
        { label: 'Is it a birthday?', kind: 'yesno', required: false },
      ],
      agreement: {
        text: 'The hirer leaves the hall clean.',
        cancellationTerms: 'Full refund 30 days before.',
      },
    });
    await waitFor(() => expect(screen.getByText('No unsaved changes.')).toBeVisible());
    expect(screen.getByRole('textbox', { name: 'Minimum notice (hours)' })).toHaveValue('48');
    expect(
      within(screen.getByRole('group', { name: 'Question 3' })).getByRole('textbox', {
        name: 'Question text',
      }),
    ).toHaveValue('Is it a birthday?');
  });

  test('questions reorder and leave by keyboard-reachable buttons, keeping their ids', async () => {
    answer(stored());
    const puts = captureRequests('put', '/api/settings/online-bookings', (req) => ({
      ...stored(),
      questions: (req.body as OnlineBookings).questions,
    }));
    const { user } = renderWithProviders(<OnlineBookingsPage />);
    await loaded();

    await user.click(screen.getByRole('button', { name: 'Move question 2 up' }));
    expect(
      within(screen.getByRole('group', { name: 'Question 1' })).getByRole('textbox', {
        name: 'Question text',
      }),
    ).toHaveValue('Will alcohol be served?');
    await user.click(screen.getByRole('button', { name: 'Remove question 2' }));
    expect(screen.queryByRole('group', { name: 'Question 2' })).toBeNull();
    await user.click(save());

    await screen.findByRole('status');
    expect((puts[0]!.body as OnlineBookings).questions).toEqual([
      {
        id: 'alcohol',
        label: 'Will alcohol be served?',
        kind: 'choice',
        options: ['No', 'Yes, BYO'],
        required: false,
      },
    ]);
  });

  test("the server's refusal of the address shows beside the field, focused, and nothing else changes", async () => {
    answer(stored());
    server.use(
      http.put('/api/settings/online-bookings', () =>
        HttpResponse.json(
          { message: SLUG_TAKEN_MESSAGE, errors: [{ path: 'slug', message: SLUG_TAKEN_MESSAGE }] },
          { status: 409 },
        ),
      ),
    );
    const { user } = renderWithProviders(<OnlineBookingsPage />);
    const slug = await loaded();
    await user.clear(slug);
    await user.type(slug, 'hilltop-community-centre');
    await user.click(save());

    await waitFor(() =>
      expect(slug).toHaveAccessibleDescription(expect.stringContaining(SLUG_TAKEN_MESSAGE)),
    );
    await waitFor(() => expect(slug).toHaveFocus());
    expect(within(screen.getByTestId('online-save-bar')).getByRole('alert')).toHaveTextContent(
      SLUG_TAKEN_MESSAGE,
    );
    // the live page is still the saved one
    expect(screen.getByRole('link', { name: 'http://localhost/book/harbourside-hall' })).toBeVisible();
  });

  test('a 400 naming a question and the notice puts each message beside its own field', async () => {
    answer(stored());
    server.use(
      http.put('/api/settings/online-bookings', () =>
        HttpResponse.json(
          {
            message: 'A choice question needs 2 to 20 different options.',
            errors: [
              { path: 'questions.1.options', message: 'A choice question needs 2 to 20 different options.' },
              { path: 'minNoticeHours', message: 'Minimum notice is too long.' },
            ],
          },
          { status: 400 },
        ),
      ),
    );
    const { user } = renderWithProviders(<OnlineBookingsPage />);
    await loaded();
    await user.click(save());

    const options = within(screen.getByRole('group', { name: 'Question 2' })).getByRole('textbox', {
      name: /Options/,
    });
    await waitFor(() =>
      expect(options).toHaveAccessibleDescription(
        expect.stringContaining('A choice question needs 2 to 20 different options.'),
      ),
    );
    expect(screen.getByRole('textbox', { name: 'Minimum notice (hours)' })).toHaveAccessibleDescription(
      expect.stringContaining('Minimum notice is too long.'),
    );
    // in page order, the notice comes first
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Minimum notice (hours)' })).toHaveFocus(),
    );
  });

  test("the screen's own check uses the server's words and sends nothing", async () => {
    answer(stored());
    const puts = captureRequests('put', '/api/settings/online-bookings', {});
    const { user } = renderWithProviders(<OnlineBookingsPage />);
    const slug = await loaded();
    await user.clear(slug);
    await user.type(slug, 'Bad Address!');
    const window = screen.getByRole('textbox', { name: 'Booking window (days)' });
    await user.clear(window);
    await user.click(save());

    expect(slug).toHaveAccessibleDescription(expect.stringContaining('The address must be 3 to 60'));
    expect(window).toHaveAccessibleDescription(
      expect.stringContaining('The booking window must be a whole number'),
    );
    await waitFor(() => expect(slug).toHaveFocus());
    expect(puts).toHaveLength(0);
  });

  test("a question's own problem shows in its row, focused, with the bar saying nothing was saved", async () => {
    answer(stored());
    const puts = captureRequests('put', '/api/settings/online-bookings', {});
    const { user } = renderWithProviders(<OnlineBookingsPage />);
    await loaded();
    const second = within(screen.getByRole('group', { name: 'Question 2' }));
    const options = second.getByRole('textbox', { name: /Options/ });
    await user.clear(options);
    await user.type(options, 'Yes, BYO');
    await user.click(screen.getByRole('button', { name: 'Add a question' }));
    await user.click(save());

    expect(options).toHaveAccessibleDescription(expect.stringContaining(CHOICE_OPTIONS_MESSAGE));
    const third = within(screen.getByRole('group', { name: 'Question 3' }));
    expect(third.getByRole('textbox', { name: 'Question text' })).toHaveAccessibleDescription(
      expect.stringContaining('Write the question.'),
    );
    // the first question is fine and says nothing
    const first = within(screen.getByRole('group', { name: 'Question 1' }));
    expect(first.getByRole('textbox', { name: 'Question text' })).not.toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(options).toHaveFocus());
    expect(within(screen.getByTestId('online-save-bar')).getByRole('alert')).toHaveTextContent(
      'Online bookings not saved: check the fields marked below.',
    );
    expect(puts).toHaveLength(0);

    // a second option typed, the message goes as it is corrected
    await user.type(options, '{Enter}No');
    await waitFor(() =>
      expect(options).not.toHaveAccessibleDescription(expect.stringContaining(CHOICE_OPTIONS_MESSAGE)),
    );
  });

  test("the server's refusal of a question's text lands on that row, and a move clears it", async () => {
    answer(stored());
    server.use(
      http.put('/api/settings/online-bookings', () =>
        HttpResponse.json(
          {
            message: 'The question must be one line.',
            errors: [{ path: 'questions.1.label', message: 'The question must be one line.' }],
          },
          { status: 400 },
        ),
      ),
    );
    const { user } = renderWithProviders(<OnlineBookingsPage />);
    await loaded();
    await user.click(save());

    const label = within(screen.getByRole('group', { name: 'Question 2' })).getByRole('textbox', {
      name: 'Question text',
    });
    await waitFor(() =>
      expect(label).toHaveAccessibleDescription(expect.stringContaining('The question must be one line.')),
    );
    await waitFor(() => expect(label).toHaveFocus());
    expect(
      within(screen.getByRole('group', { name: 'Question 1' })).getByRole('textbox', {
        name: 'Question text',
      }),
    ).not.toHaveAccessibleDescription(expect.stringContaining('one line'));
    // not said about the list as a whole
    expect(within(screen.getByTestId('online-questions')).queryByRole('alert')).toBeNull();

    // the server named the row by its number: once the questions move, that number means another one
    await user.click(screen.getByRole('button', { name: 'Move question 2 up' }));
    expect(
      within(screen.getByRole('group', { name: 'Question 1' })).getByRole('textbox', {
        name: 'Question text',
      }),
    ).toHaveValue('Will alcohol be served?');
    await waitFor(() =>
      expect(
        within(screen.getByTestId('online-questions')).queryByText('The question must be one line.'),
      ).toBeNull(),
    );
  });

  test('Save sends the body the schema makes of what was typed', async () => {
    answer(stored());
    const puts = captureRequests('put', '/api/settings/online-bookings', (req) => ({
      ...stored(),
      ...(req.body as object),
    }));
    const { user } = renderWithProviders(<OnlineBookingsPage />);
    const slug = await loaded();
    await user.clear(slug);
    await user.type(slug, '  Hilltop-Hall ');
    const second = within(screen.getByRole('group', { name: 'Question 2' }));
    await user.clear(second.getByRole('textbox', { name: /Options/ }));
    await user.type(second.getByRole('textbox', { name: /Options/ }), ' No {Enter}{Enter} Yes, BYO ');
    // a question that is no longer a choice sends no options
    await user.selectOptions(second.getByRole('combobox', { name: 'Answer' }), 'text');
    await user.selectOptions(second.getByRole('combobox', { name: 'Answer' }), 'choice');
    await user.selectOptions(
      within(screen.getByRole('group', { name: 'Question 1' })).getByRole('combobox', { name: 'Answer' }),
      'text',
    );
    await user.click(screen.getByRole('switch', { name: /^Verify the customer's e-mail address/ }));
    const terms = screen.getByRole('textbox', { name: 'Cancellation terms' });
    await user.clear(terms);
    await user.type(terms, '  No refunds.  ');
    await user.click(save());

    expect(await screen.findByRole('status')).toHaveTextContent('Online bookings saved.');
    expect(onlyBody(puts)).toEqual({
      enabled: true,
      slug: 'hilltop-hall',
      resourceIds: [MAIN],
      minNoticeHours: 24,
      windowDays: 365,
      mode: 'request',
      verifyEmail: false,
      questions: [
        { id: 'outside-catering', label: 'Will you use outside caterers?', kind: 'text', required: true },
        {
          id: 'alcohol',
          label: 'Will alcohol be served?',
          kind: 'choice',
          options: ['No', 'Yes, BYO'],
          required: false,
        },
      ],
      agreement: { text: 'The hirer leaves the hall clean.', cancellationTerms: 'No refunds.' },
    });

    // the form starts again from what is stored: a question added now is not refused before its Save
    await waitFor(() => expect(screen.getByText('No unsaved changes.')).toBeVisible());
    await user.click(screen.getByRole('button', { name: 'Add a question' }));
    const added = within(screen.getByRole('group', { name: 'Question 3' })).getByRole('textbox', {
      name: 'Question text',
    });
    expect(added).toHaveFocus();
    expect(added).not.toHaveAttribute('aria-invalid', 'true');
  });

  test('loading, a failed load with Try Again, and staff other than the owner refused', async () => {
    let fail = true;
    server.use(
      http.get('/api/settings/online-bookings', () =>
        fail
          ? HttpResponse.json({ message: 'Admin is restarting.' }, { status: 503 })
          : HttpResponse.json(stored({ resourceIds: [] })),
      ),
      http.get('/api/resources', () => HttpResponse.json([])),
    );
    const { user, unmount } = renderWithProviders(<OnlineBookingsPage />);
    expect(screen.getByText('Loading online bookings...')).toBeVisible();
    expect(await screen.findByText('Admin is restarting.')).toBeVisible();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    await loaded();
    expect(await screen.findByTestId('online-resources-empty')).toHaveTextContent('No halls or rooms yet.');
    unmount();

    renderWithProviders(<OnlineBookingsPage />, {
      session: { role: 'sub_user', principal: { role: 'sub_user', permissions: ['settings'] } },
    });
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Only the hall owner can see and change online bookings.',
    );
    expect(screen.queryByRole('button', { name: 'Save Online Bookings' })).toBeNull();
  });
});
