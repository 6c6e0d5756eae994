/**
 * Email History (spec 02 §2.12), recipients for Send Email (§2.10, §7), bounces (issue 12 item 8)
 * and the operator's Mail preview (item 4).
 */
import { type AppContext, type Tx } from '@venue/service-kit';
import { type KeysetKey } from '@venue/service-kit/paging';

export const HISTORY_KEYS: KeysetKey[] = [
  { expr: 'e.created_at', type: 'timestamptz', index: 'DESC' },
  { expr: 'e.id', type: 'uuid', index: 'DESC' },
];
export const EMAIL_NOT_FOUND = 'Email not found';
export const MAIL_NOT_FOUND = 'Message not found';

/**
 * Mail preview: a tenant sees its own captured messages; the super admin every tenant's (system
 * scope), since the embedded server is the whole product's.
 */
export async function previewScope<T>(
  ctx: AppContext,
  tx: Tx,
  fn: (tx: Tx, all: boolean) => Promise<T>,
): Promise<T> {
  const all = ctx.state.principal!.role === 'super_admin';
  if (all) await tx.rescope('app.scope', 'system');
  return fn(tx, all);
}
