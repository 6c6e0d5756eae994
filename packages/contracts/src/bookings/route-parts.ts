/** What the bookings route tables share: each area's service and tag, path parameters and refusals. */
import { z } from 'zod';
import { slotRefusalSchema } from './door.ts';

export const base = { service: 'bookings' } as const;
export const bookings = { ...base, tag: 'Bookings', access: 'bookings' } as const;
export const customers = { ...base, tag: 'Customers', access: 'customers' } as const;
export const ok = (schema: z.ZodType, description = 'OK') => ({ 200: { description, schema } });
export const notFound = (what: string) => ({ 404: { description: `No such ${what} in this venue.` } });
export const refused = {
  409: { description: 'The booking is not in a state that allows it, or the time is taken.' },
};

// The customer's door (issue 25, decision 56): a venue's visitors and its signed-in customers.
export const publicDoor = { ...base, tag: 'Public', access: 'public' } as const;
export const portal = { ...base, tag: 'Portal', access: 'customer' } as const;
export const slugParams = z.object({
  slug: z.string().meta({ description: "The venue's address on its booking page (`harbourside-hall`)." }),
});
export const portalBookingParams = z.object({
  id: z.string().meta({ description: 'The booking id (a uuid).' }),
});
export const documentParams = z.object({
  id: z.string().meta({ description: 'The booking id (a uuid).' }),
  docId: z.string().meta({ description: 'The document id (a uuid).' }),
});
export const slotRefused = {
  409: {
    description:
      'The time is taken (a booking, a hold or a block-out, buffers included): `alternatives` offers free starts.',
    schema: slotRefusalSchema,
  },
  422: {
    description:
      'The venue does not take that time: `reason` says which (closed, outside_hours, too_soon, outside_window); `alternatives` offers free starts.',
    schema: slotRefusalSchema,
  },
};
export const notYours = { 404: { description: 'No such booking among your bookings at this venue.' } };
