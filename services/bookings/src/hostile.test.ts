/** The generated hostile-input suite (packages/service-kit/src/testing/hostile.ts) on bookings. */
import { randomUUID } from 'node:crypto';
import { describeHostileInput, kitRoutes } from '@venue/service-kit/testing';
import { HALL, OWNER, form, futureDate, startHarness } from './testing/harness.ts';
import { openDoors, requestBody } from './door/door-testing.ts';

describeHostileInput('bookings', async () => {
  const h = await startHarness();
  const created = await h.create({ bookingDate: futureDate(40), customerEmail: 'hostile@example.com' });
  if (created.status !== 201) throw new Error(`setup: ${created.status} ${created.text}`);
  const booking = created.body.booking;
  // An edit may set deposit_paid only on a confirmed booking (409 otherwise, before the form).
  const confirmed = (await h.create({ bookingDate: futureDate(42), startTime: '08:00', endTime: '09:00' }))
    .body.booking;
  const confirm = await h.call('PUT', `/api/bookings/${confirmed.id}/status`, h.tokens.owner, {
    status: 'confirmed',
  });
  if (confirm.status !== 200) throw new Error(`setup: ${confirm.status} ${confirm.text}`);
  const day = futureDate(41);
  const seriesDay = futureDate(60);
  const addOn = randomUUID();
  const bookingBody = {
    ...form({ bookingDate: day }),
    resourceId: HALL,
    additionalDescription: 'Long tables please',
    estimatedPrice: 500,
    status: 'pending',
    customerTier: 'standard',
    bookingSource: 'admin',
    priority: 'normal',
    notes: 'Call before',
    bondRequired: true,
    bondCents: 20000,
    bondPaid: false,
    docs: { idVerified: true, insuranceVerified: false },
    addOns: [{ id: addOn, quantity: 2 }],
    addOnIds: [addOn],
  };
  const listQuery = [
    'q',
    'status',
    'from',
    'to',
    'cancelledFrom',
    'resourceId',
    'source',
    'tier',
    'priority',
    'quick',
    'balanceDue',
    'bondRequired',
    'docsMissing',
    'withAddOns',
    'recent30',
    'sort',
    'order',
  ];
  const decline = { reason: 'other', note: 'Fully booked' };
  // The customer's door (decision 56): the venue's page is open; its visitor and the customer of
  // the booking above call the public and portal routes.
  await openDoors(h, { slug: 'hostile-venue', minNoticeHours: 24, windowDays: 365 });
  const doorDay = futureDate(45);
  const addOnId = '2a000000-0000-4000-8000-00000000000a';
  const kit = kitRoutes(OWNER);
  return {
    t: h.t,
    token: h.tokens.owner,
    tenantId: OWNER,
    table: {
      params: {
        id: booking.id,
        ownerId: OWNER,
        resourceId: HALL,
        tenantId: OWNER,
        slug: 'hostile-venue',
        docId: randomUUID(),
        bookingId: booking.id,
      },
      paramsByRoute: {
        ...Object.fromEntries(
          [
            'GET /api/customers/:id',
            'GET /api/customers/:id/export.csv',
            'GET /api/customers/:id/export.pdf',
            'POST /api/customers/:id/anonymise',
          ].map((k) => [k, { id: booking.customerId }]),
        ),
        'PUT /api/bookings/:id': { id: confirmed.id },
      },
      bodies: {
        ...kit.bodies,
        'POST /api/bookings/check': {
          resourceId: HALL,
          bookingDate: day,
          startTime: '10:00',
          endTime: '12:00',
          addOnIds: [addOn],
          addOns: [{ id: addOn, quantity: 2 }],
          excludeId: booking.id,
        },
        'POST /api/bookings/admin': bookingBody,
        'POST /api/bookings/recurring/check': {
          resourceId: HALL,
          bookingDate: seriesDay,
          startTime: '10:00',
          endTime: '12:00',
          repeat: { frequency: 'weekly', count: 3 },
        },
        'POST /api/bookings/recurring': {
          ...bookingBody,
          bookingDate: seriesDay,
          repeat: { frequency: 'fortnightly', until: futureDate(80) },
          dates: [seriesDay],
        },
        'PUT /api/bookings/:id': { ...bookingBody, payment_details: { deposit_paid: true } },
        'PATCH /api/bookings/:id/move': {
          bookingDate: day,
          startTime: '15:00',
          endTime: '17:00',
          resourceId: HALL,
        },
        'PUT /api/bookings/:id/status': {
          status: 'confirmed',
          reason: 'Paid in cash',
          holdHours: 48,
          payment_details: { tax_type: 'inclusive', deposit_type: 'Fixed', deposit_value: 100 },
        },
        'POST /api/bookings/:id/confirm-preview': {
          payment_details: { tax_type: 'inclusive', deposit_type: 'Percentage', deposit_value: 25 },
        },
        'POST /api/bookings/:id/accept': { holdHours: 48 },
        'POST /api/bookings/:id/decline': decline,
        'POST /api/bookings/:id/request-changes': { message: 'Please move to the afternoon.' },
        'POST /api/bookings/bulk/accept': { ids: [booking.id], holdHours: 72 },
        'POST /api/bookings/bulk/decline': { ids: [booking.id], ...decline },
        'POST /internal/blockouts/reserve': {
          tenantId: OWNER,
          revision: 1,
          resourceIds: [HALL],
          blockouts: [
            {
              id: '3b000000-0000-4000-8000-00000000000b',
              startsAt: `${futureDate(90)}T08:00:00+10:00`,
              endsAt: `${futureDate(90)}T09:00:00+10:00`,
            },
          ],
          reason: 'Maintenance',
          overBookings: false,
        },
        'POST /internal/blockouts/release': {
          tenantId: OWNER,
          ids: ['3c000000-0000-4000-8000-00000000000c'],
        },
        'POST /api/public/venues/:slug/quote': {
          resourceId: HALL,
          date: doorDay,
          startTime: '18:00',
          endTime: '22:00',
          guests: 40,
          addOns: [{ id: addOnId, quantity: 1 }],
          repeat: { frequency: 'weekly', count: 2 },
        },
        'POST /api/public/venues/:slug/requests': requestBody(doorDay, {
          email: 'hostile-visitor@example.com',
          addOns: [{ id: addOnId, quantity: 1 }],
          repeat: { frequency: 'fortnightly', count: 2 },
        }),
        'POST /api/public/venues/:slug/requests/verify': { token: 'a'.repeat(43) },
        'POST /api/portal/bookings/:id/cancel': { reason: 'Plans changed' },
        'POST /api/portal/bookings/:id/changes': { message: 'Could we start an hour later?' },
        // money's check before a quotation is sent (decision 57)
        'POST /internal/bookings/slot-check': {
          tenantId: OWNER,
          resource: HALL,
          eventDate: futureDate(140),
          startTime: '10:00',
          endTime: '14:00',
        },
        'POST /internal/bookings/from-quote': {
          tenantId: OWNER,
          quotationId: '3a000000-0000-4000-8000-00000000000a',
          customerName: 'Grace Hopper',
          customerEmail: 'grace@example.com',
          customerPhone: '0412 345 678',
          eventType: 'Wedding',
          resource: HALL,
          eventDate: futureDate(150),
          startTime: '10:00',
          endTime: '12:00',
          guestCount: 10,
          totalCents: 100_000,
          depositType: 'Fixed',
          depositValue: 100,
          notes: 'n',
        },
      },
      noBody: [
        'POST /api/customers/:id/anonymise',
        'POST /api/bookings/:id/documents/:docId/verify',
        // multipart/form-data: the document is a file, not JSON
        'POST /api/portal/bookings/:id/documents',
      ],
      skip: {
        // Answers 404 before reading the body for every tenant but the two demo venues (decision 48);
        // scripts/lib/demo-seed.test.ts sends it real plans and other tenants.
        'POST /internal/demo/history/:tenantId': 'demo venues only; tested in scripts/lib/demo-seed.test.ts',
      },
      lenient: kit.lenient,
      queries: {
        'GET /api/bookings': ['page', 'limit', ...listQuery],
        'GET /api/bookings/hall-owner/:ownerId': listQuery,
        'GET /api/bookings/export.csv': listQuery,
        'GET /api/bookings/search': ['q'],
        'GET /api/calendar': ['from', 'to', 'resourceId'],
        'GET /api/customers': ['search', 'segment', 'tag', 'sort', 'order', 'page', 'limit'],
        'GET /api/public/venues/:slug/availability': ['resourceId', 'from', 'to'],
      },
    },
    visitor: { tenantId: OWNER, slug: 'hostile-venue' },
    // the customer of the booking above: the portal's lenient cases reach its real rows
    customer: { tenantId: OWNER, email: 'hostile@example.com' },
  };
});
