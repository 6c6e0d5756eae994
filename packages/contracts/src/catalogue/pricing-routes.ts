/** The catalogue's rate card and add-on calls, and the price quote. */
import { z } from 'zod';
import { idParams } from '../api/common.ts';
import type { RouteTable } from '../api/route-table.ts';
import { addonInput, pricingInput } from '../validation/pricing.ts';
import { quoteRequest } from './requests.ts';
import { addonSchema, priceQuoteSchema, pricingSchema } from './responses.ts';
import { created, gone, missing, ok, OWNER_NOTE, pricing, pricingOwner } from './route-parts.ts';

export const PRICING_ROUTES = [
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
] as const satisfies RouteTable;
