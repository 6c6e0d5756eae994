/**
 * What the money route tables share: each area's service, tag and access, the path parameters
 * and the refusals they answer with.
 */
import { z } from 'zod';
import { errorSchema } from '../api/common.ts';
import type { ApiResponse } from '../api/route-table.ts';

export const invoices = { service: 'money', tag: 'Invoices & payments', access: 'invoices' } as const;
export const deposits = { service: 'money', tag: 'Deposits & bonds', access: 'deposits' } as const;
export const quotations = {
  service: 'money',
  tag: 'Quotations',
  access: 'quotations',
  spec: '03 §7',
} as const;

export const ownerParams = z.object({
  hallOwnerId: z.string().meta({ description: "The venue's id (the caller's tenant)." }),
});
export const bookingParams = z.object({
  bookingId: z.string().meta({ description: 'The booking (a uuid).' }),
});
export const noSettings: ApiResponse = {
  description: "The venue's settings have not reached Invoices yet (no figures on a guessed clock).",
  schema: errorSchema,
};
export const refused = (description: string): ApiResponse => ({ description, schema: errorSchema });
export const notFound = refused('Not found in this venue.');
export const pdf = (description: string): ApiResponse => ({ description, contentType: 'application/pdf' });
