/**
 * A resource's photo for the venue's public booking page (issue 25), uploaded by the hall owner
 * as profile pictures are (decision 15): refused over 8 MB while streaming, read by its content
 * (`file-type`), re-encoded by `sharp` to WebP of at most 1600 px a side (which drops EXIF and
 * other metadata, a phone's location among it) and stored in a tenant-scoped row. Each upload is
 * a new row with a new id, named by `resources.photo_id`, so the URL changes with the photo and a
 * cached copy never goes stale.
 */
import multer from '@koa/multer';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import {
  PHOTO_NOT_AN_IMAGE,
  PHOTO_NOT_FOUND,
  PHOTO_PROCESSING_FAILED,
  PHOTO_TOO_LARGE,
  RESOURCE_PHOTO_MAX_BYTES,
  RESOURCE_PHOTO_MAX_EDGE_PX,
  RESOURCE_PHOTO_PART,
} from '@venue/contracts/catalogue';
import {
  HttpError,
  notFound,
  requireAuth,
  requirePermission,
  withRead,
  withTx,
  type AppContext,
  type AppMiddleware,
  type AppRouter,
  type Tx,
} from '@venue/service-kit';
import { MANAGE_RESOURCES_MESSAGE, idParam, ownerOnly, tenantOf, tx } from '../common.ts';
import { db } from '../db/query.ts';
import { RESOURCE_COLUMNS, resourceLabel, toResource } from './resource-model.ts';

const ACCEPTED = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/webp']);
const NOT_FOUND = 'Resource not found';

const upload = multer({
  storage: multer.memoryStorage(),
  limits: { fileSize: RESOURCE_PHOTO_MAX_BYTES, files: 1, fields: 2, parts: 3, fieldSize: 1024 },
}).single(RESOURCE_PHOTO_PART);

const photoError = (message: string) => ({ errors: [{ path: RESOURCE_PHOTO_PART, message }] });

const parseUpload: AppMiddleware = async (ctx, next) => {
  if (!ctx.is('multipart/form-data'))
    throw new HttpError(400, PHOTO_NOT_AN_IMAGE, photoError(PHOTO_NOT_AN_IMAGE));
  try {
    await upload(ctx as never, async () => {});
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'LIMIT_FILE_SIZE') throw new HttpError(413, PHOTO_TOO_LARGE, photoError(PHOTO_TOO_LARGE));
    throw new HttpError(400, PHOTO_NOT_AN_IMAGE, photoError(PHOTO_NOT_AN_IMAGE));
  }
  await next();
};

/** Content, never the name or the browser's word, decides what the file is; then a clean WebP. */
export async function reencodePhoto(input: Buffer): Promise<{ data: Buffer; width: number; height: number }> {
  const type = await fileTypeFromBuffer(input);
  if (!type || !ACCEPTED.has(type.mime))
    throw new HttpError(400, PHOTO_NOT_AN_IMAGE, photoError(PHOTO_NOT_AN_IMAGE));
  try {
    // rotate() applies the EXIF orientation first; the WebP output carries no metadata.
    const { data, info } = await sharp(input, { limitInputPixels: 50_000_000, failOn: 'error' })
      .rotate()
      .resize(RESOURCE_PHOTO_MAX_EDGE_PX, RESOURCE_PHOTO_MAX_EDGE_PX, {
        fit: 'inside',
        withoutEnlargement: true,
      })
      .webp({ quality: 80 })
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  } catch {
    throw new HttpError(400, PHOTO_PROCESSING_FAILED, photoError(PHOTO_PROCESSING_FAILED));
  }
}

/** The photo's bytes when the resource of the tenant has one. */
export async function photoOf(t: Tx, tenantId: string, resourceId: string) {
  return db(t)
    .selectFrom('resources as r')
    .innerJoin('resource_photos as p', (join) =>
      join.onRef('p.tenant_id', '=', 'r.tenant_id').onRef('p.id', '=', 'r.photo_id'),
    )
    .select(['p.data', 'p.mime_type', 'r.status'])
    .where('r.tenant_id', '=', tenantId)
    .where('r.id', '=', resourceId)
    .executeTakeFirst();
}

export function sendPhoto(ctx: AppContext, photo: { data: Uint8Array; mime_type: string }, cache: string) {
  ctx.type = photo.mime_type;
  ctx.set('cache-control', cache);
  ctx.set('x-content-type-options', 'nosniff');
  ctx.body = Buffer.from(photo.data);
}

export function photoRoutes(router: AppRouter): void {
  const owner = [requireAuth, requirePermission('resources'), ownerOnly(MANAGE_RESOURCES_MESSAGE)] as const;

  router.post('/api/resources/:id/photo', ...owner, parseUpload, withTx, async (ctx) => {
    const id = idParam(ctx, NOT_FOUND);
    const tenantId = tenantOf(ctx);
    const file = (ctx.request as { file?: { buffer: Buffer } }).file;
    if (!file?.buffer?.length) throw new HttpError(400, PHOTO_NOT_AN_IMAGE, photoError(PHOTO_NOT_AN_IMAGE));
    // The row is locked before the photo is swapped: of two uploads at once, the later wins whole.
    const before = await db(tx(ctx))
      .selectFrom('resources')
      .select(['id', 'name', 'code', 'photo_id'])
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!before) throw notFound(NOT_FOUND);
    const image = await reencodePhoto(file.buffer);
    const q = db(tx(ctx));
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
    await tx(ctx).audit(ctx, {
      action: 'resource_updated',
      targetType: 'resource',
      target: after.name,
      targetLabel: resourceLabel(after),
      additionalInfo: `Photo ${before.photo_id ? 'replaced' : 'added'} for ${after.name} (${image.width}×${image.height})`,
      changes: { photo: { old: before.photo_id ? 'photo' : null, new: 'photo' } },
    });
    ctx.body = after;
  });

  router.delete('/api/resources/:id/photo', ...owner, withTx, async (ctx) => {
    const id = idParam(ctx, NOT_FOUND);
    const tenantId = tenantOf(ctx);
    const q = db(tx(ctx));
    const before = await q
      .selectFrom('resources')
      .select(['photo_id'])
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!before) throw notFound(NOT_FOUND);
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
      await tx(ctx).audit(ctx, {
        action: 'resource_updated',
        targetType: 'resource',
        target: after.name,
        targetLabel: resourceLabel(after),
        additionalInfo: `Photo removed from ${after.name}`,
        changes: { photo: { old: 'photo', new: null } },
      });
    }
    ctx.body = after;
  });

  router.get(
    '/api/resources/:id/photo',
    requireAuth,
    requirePermission('resources'),
    withRead,
    async (ctx) => {
      const photo = await photoOf(tx(ctx), tenantOf(ctx), idParam(ctx, PHOTO_NOT_FOUND));
      if (!photo) throw notFound(PHOTO_NOT_FOUND);
      // the URL names the photo (?v=<its id>): a new one is a new URL
      sendPhoto(ctx, photo, 'private, max-age=86400');
    },
  );
}
