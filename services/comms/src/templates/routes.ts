/**
 * The Templates screen: each call of the contract's table one named handler in `handlers/`,
 * served by the kit with the `comms` page key, its parsed request and the request's transaction.
 */
import { COMMS_ROUTES } from '@venue/contracts/comms';
import { serveOperations, type AppRouter } from '@venue/service-kit';
import {
  deleteTemplate,
  getTemplate,
  listTemplates,
  postTemplate,
  previewTemplate,
  putTemplate,
} from './handlers/templates.ts';

export function templateRoutes(router: AppRouter): void {
  serveOperations(
    router,
    COMMS_ROUTES.filter((r) => r.path.startsWith('/api/email-templates')),
    [listTemplates, postTemplate, previewTemplate, getTemplate, putTemplate, deleteTemplate],
  );
}
