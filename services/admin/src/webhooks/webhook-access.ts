/** What the webhook handlers share: the owner's guard, the address check, the 404 and the secret's replay. */
import {
  WEBHOOK_NOT_FOUND,
  WEBHOOK_OWNER_ONLY,
  WEBHOOK_SECRET_SHOWN_ONCE,
  type WebhookWithSecret,
} from '@venue/contracts/admin';
import {
  HttpError,
  forbidden,
  isUuid,
  notFound,
  replayWithout,
  requireAuth,
  type AppContext,
  type AppMiddleware,
  type Tx,
} from '@venue/service-kit';
import { checkAddress } from './address-policy.ts';
import type { WebhookDeps } from './config.ts';
import { findWebhook, type WebhookRow } from './store.ts';

/** The hall owner only: staff, API keys and the super admin are refused (WEBHOOK_OWNER_ONLY). */
export const ownerGuard: readonly AppMiddleware[] = [
  requireAuth,
  async (ctx, next) => {
    if (ctx.state.principal.role !== 'hall_owner') throw forbidden(WEBHOOK_OWNER_ONLY);
    await next();
  },
];

export { tenantOf } from '@venue/service-kit';

/** The URL must lead to the public internet (or an allowlisted host): a 400 naming `url` otherwise. */
export async function assertReachable(url: string, deps: WebhookDeps): Promise<void> {
  const check = await checkAddress(url, deps);
  if (!check.ok)
    throw new HttpError(400, check.message, { errors: [{ path: 'url', message: check.message }] });
}

/** The tenant's webhook `id`, or 404 (an id of another venue is as unknown as junk). */
export async function webhookOr404(
  tx: Tx,
  tenantId: string,
  id: string | undefined,
  lock = false,
): Promise<WebhookRow> {
  const row = isUuid(id) ? await findWebhook(tx, tenantId, id, lock) : undefined;
  if (!row) throw notFound(WEBHOOK_NOT_FOUND);
  return row;
}

export function withoutSecret(ctx: AppContext, answer: WebhookWithSecret): void {
  ctx.set('Cache-Control', 'no-store');
  const { secret: _shownOnce, ...record } = answer;
  replayWithout(ctx, 200, { ...record, message: WEBHOOK_SECRET_SHOWN_ONCE });
}
