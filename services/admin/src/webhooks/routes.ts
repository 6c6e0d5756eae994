/**
 * `/api/integrations/webhooks` (issue 26, decision 60): each call of the contract's table a named
 * handler in `handlers/` (`serveOperations`, issue 28 item 2); those that resolve an address or
 * rotate the secret are made for the service's webhook configuration.
 */
import { WEBHOOK_ROUTES } from '@venue/contracts/admin';
import { serveOperations, type AppRouter } from '@venue/service-kit';
import type { WebhookDeps } from './config.ts';
import { listDeliveries, resendDelivery, testHook } from './handlers/deliveries.ts';
import { patchHook } from './handlers/patch-webhook.ts';
import { deleteHook, getHook, listHooks, postHook, rotateHookSecret } from './handlers/webhooks.ts';

export function webhookRoutes(router: AppRouter, deps: WebhookDeps): void {
  serveOperations(router, WEBHOOK_ROUTES, [
    listHooks,
    postHook(deps),
    getHook,
    patchHook(deps),
    deleteHook,
    rotateHookSecret(deps),
    testHook,
    listDeliveries,
    resendDelivery,
  ]);
}
