/** The catalogue's resource calls: list, export, edit, archive, calendar feed token and photo. */
import { z } from 'zod';
import { idParams } from '../api/common.ts';
import type { RouteTable } from '../api/route-table.ts';
import { resourceInput } from '../validation/resource.ts';
import { bulkArchiveBody, resourceExportQuery, resourceListQuery } from './requests.ts';
import { archivedCountSchema, icsUrlSchema, resourceListSchema, resourceSchema } from './responses.ts';
import { RESOURCE_PHOTO_PART } from './public.ts';
import { base, created, gone, missing, ok, OWNER_NOTE, resources, resourcesOwner } from './route-parts.ts';

export const RESOURCE_ROUTES = [
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
] as const satisfies RouteTable;
