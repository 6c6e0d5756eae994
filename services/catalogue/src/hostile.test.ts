/** The generated hostile-input suite (packages/service-kit/src/testing/hostile.ts) on the catalogue. */
import { describeHostileInput, kitRoutes, setUpCalls } from '@venue/service-kit/testing';
import { OWNER, hall, startCatalogue } from './testing/harness.ts';

describeHostileInput('catalogue', async () => {
  const h = await startCatalogue();
  const ok = setUpCalls(h.call, OWNER);
  const resource = await ok('POST', '/api/resources', hall());
  const other = await ok('POST', '/api/resources', hall({ name: 'Garden', type: 'outdoor' }));
  const pricing = await ok('POST', '/api/pricing', {
    resourceId: resource.id,
    rateType: 'hourly',
    weekdayRateCents: 10000,
    weekendRateCents: 15000,
    description: 'Standard',
  });
  const addon = (await ok('GET', '/api/addons'))[0];
  const holiday = await ok('POST', '/api/holidays', { name: 'Show Day', date: '2026-03-10' });
  const blockout = await ok('POST', '/api/blockouts', {
    resourceIds: [resource.id],
    dateFrom: '2030-05-01',
    dateTo: '2030-05-01',
  });
  const { icsUrl } = await ok('POST', `/api/resources/${other.id}/ics-token`);
  // The customer's door (decision 56): the venue's page is open and lists the resource.
  await h.settings(OWNER, {
    onlineBookings: {
      enabled: true,
      slug: 'hostile-venue',
      resourceIds: [resource.id],
      minNoticeHours: 24,
      windowDays: 365,
      mode: 'request',
      verifyEmail: true,
      questions: [],
      agreement: { version: 1, text: '', cancellationTerms: '', updatedAt: '2026-01-01T00:00:00.000Z' },
    },
  });
  const file = String(icsUrl).split('/').pop()!;

  const resourceBody = {
    name: 'Main Hall',
    type: 'hall',
    capacity: 180,
    description: 'Sprung floor',
    internalNotes: 'Keys at the desk',
    visibility: 'public',
    status: 'active',
    calendarColour: '#2563EB',
    colourName: 'Blue',
    hours: { mon: { open: '08:00', close: '18:00', closed: false } },
    setupBufferMinutes: 15,
    packdownBufferMinutes: 15,
    applyBuffers: true,
    equipment: [{ name: 'Chairs', quantity: 100 }],
    icsEnabled: false,
    publicCalendar: false,
  };
  const pricingBody = {
    resourceId: resource.id,
    rateType: 'hourly',
    weekdayRateCents: 12000,
    weekendRateCents: 16000,
    description: 'Peak',
  };
  const holidayBody = {
    name: 'Picnic Day',
    date: '2026-08-03',
    scope: 'local',
    state: 'NSW',
    pricingRule: 'PH-Local',
    surchargePercent: 10,
    blockOut: false,
    restrictedTrading: false,
    notes: 'Half the town is away',
    sourceUrl: 'https://example.com/picnic',
  };
  const blockoutBody = {
    resourceIds: [resource.id],
    dateFrom: '2030-06-01',
    dateTo: '2030-06-02',
    timeFrom: '09:00',
    timeTo: '17:00',
    reason: 'Maintenance',
    notes: 'Floor polish',
  };
  const quote = {
    resourceId: resource.id,
    date: '2030-06-03',
    startTime: '10:00',
    endTime: '12:00',
    addOnIds: [addon.id],
    addOns: [{ id: addon.id, quantity: 2 }],
  };
  const kit = kitRoutes(OWNER);
  return {
    t: h.t,
    token: h.token[OWNER]!,
    tenantId: OWNER,
    table: {
      params: { id: resource.id, tenantId: OWNER, file, slug: 'hostile-venue' },
      paramsByRoute: {
        'GET /api/pricing/:id': { id: pricing.id },
        'PUT /api/pricing/:id': { id: pricing.id },
        'DELETE /api/pricing/:id': { id: pricing.id },
        'PUT /api/addons/:id': { id: addon.id },
        'DELETE /api/addons/:id': { id: addon.id },
        'GET /api/holidays/:id': { id: holiday.id },
        'PUT /api/holidays/:id': { id: holiday.id },
        'DELETE /api/holidays/:id': { id: holiday.id },
        'GET /api/blockouts/:id': { id: blockout.id },
        'PUT /api/blockouts/:id': { id: blockout.id },
        'DELETE /api/blockouts/:id': { id: blockout.id },
      },
      bodies: {
        ...kit.bodies,
        'POST /internal/price-quote': { ...quote, tenantId: OWNER },
        'POST /api/resources/bulk-archive': { ids: [resource.id] },
        'POST /api/resources': resourceBody,
        'PUT /api/resources/:id': resourceBody,
        'POST /api/pricing': { ...pricingBody, resourceId: other.id },
        'PUT /api/pricing/:id': pricingBody,
        'POST /api/price-quote': quote,
        'POST /api/addons': { name: 'Lectern', priceCents: 2500, description: 'Oak' },
        'PUT /api/addons/:id': { name: 'Lectern', priceCents: 2500, description: 'Oak' },
        'POST /api/holidays/sync': { state: 'NSW', year: 2026 },
        'POST /api/holidays/import': {
          ics: 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nDTSTART;VALUE=DATE:20260803\r\nSUMMARY:Picnic Day\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n',
        },
        'POST /api/holidays': holidayBody,
        'PUT /api/holidays/:id': holidayBody,
        'POST /api/blockouts': blockoutBody,
        'POST /api/blockouts/bulk': { ...blockoutBody, span: 'daily' },
        'PUT /api/blockouts/:id': blockoutBody,
      },
      noBody: [
        'POST /api/resources/:id/duplicate',
        'POST /api/resources/:id/archive',
        'POST /api/resources/:id/restore',
        'POST /api/resources/:id/ics-token',
        // multipart/form-data: the photo is a file, not JSON
        'POST /api/resources/:id/photo',
      ],
      lenient: kit.lenient,
      queries: {
        'GET /api/resources': ['search', 'type', 'status', 'minCapacity', 'sort', 'order'],
        'GET /api/resources/export.csv': ['ids'],
        'GET /api/holidays': ['year', 'search', 'scope', 'impact', 'sort', 'order'],
        'GET /api/holidays/export.ics': ['year'],
        'GET /api/blockouts': ['resourceId', 'from', 'to'],
      },
    },
  };
});
