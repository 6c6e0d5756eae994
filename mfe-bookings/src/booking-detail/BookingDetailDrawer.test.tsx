import { afterEach, beforeEach, describe, expect, jest, test } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { captureRequests, renderWithProviders, server } from '@venue/ui/testing';
import type { Booking, StaffDocument } from '../api/types.ts';
import { BookingDetailDrawer } from './BookingDetailDrawer.tsx';

/** Perth (UTC+8, no daylight saving) and unambiguous formats: what the venue's settings say. */
const SETTINGS = { timezone: 'Australia/Perth', dateFormat: 'YYYY-MM-DD', timeFormat: '24h' } as const;

const ID = 'b-1';

function booking(over: Partial<Booking> = {}): Booking {
  return {
    id: ID,
    bookingCode: 'HH-2026-0100',
    customerName: 'Wendy Web',
    customerEmail: 'wendy@example.com',
    customerPhone: '',
    eventType: 'Birthday',
    resourceId: 'r-1',
    selectedHall: 'r-1',
    resourceName: 'Main Hall',
    bookingDate: '2026-12-12',
    startTime: '18:00',
    endTime: '22:00',
    status: 'confirmed',
    bookingSource: 'website',
    calculatedPriceCents: 80_000,
    priority: 'normal',
    customerTier: 'standard',
    bondRequired: false,
    bondCents: 0,
    bondPaid: false,
    docs: { idVerified: false, insuranceVerified: false },
    addOns: [],
    additionalDescription: '',
    notes: '',
    payment_details: null,
    createdAt: '2026-11-28T22:00:00.000Z',
    updatedAt: '2026-11-28T22:00:00.000Z',
    onlineRequest: {
      answers: [
        { questionId: 'q1', label: 'Will there be alcohol?', answer: 'Yes' },
        { questionId: 'q2', label: 'Anything we should know?', answer: 'A cake at 8 pm' },
      ],
      agreementVersion: 3,
      acceptedAt: '2026-11-28T21:55:00.000Z',
      clientAddress: '203.0.113.7',
    },
    ...over,
  } as Booking;
}

const doc = (
  over: Partial<StaffDocument> & Pick<StaffDocument, 'id' | 'kind' | 'fileName'>,
): StaffDocument => ({
  bookingId: ID,
  contentType: 'application/pdf',
  sizeBytes: 52_000,
  uploadedAt: '2026-11-28T22:30:00.000Z',
  verified: false,
  verifiedAt: null,
  verifiedBy: null,
  ...over,
});

function renderDrawer(b: Booking = booking()) {
  const actions = { edit: jest.fn(), confirm: jest.fn(), cancel: jest.fn(), complete: jest.fn() };
  server.use(http.get(`/api/bookings/${ID}`, () => HttpResponse.json(b)));
  return renderWithProviders(<BookingDetailDrawer id={ID} onClose={() => {}} actions={actions} />, {
    session: { settings: SETTINGS },
  });
}

const documents = () => screen.getByRole('region', { name: 'Documents' });
const rowOf = (label: string) => screen.getByRole('rowheader', { name: label }).closest('tr')!;

describe('Booking details: a request from the booking page (issue 25)', () => {
  test("shows the source, the customer's answers and the agreement they accepted, in the venue's zone", async () => {
    captureRequests('get', `/api/bookings/${ID}/documents`, { documents: [] });
    renderDrawer();
    await screen.findByTestId('booking-detail');
    expect(within(rowOf('Source')).getByText('Website')).toBeVisible();
    const sent = screen.getByRole('region', { name: 'Sent from the booking page' });
    const answers = within(sent).getByRole('table', { name: 'Answers to your questions' });
    expect(
      within(answers).getByRole('rowheader', { name: 'Will there be alcohol?' }).closest('tr'),
    ).toHaveTextContent('Yes');
    expect(
      within(answers).getByRole('rowheader', { name: 'Anything we should know?' }).closest('tr'),
    ).toHaveTextContent('A cake at 8 pm');
    // 21:55 UTC is 05:55 the next morning in Perth
    expect(sent).toHaveTextContent('Hire agreement version 3 accepted 2026-11-29 05:55');
  });

  test('a booking staff typed in has no booking-page section', async () => {
    captureRequests('get', `/api/bookings/${ID}/documents`, { documents: [] });
    renderDrawer(booking({ bookingSource: 'admin', onlineRequest: null }));
    await screen.findByTestId('booking-detail');
    expect(within(rowOf('Source')).getByText('Admin')).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Sent from the booking page' })).not.toBeInTheDocument();
  });
});

