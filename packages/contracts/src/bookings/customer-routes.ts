/** The staff's customer calls: the list, one customer, their exports and anonymising them. */
import { z } from 'zod';
import { idParams } from '../api/common.ts';
import type { RouteTable } from '../api/route-table.ts';
import { customerListQuery } from './requests.ts';
import { customerDetailSchema, customerListSchema } from './responses.ts';
import { customers, notFound, ok } from './route-parts.ts';

export const CUSTOMER_ROUTES = [
  {
    ...customers,
    method: 'get',
    path: '/api/customers',
    summary: 'The customer directory with RFM scores',
    query: customerListQuery,
    responses: ok(customerListSchema),
  },
  {
    ...customers,
    method: 'get',
    path: '/api/customers/{id}',
    summary: "One customer's figures and bookings",
    params: idParams,
    responses: { ...ok(customerDetailSchema), ...notFound('customer') },
  },
  {
    ...customers,
    method: 'get',
    path: '/api/customers/{id}/export.csv',
    summary: "One customer's profile or bookings as CSV",
    params: idParams,
    query: z.object({ part: z.enum(['profile', 'bookings']).optional() }),
    responses: { 200: { description: 'CSV file', contentType: 'text/csv' }, ...notFound('customer') },
  },
  {
    ...customers,
    method: 'get',
    path: '/api/customers/{id}/export.pdf',
    summary: "One customer's data as PDF",
    params: idParams,
    responses: { 200: { description: 'PDF file', contentType: 'application/pdf' }, ...notFound('customer') },
  },
  {
    ...customers,
    method: 'post',
    path: '/api/customers/{id}/anonymise',
    summary: "Erase a customer's personal data (the bookings stay, anonymised)",
    params: idParams,
    responses: { ...ok(customerDetailSchema), ...notFound('customer') },
  },
] as const satisfies RouteTable;
