/** Create, edit, copy and delete a resource: the hall owner's. */
import { resourceInput } from '@venue/contracts';
import { badRequest, operation } from '@venue/service-kit';
import { RESOURCES_OWNER, tenantOf } from '../../shared/common.ts';
import { detachResourceFromBlockouts } from '../../blockouts/blockout-store.ts';
import { db } from '../../db/query.ts';
import {
  RESOURCE_COLUMNS,
  changes,
  generateCode,
  resourceEventData,
  resourceLabel,
  toResource,
} from '../resource-model.ts';
import { announceUpdate, formRow, insertResource, loadResource } from '../resource-write.ts';

export const postResource = operation(
  'post /api/resources',
  { guard: RESOURCES_OWNER },
  async ({ ctx, tx, body }) => {
    const created = await insertResource(ctx, tx, body, await generateCode(tx, body.name));
    ctx.status = 201;
    return created;
  },
);

export const putResource = operation(
  'put /api/resources/{id}',
  { guard: RESOURCES_OWNER },
  async ({ ctx, tx, params, body }) => {
    const before = await loadResource(tx, params.id);
    const after = toResource(
      await db(tx)
        .updateTable('resources')
        .set((eb) => ({ ...formRow(body), updated_at: eb.fn<Date>('now') }))
        .where('id', '=', before.id)
        .where('tenant_id', '=', tenantOf(ctx))
        .returning(RESOURCE_COLUMNS)
        .executeTakeFirstOrThrow(),
    );
    await announceUpdate(
      ctx,
      tx,
      after,
      `Updated resource ${after.name} (${after.code})`,
      changes(before, after),
    );
    return after;
  },
);

export const deleteResource = operation(
  'delete /api/resources/{id}',
  { guard: RESOURCES_OWNER },
  async ({ ctx, tx, params }) => {
    const r = await loadResource(tx, params.id);
    // Block-outs lose this resource (and disappear when it was their only one) before the row goes.
    await detachResourceFromBlockouts(tx, tenantOf(ctx), r.id);
    await db(tx)
      .deleteFrom('resources')
      .where('tenant_id', '=', tenantOf(ctx))
      .where('id', '=', r.id)
      .execute();
    await tx.publish('resource.deleted', resourceEventData(tenantOf(ctx), r));
    await tx.audit(ctx, {
      action: 'resource_deleted',
      targetType: 'resource',
      target: r.name,
      targetLabel: resourceLabel(r),
      additionalInfo: `Deleted resource ${r.name} (${r.code}) with its rate card and block-out entries`,
    });
    ctx.status = 204;
  },
);

export const duplicateResource = operation(
  'post /api/resources/{id}/duplicate',
  { guard: RESOURCES_OWNER },
  async ({ ctx, tx, params }) => {
    const r = await loadResource(tx, params.id);
    const name = `${r.name} (Copy)`.slice(0, 120);
    // A row saved before today's ceilings may break one: the copy is then a 400, never a 500.
    const copy = resourceInput.safeParse({ ...r, name, status: 'active' });
    if (!copy.success) {
      const errors = copy.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
      throw badRequest(errors[0]?.message ?? 'This resource cannot be copied.', { errors });
    }
    const created = await insertResource(ctx, tx, copy.data, await generateCode(tx, name));
    ctx.status = 201;
    return created;
  },
);
