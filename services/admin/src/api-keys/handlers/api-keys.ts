/**
 * Settings → Integrations → API keys: list, create (the key shown once), revoke. Keys are the
 * tenant's own credentials: only its hall owner manages them. Staff (and keys, which act as
 * staff) may not mint themselves more access; a super admin has no tenant data of their own for
 * a key to reach.
 */
import { API_KEY_SHOWN_ONCE, apiKeyActor, type CreatedApiKey } from '@venue/contracts';
import {
  forbidden,
  inRequestTx,
  isUuid,
  notFound,
  operation,
  replayWithout,
  requireAuth,
  type AppMiddleware,
} from '@venue/service-kit';
import { apiKeyView, createApiKey, listApiKeys, revokeApiKey } from '../api-key-store.ts';

export const OWNER_ONLY_API_KEYS = 'Only the hall owner can manage API keys.';
export const API_KEY_NOT_FOUND = 'API key not found.';
export const API_KEY_REVOKED_MESSAGE = 'API key revoked.';

const ownerOnly: AppMiddleware = async (ctx, next) => {
  if (ctx.state.principal.role !== 'hall_owner') throw forbidden(OWNER_ONLY_API_KEYS);
  await next();
};
const guard = [requireAuth, ownerOnly];

export const listKeys = operation('get /api/integrations/api-keys', { guard }, async ({ ctx, tx }) => {
  const now = Date.now();
  ctx.set('Cache-Control', 'no-store');
  return (await listApiKeys(tx, ctx.state.principal.tenantId)).map((r) => apiKeyView(r, now));
});

/** The transaction is the handler's (`inRequestTx`): committed before the answer's replay is set. */
export const postKey = operation(
  'post /api/integrations/api-keys',
  { guard, transaction: 'none' },
  async ({ ctx, body }) => {
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
  },
);

export const deleteKey = operation(
  'delete /api/integrations/api-keys/{id}',
  { guard },
  async ({ ctx, tx, params }) => {
    if (!isUuid(params.id)) throw notFound(API_KEY_NOT_FOUND);
    const { tenantId, userId } = ctx.state.principal;
    const row = await revokeApiKey(tx, tenantId, params.id, userId);
    if (!row) throw notFound(API_KEY_NOT_FOUND);
    await tx.audit(ctx, {
      action: 'api_key_revoked',
      targetType: 'settings',
      target: row.id,
      targetLabel: apiKeyActor(row.name),
      additionalInfo: `API key "${row.name}" revoked`,
    });
    return { message: API_KEY_REVOKED_MESSAGE };
  },
);
