import { z } from 'zod';
import { API_KEY_SHOWN_ONCE, apiKeyActor, createApiKeySchema, type CreatedApiKey } from '@venue/contracts';
import {
  forbidden,
  inRequestTx,
  isUuid,
  notFound,
  parseBody,
  replayWithout,
  requireAuth,
  requireInternal,
  withTx,
  type AppContext,
  type AppMiddleware,
  type AppRouter,
  type ServiceKit,
} from '@venue/service-kit';
import { apiKeyView, createApiKey, listApiKeys, revokeApiKey, verifyApiKey } from './api-key-store.ts';

export const OWNER_ONLY_API_KEYS = 'Only the hall owner can manage API keys.';
export const API_KEY_NOT_FOUND = 'API key not found.';
export const API_KEY_REVOKED_MESSAGE = 'API key revoked.';

/**
 * Keys are the tenant's own credentials: only its hall owner manages them. Staff (and keys,
 * which act as staff) may not mint themselves more access; a super admin has no tenant data of
 * their own for a key to reach.
 */
const ownerOnly: AppMiddleware = async (ctx, next) => {
  if (ctx.state.principal.role !== 'hall_owner') throw forbidden(OWNER_ONLY_API_KEYS);
  await next();
};

const verifySchema = z.object({ hash: z.string({ error: 'hash is required.' }).max(64) });

export function apiKeyRoutes(router: AppRouter, kit: ServiceKit): void {
  router.get('/api/integrations/api-keys', requireAuth, ownerOnly, withTx, async (ctx: AppContext) => {
    const now = Date.now();
    ctx.set('Cache-Control', 'no-store');
    ctx.body = (await listApiKeys(ctx.state.tx, ctx.state.principal.tenantId)).map((r) => apiKeyView(r, now));
  });

  router.post('/api/integrations/api-keys', requireAuth, ownerOnly, async (ctx: AppContext) => {
    // Validated before the transaction opens: a 400 costs no connection.
    const body = parseBody(ctx, createApiKeySchema);
    const { tenantId, userId } = ctx.state.principal;
    const created = await inRequestTx(ctx, async (tx): Promise<CreatedApiKey> => {
      const { key, row } = await createApiKey(tx, {
        tenantId,
        createdBy: userId,
        name: body.name,
        permissions: body.permissions,
        expiresInDays: body.expiresInDays,
      });
      const view = apiKeyView(row);
      await tx.audit(ctx, {
        action: 'api_key_created',
        targetType: 'settings',
        target: row.id,
        targetLabel: apiKeyActor(row.name),
        additionalInfo: `API key "${row.name}" (${view.prefix}) created, expires ${view.expiresAt}`,
        changes: {
          name: { old: null, new: row.name },
          permissions: { old: null, new: view.permissions },
          expiresAt: { old: null, new: view.expiresAt },
        },
      });
      return { ...view, key };
    });
    ctx.status = 201;
    ctx.set('Cache-Control', 'no-store');
    ctx.body = created;
    // The key is kept nowhere, not even in the Idempotency-Key store: a retry of this request
    // gets the key's record and word that the key was shown once (issue 24 item 11).
    const { key: _shownOnce, ...record } = created;
    replayWithout(ctx, 200, { ...record, message: API_KEY_SHOWN_ONCE });
  });

  router.delete('/api/integrations/api-keys/:id', requireAuth, ownerOnly, withTx, async (ctx: AppContext) => {
    const id = ctx.params.id ?? '';
    if (!isUuid(id)) throw notFound(API_KEY_NOT_FOUND);
    const { tenantId, userId } = ctx.state.principal;
    const row = await revokeApiKey(ctx.state.tx, tenantId, id, userId);
    if (!row) throw notFound(API_KEY_NOT_FOUND);
    await ctx.state.tx.audit(ctx, {
      action: 'api_key_revoked',
      targetType: 'settings',
      target: row.id,
      targetLabel: apiKeyActor(row.name),
      additionalInfo: `API key "${row.name}" revoked`,
    });
    ctx.body = { message: API_KEY_REVOKED_MESSAGE };
  });

  /**
   * The gateway's check of a presented key: it sends the key's SHA-256, never the key. A
   * write (last used, at most once a minute), hence POST.
   */
  router.post('/internal/api-keys/:publicId/verify', requireInternal, async (ctx: AppContext) => {
    const { hash } = parseBody(ctx, verifySchema);
    const publicId = ctx.params.publicId ?? '';
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await kit.db.systemTx((tx) => verifyApiKey(tx, publicId, hash));
  });
}
