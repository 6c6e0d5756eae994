import {
  notImplemented,
  requireAuth,
  withTx,
  requirePermission,
  type AppMiddleware,
  type ServiceOptions,
} from '@venue/service-kit';

/**
 * The endpoint exists with its real guards (token, page permission, own tenant), but the
 * feature is not built yet: say so instead of inventing data.
 */
function notYet(area: string): AppMiddleware {
  return async () => {
    throw notImplemented(`${area} is not available yet.`);
  };
}

/** services/comms: E-mail templates, sending and e-mail history. Shared by main.ts and the tests. */
export const commsService: ServiceOptions = {
  name: 'comms',
  migrationsDir: new URL('../migrations/', import.meta.url),
  routes(router) {
    router.get(
      '/api/email-templates',
      requireAuth,
      requirePermission('comms'),
      withTx,
      notYet('Email templates'),
    );
    router.get(
      '/api/email-comms/history',
      requireAuth,
      requirePermission('comms'),
      withTx,
      notYet('Email history'),
    );
  },
};
