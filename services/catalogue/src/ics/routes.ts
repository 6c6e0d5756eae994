/** The per-resource iCalendar feed, the table's one `/api/ics` call (handlers/get-feed.ts). */
import { serveOperations, type AppRouter } from '@venue/service-kit';
import { catalogueTable } from '../shared/common.ts';
import { getFeed } from './handlers/get-feed.ts';

export function feedRoutes(router: AppRouter): void {
  serveOperations(router, catalogueTable(/^\/api\/ics\//), [getFeed]);
}
