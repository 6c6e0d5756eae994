import { afterEach, beforeEach, describe, expect, jest, test } from '@jest/globals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { captureRequests, onlyBody, server } from '@venue/ui/testing';
import type {
  PortalAcceptAnswer,
  PortalBooking,
  PortalInvoice,
  PortalPayAnswer,
  PortalQuotation,
} from '../api/types.ts';
import { answerVenue, renderApp, SLUG } from '../testing.tsx';
import { goTo } from './MyInvoices.tsx';
import { LINK_SENT } from './SignInForm.tsx';

type User = ReturnType<typeof renderApp>['user'];

/** Named through a variable: the web type check has no Node types, and only this test needs them. */
const NODE_BUFFER: string = 'node:buffer';

const ME = {
  customerId: 'cust-1',
  email: 'zoe@example.com',
  venue: { slug: SLUG, name: 'Harbourside Hall' },
};

const BOOKING: PortalBooking = {
  id: 'bk-1',
  code: 'BK-2026-0042',
  status: 'pending',
  resourceName: 'Main Hall',
  date: '2027-02-13',
  startTime: '18:00',
  endTime: '23:00',
  startsAt: '2027-02-13T07:00:00.000Z',
  endsAt: '2027-02-13T12:00:00.000Z',
  guests: 120,
  eventType: 'Birthday Party',
  totalCents: 100000,
  currency: 'AUD',
  addOns: [{ name: 'Projector', quantity: 1, priceCents: 5000 }],
  holdExpiresAt: null,
  source: 'website',
  canCancel: true,
  documentsNeeded: ['insurance'],
  docs: { idVerified: false, insuranceVerified: false },
  cancellationReason: null,
  createdAt: '2026-11-29T01:00:00.000Z',
};

/** A signed-in customer: the refresh cookie answers an access token, and /me who they are. */
function signedIn() {
  const refreshes = captureRequests('post', '/api/portal/session/refresh', { token: 'access-1' });
  server.use(http.get('/api/portal/me', () => HttpResponse.json(ME)));
  answerVenue();
  return refreshes;
}

function answerBookings(bookings: PortalBooking[] = [BOOKING]) {
  server.use(
    http.get('/api/portal/bookings', () => HttpResponse.json({ bookings })),
    http.get('/api/portal/bookings/:id', ({ params }) => {
      const b = bookings.find((x) => x.id === params.id);
      return b ? HttpResponse.json(b) : HttpResponse.json({ message: 'Booking not found' }, { status: 404 });
    }),
    http.get('/api/portal/bookings/:id/documents', () => HttpResponse.json({ documents: [] })),
  );
}

async function fill(user: User, label: string | RegExp, text: string) {
  const input = screen.getByLabelText(label, { selector: 'input, textarea' });
  await user.clear(input);
  await user.click(input);
  await user.paste(text);
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  jest.restoreAllMocks();
});

