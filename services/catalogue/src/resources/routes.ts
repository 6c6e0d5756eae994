/**
 * Resources (spec 03 §7): the list, the CSV, the form's writes, archive and restore, the feed
 * URL and the photo. Each call of the contract's table is one named handler in `handlers/`; the
 * kit gives it the table's guard (the owner's for writes: `RESOURCES_OWNER`), its parsed request
 * and the request's one transaction (`serveOperations`, issue 28 item 2).
 */
import { serveOperations, type AppRouter } from '@venue/service-kit';
import { catalogueTable } from '../shared/common.ts';
import { deleteResource, duplicateResource, postResource, putResource } from './handlers/edit-resource.ts';
import { exportResources } from './handlers/export-resources.ts';
import { getResource } from './handlers/get-resource.ts';
import { deleteIcsToken, postIcsToken } from './handlers/ics-token.ts';
import { listResources } from './handlers/list-resources.ts';
import { deleteResourcePhoto, getResourcePhoto, postResourcePhoto } from './handlers/photo.ts';
import { archiveResource, bulkArchiveResources, restoreResource } from './handlers/resource-status.ts';

export function resourceRoutes(router: AppRouter): void {
  serveOperations(router, catalogueTable(/^\/api\/resources/), [
    listResources,
    exportResources,
    bulkArchiveResources,
    getResource,
    postResource,
    putResource,
    deleteResource,
    duplicateResource,
    archiveResource,
    restoreResource,
    postIcsToken,
    deleteIcsToken,
    postResourcePhoto,
    deleteResourcePhoto,
    getResourcePhoto,
  ]);
}
