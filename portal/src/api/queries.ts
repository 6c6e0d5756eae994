/** Queries more than one page reads, so each page's bundle carries the query, not the other page. */
import { publicApi, venuePath } from './client.ts';
import type { VenueProfile } from './types.ts';

export const venueQuery = (slug: string) => ({
  queryKey: ['venue', slug],
  queryFn: () => publicApi.api<VenueProfile>(venuePath(slug)),
  enabled: slug !== '',
});
