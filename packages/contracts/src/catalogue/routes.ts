/** The catalogue service's calls (docs/api/catalogue.md): resources, rate cards, add-ons, holidays, block-outs. */
import { z } from 'zod';
import { idParams } from '../api/common.ts';
import type { ApiResponse, RouteTable } from '../api/route-table.ts';
import { addonInput, pricingInput } from '../validation/pricing.ts';
import { resourceInput } from '../validation/resource.ts';
import {
  blockoutBulkInput,
  blockoutInput,
  blockoutListQuery,
  bulkArchiveBody,
  holidayExportQuery,
  holidayImportBody,
  holidayInput,
  holidayListQuery,
  holidaySyncInput,
  quoteRequest,
  resourceExportQuery,
  resourceListQuery,
} from './requests.ts';
import {
  addonSchema,
  archivedCountSchema,
  blockoutBulkResultSchema,
  blockoutSchema,
  holidayImportResultSchema,
  holidaySchema,
  holidaySyncResultSchema,
  icsUrlSchema,
  priceQuoteSchema,
  pricingSchema,
  resourceListSchema,
  resourceSchema,
} from './responses.ts';
import { publicVenueSchema, RESOURCE_PHOTO_PART } from './public.ts';

const base = { service: 'catalogue' } as const;
const resources = { ...base, tag: 'Resources', access: 'resources' } as const;
const resourcesOwner = { ...resources, access: 'owner' } as const;
const pricing = { ...base, tag: 'Rate cards and add-ons', access: 'pricing' } as const;
const pricingOwner = { ...pricing, access: 'owner' } as const;
const holidays = { ...base, tag: 'Public holidays', access: 'resources' } as const;
const holidaysOwner = { ...holidays, access: 'owner' } as const;
const blockouts = { ...base, tag: 'Block-outs', access: 'resources' } as const;
const blockoutsOwner = { ...blockouts, access: 'owner' } as const;

const ok = (schema: z.ZodType, description = 'OK'): Record<number, ApiResponse> => ({
  200: { description, schema },
});
const created = (schema: z.ZodType): Record<number, ApiResponse> => ({
  201: { description: 'Created', schema },
});
const gone = (what: string): Record<number, ApiResponse> => ({
  204: { description: 'Deleted' },
  404: { description: `No such ${what} in this venue.` },
});
const missing = (what: string): Record<number, ApiResponse> => ({
  404: { description: `No such ${what} in this venue.` },
});
const slugParam = z.object({
  slug: z.string().meta({ description: "The venue's address on its booking page (`harbourside-hall`)." }),
});
const OWNER_NOTE = 'Needs the page permission as well; staff and API keys only read.';

/**
 * A block-out write is stored only once bookings holds its time (decision 55): 409 when bookings
 * hold part of it (`code` blockout_over_bookings, `clashes` names them; send `overBookings: true`
 * to block out over them), when another edit of the block-out is under way, or when it changed
 * meanwhile; 503 when bookings could not confirm it (nothing stored).
 */
const throughBookings: Record<number, ApiResponse> = {
  409: {
    description:
      'Bookings hold part of the time (`code` blockout_over_bookings, `clashes` lists them), or the block-out is being changed or was changed meanwhile. Nothing is stored.',
  },
  503: { description: 'Bookings could not confirm the block-out; nothing is stored.' },
};