describe('signing in to /my', () => {
  test('with no session, asks for the e-mail and always answers the same sentence', async () => {
    server.use(
      http.post('/api/portal/session/refresh', () =>
        HttpResponse.json({ message: 'No session' }, { status: 401 }),
      ),
    );
    answerVenue();
    const links = captureRequests(
      'post',
      '/api/public/venues/:slug/portal-link',
      () => new HttpResponse(null, { status: 202 }),
    );
    const { user } = renderApp(`/my?venue=${SLUG}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your bookings with Harbourside Hall' }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'E-mail me a sign-in link' }));
    expect(await screen.findByText('Please fill in your e-mail address')).toBeInTheDocument();
    expect(screen.getByLabelText('E-mail')).toHaveFocus();
    expect(links).toHaveLength(0);
    await fill(user, 'E-mail', 'zoe@example.com');
    await user.click(screen.getByRole('button', { name: 'E-mail me a sign-in link' }));
    expect(await screen.findByText(LINK_SENT)).toBeInTheDocument();
    expect(LINK_SENT).toMatch(/^If that address has bookings with us, a link is on its way\./);
    expect(links[0]!.url.pathname).toBe(`/api/public/venues/${SLUG}/portal-link`);
    expect(links[0]!.body).toEqual({ email: 'zoe@example.com' });
  });

  test("the server's own words for the answer, when it has them", async () => {
    server.use(http.post('/api/portal/session/refresh', () => HttpResponse.json({}, { status: 401 })));
    answerVenue();
    server.use(
      http.post('/api/public/venues/:slug/portal-link', () =>
        HttpResponse.json(
          { message: 'If this address can sign in here, a link is on its way.' },
          { status: 202 },
        ),
      ),
    );
    const { user } = renderApp(`/my?venue=${SLUG}`);
    await screen.findByLabelText('E-mail');
    await fill(user, 'E-mail', 'nobody@example.com');
    await user.click(screen.getByRole('button', { name: 'E-mail me a sign-in link' }));
    expect(
      await screen.findByText('If this address can sign in here, a link is on its way.'),
    ).toBeInTheDocument();
  });

  test("remembers the venue of the last booking page, so /my alone offers that venue's sign-in", async () => {
    server.use(http.post('/api/portal/session/refresh', () => HttpResponse.json({}, { status: 401 })));
    answerVenue();
    server.use(
      http.get('/api/public/venues/:slug/availability', () =>
        HttpResponse.json({
          timezone: 'Australia/Sydney',
          days: [],
          busy: [],
          earliestStart: new Date().toISOString(),
          lastDate: '2100-01-01',
        }),
      ),
    );
    const first = renderApp(`/book/${SLUG}`);
    await screen.findByRole('heading', { level: 1, name: 'Harbourside Hall' });
    first.unmount();
    renderApp('/my');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your bookings with Harbourside Hall' }),
    ).toBeInTheDocument();
  });

  test('the e-mailed link starts the session once and opens the bookings', async () => {
    const sessions = captureRequests('post', '/api/portal/session', { token: 'access-1' });
    server.use(http.get('/api/portal/me', () => HttpResponse.json(ME)));
    answerVenue();
    answerBookings();
    const bookingReads = captureRequests('get', '/api/portal/bookings', { bookings: [BOOKING] });
    renderApp('/my/sign-in?token=link-token-1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Your bookings' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Main Hall, Saturday 13/02/2027' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/my$/);
    expect(onlyBody(sessions)).toEqual({ token: 'link-token-1' });
    expect(bookingReads[0]!.headers.get('authorization')).toBe('Bearer access-1');
    expect(screen.getByText('Signed in as zoe@example.com')).toBeInTheDocument();
  });

  test('a used or expired link says so and offers a new one', async () => {
    server.use(
      http.post('/api/portal/session', () =>
        HttpResponse.json({ message: 'This link has expired or was already used.' }, { status: 401 }),
      ),
    );
    answerVenue();
    renderApp(`/my/sign-in?token=old&venue=${SLUG}`);
    expect(await screen.findByText(/This link has expired or was already used\./)).toHaveAttribute(
      'role',
      'status',
    );
    expect(screen.getByRole('button', { name: 'E-mail me a sign-in link' })).toBeInTheDocument();
  });

  test('signing out ends the session and shows the sign-in form', async () => {
    signedIn();
    answerBookings();
    const ends = captureRequests(
      'delete',
      '/api/portal/session',
      () => new HttpResponse(null, { status: 204 }),
    );
    const { user } = renderApp('/my');
    await screen.findByText('Signed in as zoe@example.com');
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('button', { name: 'E-mail me a sign-in link' })).toBeInTheDocument();
    expect(ends).toHaveLength(1);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/my?venue=${SLUG}`));
  });

  test('an access token that ran out is renewed once from the cookie and the read repeated', async () => {
    const refreshes = signedIn();
    let reads = 0;
    server.use(
      http.get('/api/portal/bookings', () =>
        // Without a body: the client cancels a refused answer's body before retrying, and a
        // mocked body's cancel never settles under jsdom (msw), which a browser's does.
        ++reads === 1 ? new HttpResponse(null, { status: 401 }) : HttpResponse.json({ bookings: [BOOKING] }),
      ),
    );
    renderApp('/my');
    expect(await screen.findByRole('link', { name: 'Main Hall, Saturday 13/02/2027' })).toBeInTheDocument();
    expect(refreshes).toHaveLength(2);
  });
});

