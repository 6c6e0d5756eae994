/** What the catalogue route tables share: each area's service, tag and access, parameters and answers. */
import { z } from 'zod';
import type { ApiResponse } from '../api/route-table.ts';

export const base = { service: 'catalogue' } as const;
export const resources = { ...base, tag: 'Resources', access: 'resources' } as const;
export const resourcesOwner = { ...resources, access: 'owner' } as const;
export const pricing = { ...base, tag: 'Rate cards and add-ons', access: 'pricing' } as const;
export const pricingOwner = { ...pricing, access: 'owner' } as const;
export const holidays = { ...base, tag: 'Public holidays', access: 'resources' } as const;
export const holidaysOwner = { ...holidays, access: 'owner' } as const;
export const blockouts = { ...base, tag: 'Block-outs', access: 'resources' } as const;
export const blockoutsOwner = { ...blockouts, access: 'owner' } as const;

export const ok = (schema: z.ZodType, description = 'OK'): Record<number, ApiResponse> => ({
  200: { description, schema },
});
export const created = (schema: z.ZodType): Record<number, ApiResponse> => ({
  201: { description: 'Created', schema },
});
export const gone = (what: string): Record<number, ApiResponse> => ({
  204: { description: 'Deleted' },
  404: { description: `No such ${what} in this venue.` },
});
export const missing = (what: string): Record<number, ApiResponse> => ({
  404: { description: `No such ${what} in this venue.` },
});
export const slugParam = z.object({
  slug: z.string().meta({ description: "The venue's address on its booking page (`harbourside-hall`)." }),
});
export const OWNER_NOTE = 'Needs the page permission as well; staff and API keys only read.';
