/** Bounces (issue 12 item 8): whether an address bounced, and sending to it again. */
import { bounceWarning } from '@venue/contracts/comms';
import { db } from '../../db/query.ts';
import { iso, tenantOf } from '../../shared/request.ts';
import { operation } from '@venue/service-kit';

export const getBounce = operation('get /api/email-comms/bounces', async ({ ctx, tx, query: { email } }) => {
  const r = await db(tx)
    .selectFrom('bounces')
    .select(['reason', 'bounced_at'])
    .where('tenant_id', '=', tenantOf(ctx))
    .where((eb) => eb('email', '=', eb.fn<string>('lower', [eb.val(email)])))
    .executeTakeFirst();
  ctx.body = {
    bounce: { email, bounced: !!r, reason: r?.reason ?? null, bouncedAt: iso(r?.bounced_at) },
    warning: r ? bounceWarning(email, r.reason) : null,
  };
});

export const deleteBounce = operation(
  'delete /api/email-comms/bounces',
  async ({ ctx, tx, query: { email } }) => {
    const deleted = await db(tx)
      .deleteFrom('bounces')
      .where('tenant_id', '=', tenantOf(ctx))
      .where((eb) => eb('email', '=', eb.fn<string>('lower', [eb.val(email)])))
      .executeTakeFirst();
    const rowCount = Number(deleted.numDeletedRows);
    if (rowCount > 0)
      await tx.audit(ctx, { action: 'email_bounce_cleared', targetType: 'email_address', target: email });
    ctx.body = {
      message: rowCount > 0 ? `Mail to ${email} will be sent again.` : `${email} had not bounced.`,
    };
  },
);