describe('the bookings', () => {
  test('lists each booking with its status in words, an empty list says so', async () => {
    signedIn();
    answerBookings([
      BOOKING,
      {
        ...BOOKING,
        id: 'bk-2',
        code: 'BK-2',
        status: 'tentative',
        holdExpiresAt: '2027-01-10T07:00:00Z',
        documentsNeeded: [],
      },
      { ...BOOKING, id: 'bk-3', code: 'BK-3', status: 'confirmed', canCancel: false, documentsNeeded: [] },
    ]);
    renderApp('/my');
    const cards = await screen.findAllByRole('article');
    expect(cards).toHaveLength(3);
    expect(within(cards[0]!).getByText('Waiting for the venue')).toBeInTheDocument();
    expect(
      within(cards[0]!).getByText('The venue needs documents from you for this booking.'),
    ).toBeInTheDocument();
    // the hold's end in the venue's zone: 18:00 in Sydney
    expect(within(cards[1]!).getByText('On hold until 10/01/2027 6:00 PM')).toBeInTheDocument();
    expect(within(cards[2]!).getByText('Confirmed')).toBeInTheDocument();
    expect(within(cards[0]!).getByText('$1,000.00')).toBeInTheDocument();
  });

  test('no bookings: an empty state, not an empty page', async () => {
    signedIn();
    answerBookings([]);
    renderApp('/my');
    expect(await screen.findByText('You have no bookings with this venue yet.')).toBeInTheDocument();
  });

  test('a pending request can be cancelled after confirming, with an Idempotency-Key', async () => {
    signedIn();
    answerBookings();
    const cancels = captureRequests('post', '/api/portal/bookings/:id/cancel', {
      ...BOOKING,
      status: 'cancelled',
    });
    const { user } = renderApp('/my/bookings/bk-1');
    await user.click(await screen.findByRole('button', { name: 'Cancel request' }));
    expect(cancels).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Yes, cancel it' }));
    expect(
      await screen.findByText('Your request is cancelled. The venue has been told.'),
    ).toBeInTheDocument();
    expect(cancels).toHaveLength(1);
    expect(cancels[0]!.url.pathname).toBe('/api/portal/bookings/bk-1/cancel');
    expect(cancels[0]!.headers.get('idempotency-key')).toBeTruthy();
  });

  test('a confirmed booking cannot be cancelled here; changes are asked for in words', async () => {
    signedIn();
    answerBookings([{ ...BOOKING, status: 'confirmed', canCancel: false }]);
    const changes = captureRequests('post', '/api/portal/bookings/:id/changes', {});
    const { user } = renderApp('/my/bookings/bk-1');
    await screen.findByRole('heading', { level: 2, name: 'Ask for changes' });
    expect(screen.queryByRole('button', { name: 'Cancel request' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send to the venue' }));
    expect(await screen.findByText('Please say what you would like to change.')).toBeInTheDocument();
    expect(changes).toHaveLength(0);
    await fill(user, 'What would you like to change?', 'Could we start at 5 pm?');
    await user.click(screen.getByRole('button', { name: 'Send to the venue' }));
    expect(await screen.findByText('Sent. The venue will answer by e-mail.')).toBeInTheDocument();
    expect(changes[0]!.body).toEqual({ message: 'Could we start at 5 pm?' });
  });

  test('the calendar file downloads with the access token', async () => {
    signedIn();
    answerBookings();
    const files = captureRequests(
      'get',
      '/api/portal/bookings/:id/calendar.ics',
      () =>
        new HttpResponse('BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n', {
          headers: {
            'content-type': 'text/calendar',
            'content-disposition': 'attachment; filename="BK-2026-0042.ics"',
          },
        }),
    );
    const created = jest.fn(() => 'blob:calendar');
    Object.assign(URL, { createObjectURL: created, revokeObjectURL: jest.fn() });
    const saved = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { user } = renderApp('/my/bookings/bk-1');
    await user.click(await screen.findByRole('button', { name: 'Add to calendar (.ics)' }));
    await waitFor(() => expect(saved).toHaveBeenCalled());
    expect(created).toHaveBeenCalled();
    expect((saved.mock.contexts[0] as HTMLAnchorElement).download).toBe('BK-2026-0042.ics');
    expect(files[0]!.headers.get('authorization')).toBe('Bearer access-1');
  });

  test('documents: too large or the wrong kind refused before sending; a PDF uploads as multipart', async () => {
    signedIn();
    answerBookings();
    const uploads: FormData[] = [];
    server.use(
      http.post('/api/portal/bookings/:id/documents', async ({ request }) => {
        uploads.push(await request.formData());
        return HttpResponse.json(
          {
            id: 'doc-1',
            kind: 'insurance',
            fileName: 'insurance.pdf',
            uploadedAt: '2026-12-01T01:00:00Z',
            verified: false,
          },
          { status: 201 },
        );
      }),
    );
    const { user } = renderApp('/my/bookings/bk-1');
    expect(
      await screen.findByText('The venue needs your Insurance document for this booking.'),
    ).toBeInTheDocument();
    expect(await screen.findByText('No documents uploaded yet.')).toBeInTheDocument();
    const input = screen.getByLabelText('File');
    const big = new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'big.pdf', { type: 'application/pdf' });
    await user.upload(input, big);
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('The file is larger than 10 MB.')).toBeInTheDocument();
    expect(input).toHaveFocus();
    // a file the picker would not offer (its accept list), dropped in anyway
    fireEvent.change(input, {
      target: { files: [new File(['x'], 'notes.docx', { type: 'application/msword' })] },
    });
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('Upload a PDF or a photo (JPEG, PNG, WebP or HEIC).')).toBeInTheDocument();
    expect(uploads).toHaveLength(0);
    // Node's File: the page's FormData is Node's under jest-fixed-jsdom, and takes no jsdom File
    // (a browser has one kind of each).
    const { File: NodeFile } = (await import(NODE_BUFFER)) as { File: typeof File };
    const pdf = new NodeFile(['%PDF-1.7'], 'insurance.pdf', { type: 'application/pdf' });
    fireEvent.change(input, { target: { files: [pdf] } });
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(
      await screen.findByText('insurance.pdf is uploaded. The venue will check it.'),
    ).toBeInTheDocument();
    expect(uploads).toHaveLength(1);
    expect(uploads[0]!.get('kind')).toBe('insurance');
    expect((uploads[0]!.get('file') as File).name).toBe('insurance.pdf');
  });

  test("another customer's booking (the server's 404) says so", async () => {
    signedIn();
    answerBookings([]);
    renderApp('/my/bookings/someone-else');
    expect(await screen.findByRole('alert')).toHaveTextContent('Booking not found');
  });
});

