/** The venue's public profile and its spaces' photos: the table's `/api/public` calls (handlers/). */
import { serveOperations, type AppRouter } from '@venue/service-kit';
import { catalogueTable } from '../shared/common.ts';
import { getPublicPhoto, getPublicVenue } from './handlers/public-venue.ts';

export function publicRoutes(router: AppRouter): void {
  serveOperations(router, catalogueTable(/^\/api\/public\//), [getPublicVenue, getPublicPhoto]);
}
