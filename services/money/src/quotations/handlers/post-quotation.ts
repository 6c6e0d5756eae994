import { QUOTATION_VALID_DAYS } from '@venue/contracts/money-api';
import { inRequestTx, operation } from '@venue/service-kit';
import { db } from '../../db/query.ts';
import { actorOf, tenantOf } from '../../shared/http.ts';
import { addDays, moneySettings, today } from '../../shared/settings.ts';
import { auditQuotation } from '../events.ts';
import { formValues } from '../form.ts';
import { resolveResource } from '../peers.ts';
import { loadQuotation, toQuotation } from '../quotation-row.ts';

/** A Draft quotation, valid 14 days unless `validUntil` says otherwise; no number until first sent. */
export const postQuotation = operation(
  'post /api/quotations',
  { transaction: 'none' },
  async ({ ctx, body: v }) => {
    const tenantId = tenantOf(ctx);
    // The catalogue names the resource before the transaction opens (no connection held meanwhile).
    const resource = await resolveResource(tenantId, v.resource);
    const answer = await inRequestTx(ctx, async (tx) => {
      const settings = await moneySettings(tx, tenantId);
      const day = today(settings);
      const inserted = await db(tx)
        .insertInto('quotations')
        .values({
          tenant_id: tenantId,
          ...formValues(v, settings, resource),
          valid_until: v.validUntil ?? addDays(day, QUOTATION_VALID_DAYS),
          created_by: actorOf(ctx),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const q = toQuotation(await loadQuotation(tx, tenantId, inserted.id), day);
      await auditQuotation(tx, ctx, 'quotation_created', q);
      return q;
    });
    ctx.status = 201;
    return answer;
  },
);