export const CATALOGUE_ROUTES: RouteTable = [
  {
    ...resources,
    access: 'resources, bookings or calendar',
    method: 'get',
    path: '/api/resources',
    summary: 'The resources (halls, rooms, outdoor spaces)',
    description:
      'With the Resources permission, each resource in full; with bookings or calendar only, the bookable view (no internal notes, no feed state).',
    query: resourceListQuery,
    responses: ok(resourceListSchema),
    spec: '02 §7; 03 §7',
  },
  {
    ...resources,
    method: 'get',
    path: '/api/resources/export.csv',
    summary: 'Resources as CSV (all, or the ids given)',
    query: resourceExportQuery,
    responses: { 200: { description: 'CSV file', contentType: 'text/csv' } },
  },
  {
    ...resourcesOwner,
    method: 'post',
    path: '/api/resources/bulk-archive',
    summary: 'Archive several resources',
    description: OWNER_NOTE,
    body: bulkArchiveBody,
    responses: ok(archivedCountSchema),
  },
  {
    ...resources,
    method: 'get',
    path: '/api/resources/{id}',
    summary: 'One resource',
    params: idParams,
    responses: { ...ok(resourceSchema), ...missing('resource') },
  },
  {
    ...resourcesOwner,
    method: 'post',
    path: '/api/resources',
    summary: 'Create a resource (the code is generated)',
    description: OWNER_NOTE,
    body: resourceInput,
    responses: created(resourceSchema),
    spec: '03 §7',
  },
  {
    ...resourcesOwner,
    method: 'put',
    path: '/api/resources/{id}',
    summary: 'Edit a resource (the whole form)',
    description: OWNER_NOTE,
    params: idParams,
    body: resourceInput,
    responses: { ...ok(resourceSchema), ...missing('resource') },
    spec: '03 §7',
  },
  {
    ...resourcesOwner,
    method: 'delete',
    path: '/api/resources/{id}',
    summary: 'Delete a resource',
    description: OWNER_NOTE,
    params: idParams,
    responses: gone('resource'),
    spec: '03 §7',
  },
  {
    ...resourcesOwner,
    method: 'post',
    path: '/api/resources/{id}/duplicate',
    summary: 'Copy a resource under a new name and code',
    params: idParams,
    responses: { ...created(resourceSchema), ...missing('resource') },
  },
  {
    ...resourcesOwner,
    method: 'post',
    path: '/api/resources/{id}/archive',
    summary: 'Archive a resource',
    params: idParams,
    responses: { ...ok(resourceSchema), ...missing('resource') },
  },
  {
    ...resourcesOwner,
    method: 'post',
    path: '/api/resources/{id}/restore',
    summary: 'Restore an archived resource',
    params: idParams,
    responses: { ...ok(resourceSchema), ...missing('resource') },
  },
  {
    ...resourcesOwner,
    method: 'post',
    path: '/api/resources/{id}/ics-token',
    summary: 'Issue (or replace) the secret calendar feed URL',
    description: 'The URL is shown once; only its hash is kept. A new one ends the old URL.',
    params: idParams,
    responses: { ...created(icsUrlSchema), ...missing('resource') },
  },
  {
    ...resourcesOwner,
    method: 'delete',
    path: '/api/resources/{id}/ics-token',
    summary: 'Revoke the calendar feed URL',
    params: idParams,
    responses: gone('resource'),
  },
  {
    ...resourcesOwner,
    method: 'post',
    path: '/api/resources/{id}/photo',
    summary: "Upload the resource's photo (shown on the public booking page)",
    description:
      'Multipart, one image in the `photo` part (JPEG, PNG, WebP or GIF, at most 8 MB): read by its content, re-encoded to WebP of at most 1600 px a side without its metadata, stored in the database (decision 15). Replaces the previous photo.',
    params: idParams,
    body: z.object({ [RESOURCE_PHOTO_PART]: z.string().meta({ format: 'binary' }) }),
    bodyType: 'multipart',
    responses: {
      ...ok(resourceSchema, 'The resource with its new photo URL'),
      ...missing('resource'),
      413: { description: 'The image is larger than 8 MB.' },
    },
  },
  {
    ...resourcesOwner,
    method: 'delete',
    path: '/api/resources/{id}/photo',
    summary: "Remove the resource's photo",
    params: idParams,
    responses: { ...ok(resourceSchema, 'The resource without a photo'), ...missing('resource') },
  },
  {
    ...resources,
    method: 'get',
    path: '/api/resources/{id}/photo',
    summary: "The resource's photo (WebP)",
    params: idParams,
    responses: {
      200: { description: 'The image', contentType: 'image/webp' },
      404: { description: 'No such resource, or it has no photo.' },
    },
  },
  {
    ...base,
    tag: 'Resources',
    access: 'public',
    method: 'get',
    path: '/api/ics/{file}',
    summary: "A resource's iCalendar feed (block-outs and bookings)",
    description:
      'Calendar apps cannot sign in: the secret in the file name (`<token>.ics`) is the credential.',
    params: z.object({ file: z.string().meta({ description: '`<token>.ics` as issued' }) }),
    responses: {
      200: { description: 'iCalendar file', contentType: 'text/calendar' },
      404: { description: 'No feed with this token (revoked or never issued).' },
    },
  },
  {
    ...pricing,
    method: 'get',
    path: '/api/pricing',
    summary: 'Rate cards, one per resource',
    responses: ok(z.array(pricingSchema)),
    spec: '02 §7; 03 §7',
  },
  {
    ...pricing,
    method: 'get',
    path: '/api/pricing/{id}',
    summary: 'One rate card',
    params: idParams,
    responses: { ...ok(pricingSchema), ...missing('rate card') },
  },
  {
    ...pricingOwner,
    method: 'post',
    path: '/api/pricing',
    summary: 'Create the rate card of a resource',
    description: OWNER_NOTE,
    body: pricingInput,
    responses: { ...created(pricingSchema), 409: { description: 'The resource already has a rate card.' } },
    spec: '03 §7',
  },
  {
    ...pricingOwner,
    method: 'put',
    path: '/api/pricing/{id}',
    summary: 'Edit a rate card',
    description: OWNER_NOTE,
    params: idParams,
    body: pricingInput,
    responses: { ...ok(pricingSchema), ...missing('rate card') },
    spec: '03 §7',
  },
  {
    ...pricingOwner,
    method: 'delete',
    path: '/api/pricing/{id}',
    summary: 'Delete a rate card',
    description: OWNER_NOTE,
    params: idParams,
    responses: gone('rate card'),
    spec: '03 §7',
  },
  {
    ...pricing,
    access: 'pricing, resources, bookings, quotations, calendar or invoices',
    method: 'post',
    path: '/api/price-quote',
    summary: 'Price a booking: weekend rates, hourly or flat (8-hour rule), holiday surcharge, add-ons',
    body: quoteRequest,
    responses: { ...ok(priceQuoteSchema), ...missing('resource or add-on') },
  },
  {
    ...pricing,
    access: 'pricing, bookings or quotations',
    method: 'get',
    path: '/api/addons',
    summary: 'The add-ons (new venues start with Projector, Sound System, Cleaning Service)',
    responses: ok(z.array(addonSchema)),
  },
  {
    ...pricingOwner,
    method: 'post',
    path: '/api/addons',
    summary: 'Create an add-on',
    body: addonInput,
    responses: created(addonSchema),
  },
  {
    ...pricingOwner,
    method: 'put',
    path: '/api/addons/{id}',
    summary: 'Edit an add-on',
    params: idParams,
    body: addonInput,
    responses: { ...ok(addonSchema), ...missing('add-on') },
  },
  {
    ...pricingOwner,
    method: 'delete',
    path: '/api/addons/{id}',
    summary: 'Delete an add-on',
    params: idParams,
    responses: gone('add-on'),
  },
  {
    ...holidays,
    access: 'resources, bookings or calendar',
    method: 'get',
    path: '/api/holidays',
    summary: 'Public holidays, filtered and sorted',
    query: holidayListQuery,
    responses: ok(z.array(holidaySchema)),
  },
  {
    ...holidays,
    method: 'get',
    path: '/api/holidays/export.ics',
    summary: 'The holidays as an iCalendar file',
    query: holidayExportQuery,
    responses: { 200: { description: 'iCalendar file', contentType: 'text/calendar' } },
  },
  {
    ...holidaysOwner,
    method: 'post',
    path: '/api/holidays/sync',
    summary: "Add a state's national and state holidays for a year (2024–2027, offline table)",
    body: holidaySyncInput,
    responses: ok(holidaySyncResultSchema),
  },
  {
    ...holidaysOwner,
    method: 'post',
    path: '/api/holidays/import',
    summary: 'Import holidays from an iCalendar file (`{ics}` JSON or the file as text/calendar)',
    body: holidayImportBody,
    responses: ok(holidayImportResultSchema),
  },
  {
    ...holidays,
    method: 'get',
    path: '/api/holidays/{id}',
    summary: 'One holiday',
    params: idParams,
    responses: { ...ok(holidaySchema), ...missing('holiday') },
  },
  {
    ...holidaysOwner,
    method: 'post',
    path: '/api/holidays',
    summary: 'Create a holiday',
    body: holidayInput,
    responses: {
      ...created(holidaySchema),
      409: { description: 'A holiday with this name is already on that date.' },
    },
  },
  {
    ...holidaysOwner,
    method: 'put',
    path: '/api/holidays/{id}',
    summary: 'Edit a holiday',
    params: idParams,
    body: holidayInput,
    responses: { ...ok(holidaySchema), ...missing('holiday') },
  },
  {
    ...holidaysOwner,
    method: 'delete',
    path: '/api/holidays/{id}',
    summary: 'Delete a holiday',
    params: idParams,
    responses: gone('holiday'),
  },
  {
    ...blockouts,
    method: 'get',
    path: '/api/blockouts',
    summary: 'Block-outs, by resource and period',
    query: blockoutListQuery,
    responses: ok(z.array(blockoutSchema)),
  },
  {
    ...blockouts,
    method: 'get',
    path: '/api/blockouts/{id}',
    summary: 'One block-out',
    params: idParams,
    responses: { ...ok(blockoutSchema), ...missing('block-out') },
  },
  {
    ...blockoutsOwner,
    method: 'post',
    path: '/api/blockouts',
    summary: 'Create one block-out period',
    body: blockoutInput,
    responses: { ...created(blockoutSchema), ...missing('resource'), ...throughBookings },
  },
  {
    ...blockoutsOwner,
    method: 'post',
    path: '/api/blockouts/bulk',
    summary:
      'Block out several resources: one block-out per day for the hours given, or one continuous period',
    body: blockoutBulkInput,
    responses: { ...created(blockoutBulkResultSchema), ...missing('resource'), ...throughBookings },
  },
  {
    ...blockoutsOwner,
    method: 'put',
    path: '/api/blockouts/{id}',
    summary: 'Edit a block-out',
    params: idParams,
    body: blockoutInput,
    responses: { ...ok(blockoutSchema), ...missing('block-out'), ...throughBookings },
  },
  {
    ...blockoutsOwner,
    method: 'delete',
    path: '/api/blockouts/{id}',
    summary: 'Delete a block-out',
    params: idParams,
    responses: gone('block-out'),
  },
  // --- the customer's door (issue 25, decision 56) ---------------------------------------------------
  {
    ...base,
    tag: 'Public',
    access: 'public',
    method: 'get',
    path: '/api/public/venues/{slug}',
    summary:
      "The venue's public profile: its spaces, rates in words, add-ons and the request form's settings",
    description:
      'Name, contact, logo URL, time zone and formats; the spaces that take requests (active only) with capacity, description, photo, equipment, opening hours, buffers and the rate card in words and figures; add-ons with prices; and from Settings → Online bookings the questions, the hire agreement (version and texts), notice, window, mode and verification. Nothing private.',
    params: slugParam,
    responses: {
      ...ok(publicVenueSchema),
      404: { description: 'The venue takes no online bookings.' },
      503: { description: "The venue's settings have not reached the catalogue yet." },
    },
  },
  {
    ...base,
    tag: 'Public',
    access: 'public',
    method: 'get',
    path: '/api/public/venues/{slug}/resources/{id}/photo',
    summary: "A space's photo (WebP)",
    params: slugParam.extend({ id: z.string().meta({ description: 'The resource id (a uuid).' }) }),
    responses: {
      200: { description: 'The image', contentType: 'image/webp' },
      404: { description: 'No such space taking requests here, or it has no photo.' },
    },
  },
];
