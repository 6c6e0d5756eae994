/** What admin's route tables share: each area's service and tag, path parameters and answers. */
import { z } from 'zod';
import type { ApiResponse } from '../api/route-table.ts';

const base = { service: 'admin' } as const;
export const auth = { ...base, tag: 'Sign-in and sessions' } as const;
export const users = { ...base, tag: 'Accounts and staff' } as const;
export const settings = { ...base, tag: 'Settings' } as const;
export const audit = { ...base, tag: 'Audit log', access: 'audit' } as const;
/** The customer's door (decision 56): a venue's public page and the customer portal. */
export const publicDoor = { ...base, tag: 'Public', access: 'public' } as const;
export const portal = { ...base, tag: 'Portal' } as const;
export const slugParams = z.object({
  slug: z.string().meta({ description: "The venue's address on its booking page (`harbourside-hall`)." }),
});
export const ok = (schema: z.ZodType, description = 'OK'): Record<number, ApiResponse> => ({
  200: { description, schema },
});
export const missing = (what: string): Record<number, ApiResponse> => ({
  404: { description: `No such ${what}.` },
});
export const idParams = (name: string) =>
  z.object({ [name]: z.string().meta({ description: 'A user id (uuid).' }) });