describe('Booking details: documents (issue 25)', () => {
  const createObjectURL = jest.fn(() => 'blob:doc');
  beforeEach(() => {
    Object.assign(URL, { createObjectURL, revokeObjectURL: jest.fn() });
  });
  afterEach(() => {
    createObjectURL.mockClear();
  });

  test('lists what the customer uploaded: kind, file name and when, in the venue zone', async () => {
    captureRequests('get', `/api/bookings/${ID}/documents`, {
      documents: [
        doc({ id: 'd-ins', kind: 'insurance', fileName: 'public-liability.pdf' }),
        doc({
          id: 'd-id',
          kind: 'id',
          fileName: 'licence.jpg',
          contentType: 'image/jpeg',
          verified: true,
          verifiedAt: '2026-11-29T01:15:00.000Z',
          verifiedBy: 'owner@demo.local',
        }),
      ],
    });
    renderDrawer();
    const items = await within(await screen.findByRole('region', { name: 'Documents' })).findAllByTestId(
      'booking-document',
    );
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Insurance');
    expect(items[0]).toHaveTextContent('public-liability.pdf');
    expect(items[0]).toHaveTextContent('Not verified');
    expect(items[0]).toHaveTextContent('Uploaded 2026-11-29 06:30');
    expect(within(items[0]!).getByRole('button', { name: /Mark verified/ })).toBeEnabled();
    expect(items[1]).toHaveTextContent('ID');
    expect(items[1]).toHaveTextContent('Verified by owner@demo.local on 2026-11-29 09:15');
    expect(within(items[1]!).queryByRole('button', { name: /Mark verified/ })).not.toBeInTheDocument();
  });

  test('Mark verified asks the server, then shows who verified it and when, and the booking reads verified', async () => {
    let verified = false;
    server.use(
      http.get(`/api/bookings/${ID}`, () =>
        HttpResponse.json(
          booking({
            docs: { idVerified: false, insuranceVerified: verified },
            updatedAt: verified ? '2026-11-29T02:00:00.000Z' : '2026-11-28T22:00:00.000Z',
          }),
        ),
      ),
      http.get(`/api/bookings/${ID}/documents`, () =>
        HttpResponse.json({
          documents: [
            doc({
              id: 'd-ins',
              kind: 'insurance',
              fileName: 'public-liability.pdf',
              verified,
              verifiedAt: verified ? '2026-11-29T02:00:00.000Z' : null,
              verifiedBy: verified ? 'owner@demo.local' : null,
            }),
          ],
        }),
      ),
    );
    const posts = captureRequests('post', `/api/bookings/${ID}/documents/d-ins/verify`, () => {
      verified = true;
      return {
        document: doc({
          id: 'd-ins',
          kind: 'insurance',
          fileName: 'public-liability.pdf',
          verified: true,
          verifiedAt: '2026-11-29T02:00:00.000Z',
          verifiedBy: 'owner@demo.local',
        }),
        docs: { idVerified: false, insuranceVerified: true },
      };
    });
    const actions = { edit: jest.fn(), confirm: jest.fn(), cancel: jest.fn(), complete: jest.fn() };
    const { user } = renderWithProviders(
      <BookingDetailDrawer id={ID} onClose={() => {}} actions={actions} />,
      { session: { settings: SETTINGS } },
    );
    await screen.findByTestId('booking-detail');
    expect(rowOf('Insurance verified')).toHaveTextContent('No');
    await user.click(
      await within(documents()).findByRole('button', {
        name: 'Mark verified: Insurance public-liability.pdf',
      }),
    );
    expect(
      await within(documents()).findByText('Verified by owner@demo.local on 2026-11-29 10:00'),
    ).toBeVisible();
    expect(posts).toHaveLength(1);
    expect(within(documents()).queryByRole('button', { name: /Mark verified/ })).not.toBeInTheDocument();
    await waitFor(() => expect(rowOf('Insurance verified')).toHaveTextContent('Yes'));
    // The staff details below read the booking afresh too, so a later save keeps the flag.
    expect(screen.getByRole('checkbox', { name: 'Insurance verified' })).toBeChecked();
  });

  test('a refused verification says why, beside the document, and it stays unverified', async () => {
    captureRequests('get', `/api/bookings/${ID}/documents`, {
      documents: [doc({ id: 'd-id', kind: 'id', fileName: 'passport.png' })],
    });
    server.use(
      http.post(`/api/bookings/${ID}/documents/d-id/verify`, () =>
        HttpResponse.json({ message: 'Document not found' }, { status: 404 }),
      ),
    );
    const { user } = renderDrawer();
    await user.click(
      await within(await screen.findByRole('region', { name: 'Documents' })).findByRole('button', {
        name: 'Mark verified: ID passport.png',
      }),
    );
    expect(await within(documents()).findByRole('alert')).toHaveTextContent(
      'Could not mark it verified: Failed to verify document: 404',
    );
    expect(within(documents()).getByText('Not verified')).toBeVisible();
  });

  test('Download fetches the file through the staff route with the sign-in', async () => {
    captureRequests('get', `/api/bookings/${ID}/documents`, {
      documents: [doc({ id: 'd-ins', kind: 'insurance', fileName: 'public-liability.pdf' })],
    });
    const files = captureRequests(
      'get',
      `/api/bookings/${ID}/documents/d-ins`,
      () =>
        new Response(new Uint8Array([0x25, 0x50, 0x44, 0x46]), {
          headers: {
            'content-type': 'application/pdf',
            'content-disposition': 'attachment; filename="public-liability.pdf"',
          },
        }),
    );
    const { user } = renderDrawer();
    await user.click(
      await within(await screen.findByRole('region', { name: 'Documents' })).findByRole('button', {
        name: 'Download public-liability.pdf',
      }),
    );
    await waitFor(() => expect(createObjectURL).toHaveBeenCalledTimes(1));
    expect(files).toHaveLength(1);
    expect(files[0]!.headers.get('authorization')).toBe('Bearer test-token');
  });

  test('none uploaded says so', async () => {
    captureRequests('get', `/api/bookings/${ID}/documents`, { documents: [] });
    renderDrawer();
    expect(
      await within(await screen.findByRole('region', { name: 'Documents' })).findByText(
        'No documents uploaded',
      ),
    ).toBeVisible();
  });

  test('while loading it says so, and a failure shows the error with Try Again (the booking still shows)', async () => {
    server.use(http.get(`/api/bookings/${ID}/documents`, () => delay('infinite')));
    const first = renderDrawer();
    expect(
      await within(await screen.findByRole('region', { name: 'Documents' })).findByText(
        'Loading documents...',
      ),
    ).toBeVisible();
    first.unmount();

    let calls = 0;
    server.use(
      http.get(`/api/bookings/${ID}/documents`, () => {
        calls += 1;
        return calls === 1
          ? HttpResponse.json({ message: 'Bookings are unavailable' }, { status: 503 })
          : HttpResponse.json({ documents: [] });
      }),
    );
    const { user } = renderDrawer();
    const region = await screen.findByRole('region', { name: 'Documents' });
    expect(await within(region).findByRole('alert')).toHaveTextContent('Bookings are unavailable');
    expect(screen.getByTestId('booking-detail')).toHaveTextContent('HH-2026-0100');
    await user.click(within(region).getByRole('button', { name: 'Try Again' }));
    expect(await within(region).findByText('No documents uploaded')).toBeVisible();
  });
});
