/**
 * The catalogue's answers as the service sends them (services/catalogue: resource-model.ts,
 * pricing-routes.ts, addon-routes.ts, holiday-model.ts, blockout-store.ts), for the component
 * tests. Money in cents with the dollar figure beside it, as the wire carries both.
 */
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { defaultHours } from '@venue/contracts';
import { server } from '@venue/ui/testing';
import type { Addon, Blockout, Holiday, Pricing, Resource } from '../api/types.ts';

export const HALL_ID = '11111111-1111-4111-8111-111111111111';
export const ROOM_ID = '22222222-2222-4222-8222-222222222222';
export const LAWN_ID = '33333333-3333-4333-8333-333333333333';

const STAMP = '2026-11-01T00:00:00.000Z';

export function makeResource(over: Partial<Resource> = {}): Resource {
  return {
    id: HALL_ID,
    code: 'MAIN-HALL',
    name: 'Main Hall',
    type: 'hall',
    capacity: 120,
    description: 'Sprung floor and a stage',
    internalNotes: '',
    visibility: 'public',
    status: 'active',
    calendarColour: '#2563EB',
    colourName: 'Blue',
    hours: defaultHours(),
    setupBufferMinutes: 15,
    packdownBufferMinutes: 15,
    applyBuffers: true,
    equipment: [],
    icsEnabled: false,
    icsFeedActive: false,
    publicCalendar: false,
    photoUrl: null,
    lastUpdated: STAMP,
    createdAt: STAMP,
    ...over,
  };
}

export function makePricing(over: Partial<Pricing> = {}): Pricing {
  const p = {
    id: '44444444-4444-4444-8444-444444444444',
    resourceId: HALL_ID,
    resourceName: 'Main Hall',
    resourceType: 'hall' as const,
    capacity: 120,
    rateType: 'hourly' as const,
    weekdayRateCents: 12_550,
    weekendRateCents: 150_000,
    description: '',
    updatedAt: STAMP,
    ...over,
  };
  return { ...p, weekdayRate: p.weekdayRateCents / 100, weekendRate: p.weekendRateCents / 100 };
}

export function makeAddon(over: Partial<Addon> = {}): Addon {
  const a = {
    id: '55555555-5555-4555-8555-555555555555',
    name: 'Projector',
    priceCents: 4_500,
    description: 'With HDMI cable',
    updatedAt: STAMP,
    ...over,
  };
  return { ...a, price: a.priceCents / 100 };
}

export function makeHoliday(over: Partial<Holiday> = {}): Holiday {
  return {
    id: '66666666-6666-4666-8666-666666666666',
    name: 'Australia Day',
    date: '2026-01-26',
    scope: 'statewide',
    state: 'NSW',
    pricingRule: 'PH-Std',
    surchargePercent: 25,
    blockOut: false,
    restrictedTrading: false,
    notes: '',
    provenance: 'official',
    sourceUrl: null,
    substitutes: null,
    updatedAt: STAMP,
    ...over,
  };
}

export function makeBlockout(over: Partial<Blockout> = {}): Blockout {
  return {
    id: '77777777-7777-4777-8777-777777777777',
    resourceIds: [HALL_ID],
    resources: [{ id: HALL_ID, name: 'Main Hall' }],
    dateFrom: '2027-01-15',
    dateTo: '2027-01-15',
    timeFrom: '09:00',
    timeTo: '12:00',
    timeZone: 'Australia/Sydney',
    startsAt: '2027-01-14T22:00:00.000Z',
    endsAt: '2027-01-15T01:00:00.000Z',
    reason: 'Maintenance',
    notes: '',
    updatedAt: STAMP,
    ...over,
  };
}

/**
 * A list read that fails with the service's 503 until `recover()` is called, then answers
 * `body`: a page's failure state, and its Try Again reading the list again.
 */
export function failingRead(
  path: string,
  body: JsonBodyType,
  message = 'Catalogue is unavailable right now.',
) {
  let failing = true;
  let reads = 0;
  server.use(
    http.get(path, () => {
      reads += 1;
      return failing
        ? HttpResponse.json({ message }, { status: 503, statusText: 'Service Unavailable' })
        : HttpResponse.json(body);
    }),
  );
  return {
    recover: () => {
      failing = false;
    },
    reads: () => reads,
  };
}

/** The service's answer to a delete: 204, no body. */
export const deleted = () => new HttpResponse(null, { status: 204 });
