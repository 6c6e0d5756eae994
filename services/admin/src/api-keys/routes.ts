/**
 * API keys: each call of the contract's table a named handler in `handlers/api-keys.ts`
 * (`serveOperations`, issue 28 item 2), and the gateway's internal check written here.
 */
import { z } from 'zod';
import { ADMIN_ROUTES } from '@venue/contracts/admin';
import {
  parseBody,
  requireInternal,
  serveOperations,
  type AppRouter,
  type ServiceKit,
} from '@venue/service-kit';
import { verifyApiKey } from './api-key-store.ts';
import { deleteKey, listKeys, postKey } from './handlers/api-keys.ts';

const verifySchema = z.object({ hash: z.string({ error: 'hash is required.' }).max(64) });

export function apiKeyRoutes(router: AppRouter, kit: ServiceKit): void {
  serveOperations(
    router,
    ADMIN_ROUTES.filter((r) => r.path.startsWith('/api/integrations/api-keys')),
    [listKeys, postKey, deleteKey],
  );

  /**
   * The gateway's check of a presented key: it sends the key's SHA-256, never the key. A
   * write (last used, at most once a minute), hence POST.
   */
  router.post('/internal/api-keys/:publicId/verify', requireInternal, async (ctx) => {
    const { hash } = parseBody(ctx, verifySchema);
    const publicId = ctx.params.publicId ?? '';
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await kit.db.systemTx((tx) => verifyApiKey(tx, publicId, hash));
  });
}
