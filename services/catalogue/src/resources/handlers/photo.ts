/**
 * A resource's photo for the public booking page (issue 25): uploaded, removed and shown to
 * staff. photo.ts reads and re-encodes it; each upload is a new row, so its URL changes with it.
 */
import { PHOTO_NOT_FOUND } from '@venue/contracts/catalogue';
import { notFound, operation, type Tx } from '@venue/service-kit';
import { RESOURCES_OWNER, rowId, tenantOf } from '../../shared/common.ts';
import { db } from '../../db/query.ts';
import { parseUpload, photoOf, reencodePhoto, sendPhoto, uploadedPhoto } from '../photo.ts';
import { RESOURCE_COLUMNS, resourceLabel, toResource } from '../resource-model.ts';
import { RESOURCE_NOT_FOUND } from '../resource-write.ts';

const UPLOAD = 'post /api/resources/{id}/photo';

/** The resource's row, locked: of two photo changes at once, the later wins whole. */
function lockResource(tx: Tx, tenantId: string, id: string) {
  return db(tx)
    .selectFrom('resources')
    .select(['id', 'name', 'code', 'photo_id'])
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export const postResourcePhoto = operation(
  UPLOAD,
  { guard: RESOURCES_OWNER, before: [parseUpload] },
  async ({ ctx, tx, params }) => {
    const id = rowId(params.id, RESOURCE_NOT_FOUND);
    const tenantId = tenantOf(ctx);
    const file = uploadedPhoto(ctx)!;
    const before = await lockResource(tx, tenantId, id);
    if (!before) throw notFound(RESOURCE_NOT_FOUND);
    const image = await reencodePhoto(file.buffer);
    const q = db(tx);
    const photo = await q
      .insertInto('resource_photos')
      .values({
        tenant_id: tenantId,
        resource_id: id,
        data: image.data,
        width: image.width,
        height: image.height,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const row = await q
      .updateTable('resources')
      .set((eb) => ({ photo_id: photo.id, updated_at: eb.fn<Date>('now') }))
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .returning(RESOURCE_COLUMNS)
      .executeTakeFirstOrThrow();
    // The photo it replaces goes: only the current one is ever served.
    await q
      .deleteFrom('resource_photos')
      .where('tenant_id', '=', tenantId)
      .where('resource_id', '=', id)
      .where('id', '<>', photo.id)
      .execute();
    const after = toResource(row);
    await tx.audit(ctx, {
      action: 'resource_updated',
      targetType: 'resource',
      target: after.name,
      targetLabel: resourceLabel(after),
      additionalInfo: `Photo ${before.photo_id ? 'replaced' : 'added'} for ${after.name} (${image.width}×${image.height})`,
      changes: { photo: { old: before.photo_id ? 'photo' : null, new: 'photo' } },
    });
    return after;
  },
);

export const deleteResourcePhoto = operation(
  'delete /api/resources/{id}/photo',
  { guard: RESOURCES_OWNER },
  async ({ ctx, tx, params }) => {
    const id = rowId(params.id, RESOURCE_NOT_FOUND);
    const tenantId = tenantOf(ctx);
    const before = await lockResource(tx, tenantId, id);
    if (!before) throw notFound(RESOURCE_NOT_FOUND);
    const q = db(tx);
    const row = await q
      .updateTable('resources')
      .set((eb) => ({ photo_id: null, updated_at: eb.fn<Date>('now') }))
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .returning(RESOURCE_COLUMNS)
      .executeTakeFirstOrThrow();
    await q
      .deleteFrom('resource_photos')
      .where('tenant_id', '=', tenantId)
      .where('resource_id', '=', id)
      .execute();
    const after = toResource(row);
    if (before.photo_id) {
      await tx.audit(ctx, {
        action: 'resource_updated',
        targetType: 'resource',
        target: after.name,
        targetLabel: resourceLabel(after),
        additionalInfo: `Photo removed from ${after.name}`,
        changes: { photo: { old: 'photo', new: null } },
      });
    }
    return after;
  },
);

export const getResourcePhoto = operation(
  'get /api/resources/{id}/photo',
  { transaction: 'read' },
  async ({ ctx, tx, params }) => {
    const photo = await photoOf(tx, tenantOf(ctx), rowId(params.id, PHOTO_NOT_FOUND));
    if (!photo) throw notFound(PHOTO_NOT_FOUND);
    // the URL names the photo (?v=<its id>): a new one is a new URL
    sendPhoto(ctx, photo, 'private, max-age=86400');
  },
);
