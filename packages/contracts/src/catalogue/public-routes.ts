/** The customer's door to the catalogue (issue 25, decision 56): a venue's public page and photos. */
import { z } from 'zod';
import type { RouteTable } from '../api/route-table.ts';
import { publicVenueSchema } from './public.ts';
import { base, ok, slugParam } from './route-parts.ts';

export const PUBLIC_VENUE_ROUTES = [
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
] as const satisfies RouteTable;
