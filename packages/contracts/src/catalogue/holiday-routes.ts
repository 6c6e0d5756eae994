/** The catalogue's public holiday calls: list, calendar export, sync, import and edit. */
import { z } from 'zod';
import { idParams } from '../api/common.ts';
import type { RouteTable } from '../api/route-table.ts';
import {
  holidayExportQuery,
  holidayImportBody,
  holidayInput,
  holidayListQuery,
  holidaySyncInput,
} from './requests.ts';
import { holidayImportResultSchema, holidaySchema, holidaySyncResultSchema } from './responses.ts';
import { created, gone, holidays, holidaysOwner, missing, ok } from './route-parts.ts';

export const HOLIDAY_ROUTES = [
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
] as const satisfies RouteTable;