const QUOTATION: PortalQuotation = {
  id: 'q-1',
  number: 'QUO-2026-0007',
  status: 'Sent',
  resourceName: 'Main Hall',
  eventType: 'Conference',
  eventDate: '2027-03-20',
  startTime: '10:00',
  endTime: '16:00',
  guestCount: 80,
  validUntil: '2027-01-31',
  totalCents: 132000,
  gstCents: 12000,
  depositCents: 39600,
  finalCents: 92400,
  items: [{ description: 'Main Hall, 6 hours', amountCents: 132000 }],
  notes: '',
  bookingId: null,
  bookingCode: null,
  sentAt: '2026-11-28T01:00:00.000Z',
  acceptedAt: null,
  declineReason: null,
};

describe('the quotations', () => {
  test('accepting one books it and names the booking', async () => {
    signedIn();
    server.use(http.get('/api/portal/quotations', () => HttpResponse.json({ quotations: [QUOTATION] })));
    const accepts = captureRequests('post', '/api/portal/quotations/:id/accept', {
      bookingId: 'bk-9',
      bookingCode: 'BK-2026-0099',
      quotation: { ...QUOTATION, status: 'Accepted', bookingId: 'bk-9', bookingCode: 'BK-2026-0099' },
    } satisfies PortalAcceptAnswer);
    const { user } = renderApp('/my/quotations');
    const card = await screen.findByRole('article', { name: 'Quotation QUO-2026-0007' });
    expect(within(card).getByText('Waiting for your answer')).toBeInTheDocument();
    expect(within(card).getByText('$1,320.00', { selector: 'dd' })).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Accept quotation QUO-2026-0007' }));
    await user.click(within(card).getByRole('button', { name: 'Yes, accept and book' }));
    expect(await within(card).findByText(/Your booking BK-2026-0099 is confirmed/)).toBeInTheDocument();
    expect(accepts).toHaveLength(1);
    expect(accepts[0]!.url.pathname).toBe('/api/portal/quotations/q-1/accept');
  });

  test('a slot taken meanwhile: the clash as the server names it, the quotation still open', async () => {
    signedIn();
    server.use(
      http.get('/api/portal/quotations', () => HttpResponse.json({ quotations: [QUOTATION] })),
      http.post('/api/portal/quotations/:id/accept', () =>
        HttpResponse.json(
          { message: 'Main Hall is booked on 20/03/2027 from 9:00 AM to 1:00 PM.' },
          { status: 409 },
        ),
      ),
    );
    const { user } = renderApp('/my/quotations');
    const card = await screen.findByRole('article', { name: 'Quotation QUO-2026-0007' });
    await user.click(within(card).getByRole('button', { name: 'Accept quotation QUO-2026-0007' }));
    await user.click(within(card).getByRole('button', { name: 'Yes, accept and book' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent('Main Hall is booked on 20/03/2027');
  });

  test('declining sends the reason', async () => {
    signedIn();
    server.use(http.get('/api/portal/quotations', () => HttpResponse.json({ quotations: [QUOTATION] })));
    const declines = captureRequests('post', '/api/portal/quotations/:id/decline', {});
    const { user } = renderApp('/my/quotations');
    const card = await screen.findByRole('article', { name: 'Quotation QUO-2026-0007' });
    await user.click(within(card).getByRole('button', { name: 'Decline quotation QUO-2026-0007' }));
    await fill(user, /Why are you declining/, 'We found another place.');
    await user.click(within(card).getByRole('button', { name: 'Decline quotation' }));
    expect(await within(card).findByText('Declined. The venue has been told.')).toBeInTheDocument();
    expect(declines[0]!.body).toEqual({ reason: 'We found another place.' });
  });

  test('none: an empty state', async () => {
    signedIn();
    server.use(http.get('/api/portal/quotations', () => HttpResponse.json({ quotations: [] })));
    renderApp('/my/quotations');
    expect(await screen.findByText('The venue has not sent you a quotation.')).toBeInTheDocument();
  });
});

const INVOICE: PortalInvoice = {
  id: 'inv-1',
  number: 'INV-2026-00012',
  kind: 'DEPOSIT',
  status: 'SENT',
  bookingId: 'bk-1',
  bookingCode: 'BK-2026-0042',
  quotationNumber: null,
  resourceName: 'Main Hall',
  eventType: 'Birthday Party',
  eventDate: '2027-02-13',
  description: 'Deposit for BK-2026-0042',
  issuedAt: '2026-12-01',
  dueDate: '2026-12-15',
  lines: [{ description: 'Deposit (30%)', quantity: 1, totalCents: 30000, gstCents: 2727 }],
  subtotalCents: 27273,
  gstCents: 2727,
  totalCents: 30000,
  creditedCents: 0,
  paidCents: 0,
  balanceCents: 30000,
  daysOverdue: 0,
  payable: true,
  receipts: [],
  creditNotes: [],
};

describe('the invoices', () => {
  test('shows what is due and Pay opens the pay page the server names', async () => {
    signedIn();
    server.use(
      http.get('/api/portal/invoices', () =>
        HttpResponse.json({
          invoices: [
            INVOICE,
            {
              ...INVOICE,
              id: 'inv-2',
              number: 'INV-2026-00009',
              kind: 'FINAL',
              status: 'PAID',
              balanceCents: 0,
              paidCents: 30000,
              payable: false,
              receipts: [
                {
                  paymentId: 'pay-1',
                  number: 'RCT-2026-00003',
                  kind: 'payment',
                  method: 'Bank transfer',
                  paidAt: '2026-11-20T01:00:00Z',
                  amountCents: 30000,
                },
              ],
              creditNotes: [
                {
                  id: 'cn-1',
                  number: 'ADJ-2026-00001',
                  issuedAt: '2026-11-21',
                  amountCents: 5000,
                  gstCents: 455,
                  refundedCents: 0,
                  reason: 'One hour less',
                },
              ],
            },
          ],
        }),
      ),
    );
    const pays = captureRequests('post', '/api/portal/invoices/:id/pay', {
      url: 'https://venues.example/pay/tok-pay',
      path: '/pay/tok-pay',
      invoiceNumber: 'INV-2026-00012',
      amountDueCents: 30000,
      cardPayments: true,
    } satisfies PortalPayAnswer);
    const went = jest.spyOn(goTo, 'url').mockImplementation(() => {});
    const { user } = renderApp('/my/invoices');
    const deposit = await screen.findByRole('article', { name: 'Deposit invoice INV-2026-00012' });
    expect(within(deposit).getByText('$300.00 by 15/12/2026')).toBeInTheDocument();
    const paid = screen.getByRole('article', { name: 'Final invoice INV-2026-00009' });
    expect(within(paid).queryByRole('button', { name: /^Pay/ })).not.toBeInTheDocument();
    expect(within(paid).getByRole('button', { name: 'Receipt RCT-2026-00003' })).toBeInTheDocument();
    expect(within(paid).getByRole('button', { name: 'Adjustment note ADJ-2026-00001' })).toBeInTheDocument();
    await user.click(within(deposit).getByRole('button', { name: 'Pay $300.00 of invoice INV-2026-00012' }));
    await waitFor(() => expect(went).toHaveBeenCalledWith('/pay/tok-pay'));
    expect(pays[0]!.url.pathname).toBe('/api/portal/invoices/inv-1/pay');
  });

  test('a PDF that cannot be had says why beside its button', async () => {
    signedIn();
    server.use(
      http.get('/api/portal/invoices', () => HttpResponse.json({ invoices: [INVOICE] })),
      http.get('/api/portal/invoices/:id/pdf', () =>
        HttpResponse.json({ message: 'Invoice not found' }, { status: 404 }),
      ),
    );
    const { user } = renderApp('/my/invoices');
    await user.click(await screen.findByRole('button', { name: 'Invoice PDF INV-2026-00012' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invoice not found');
  });

  test('the list failing shows an error with Try again', async () => {
    signedIn();
    let calls = 0;
    server.use(
      http.get('/api/portal/invoices', () =>
        ++calls === 1
          ? HttpResponse.json({ message: 'Money is unavailable right now.' }, { status: 503 })
          : HttpResponse.json({ invoices: [] }),
      ),
    );
    const { user } = renderApp('/my/invoices');
    expect(await screen.findByRole('alert')).toHaveTextContent('Money is unavailable right now.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('You have no invoices from this venue.')).toBeInTheDocument();
  });
});
