/**
 * A resource's photo for the venue's public booking page (issue 25), uploaded by the hall owner
 * as profile pictures are (decision 15): refused over 8 MB while streaming, read by its content
 * (`file-type`), re-encoded by `sharp` to WebP of at most 1600 px a side (which drops EXIF and
 * other metadata, a phone's location among it) and stored in a tenant-scoped row. Each upload is
 * a new row with a new id, named by `resources.photo_id`, so the URL changes with the photo and a
 * cached copy never goes stale.
 */
import multer from '@koa/multer';
import {
  PHOTO_NOT_AN_IMAGE,
  PHOTO_PROCESSING_FAILED,
  PHOTO_TOO_LARGE,
  RESOURCE_PHOTO_MAX_BYTES,
  RESOURCE_PHOTO_MAX_EDGE_PX,
  RESOURCE_PHOTO_PART,
} from '@venue/contracts/catalogue';
import { HttpError, readUpload, type AppContext, type AppMiddleware, type Tx } from '@venue/service-kit';
import { reencodeImage, type ReencodedImage } from '@venue/service-kit/images';
import { db } from '../db/query.ts';

const upload = multer({
  storage: multer.memoryStorage(),
  limits: { fileSize: RESOURCE_PHOTO_MAX_BYTES, files: 1, fields: 2, parts: 3, fieldSize: 1024 },
}).single(RESOURCE_PHOTO_PART);

const photoError = (message: string) => ({ errors: [{ path: RESOURCE_PHOTO_PART, message }] });

/**
 * The upload, read before the table's body schema is applied: the kit parses JSON bodies, and
 * this body is multipart. The file stays in memory (`uploadedPhoto`); the body the schema then
 * reads names the part that came, so its `photo` is there exactly when a file is.
 */
export const parseUpload: AppMiddleware = async (ctx, next) => {
  if (!ctx.is('multipart/form-data'))
    throw new HttpError(400, PHOTO_NOT_AN_IMAGE, photoError(PHOTO_NOT_AN_IMAGE));
  await readUpload(ctx, upload, {
    tooLarge: PHOTO_TOO_LARGE,
    refused: PHOTO_NOT_AN_IMAGE,
    part: RESOURCE_PHOTO_PART,
  });
  const file = uploadedPhoto(ctx);
  if (!file) throw new HttpError(400, PHOTO_NOT_AN_IMAGE, photoError(PHOTO_NOT_AN_IMAGE));
  ctx.request.body = { [RESOURCE_PHOTO_PART]: file.originalname ?? RESOURCE_PHOTO_PART };
  await next();
};

/** The uploaded file's bytes, once `parseUpload` has read them. */
export function uploadedPhoto(ctx: AppContext): { buffer: Buffer; originalname?: string } | undefined {
  const file = (ctx.request as { file?: { buffer: Buffer; originalname?: string } }).file;
  return file?.buffer?.length ? file : undefined;
}

/** Content, never the name or the browser's word, decides what the file is; then a clean WebP. */
export function reencodePhoto(input: Buffer): Promise<ReencodedImage> {
  return reencodeImage(input, {
    maxEdgePx: RESOURCE_PHOTO_MAX_EDGE_PX,
    quality: 80,
    notAnImage: () => new HttpError(400, PHOTO_NOT_AN_IMAGE, photoError(PHOTO_NOT_AN_IMAGE)),
    failed: () => new HttpError(400, PHOTO_PROCESSING_FAILED, photoError(PHOTO_PROCESSING_FAILED)),
  });
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
