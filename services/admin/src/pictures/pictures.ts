/**
 * Profile pictures (spec 01 §5, §8): the upload's parsing and checks, whose picture a call is
 * about, and the stored picture (handlers/pictures.ts and routes.ts serve them).
 */
import multer from '@koa/multer';
import {
  AUTH_REQUIRED_MESSAGE,
  bearerToken,
  forbidden,
  HttpError,
  INVALID_TOKEN_MESSAGE,
  InvalidTokenError,
  loadPublicKey,
  notFound,
  verifyAccessToken,
  type AppContext,
  type AppMiddleware,
  type Tx,
  kyselyOf,
  readUpload,
} from '@venue/service-kit';
import { reencodeImage, type ReencodedImage } from '@venue/service-kit/images';
import { NOW } from '../db/clock.ts';
import type { AdminDb } from '../db/schema.ts';
import { publishSettingsSnapshot } from '../settings/settings-events.ts';
import { widenToAllTenants } from '../users/account-rows.ts';
import { userLabel } from '../users/serialise.ts';
import { isUuid, type UserRow } from '../users/user-store.ts';

/** Spec 01 §5 / §8 wording. */
export const NOT_AN_IMAGE = 'Please select an image file';
export const TOO_LARGE = 'Image size must be less than 5MB';
export const PROCESSING_FAILED = 'Failed to process image';
export const PICTURE_OWNERS_ONLY = 'Only hall owners and super admins have a profile picture.';
export const PICTURE_NOT_FOUND = 'Profile picture not found.';

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
/** Long enough for a crisp avatar on a high-density screen, small enough to store in a row. */
export const MAX_EDGE_PX = 512;

export const PICTURE_PATH = '/api/files/profile-pictures/';

// Memory storage with a streaming limit: the parser stops at 5 MB, so an oversized upload is
// refused before anything reaches the database or the disk.
const upload = multer({
  storage: multer.memoryStorage(),
  limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5, parts: 6, fieldSize: 1024 },
}).single('profilePicture');

export const parseUpload: AppMiddleware = async (ctx, next) => {
  await readUpload(ctx, upload, { tooLarge: TOO_LARGE, refused: NOT_AN_IMAGE });
  await next();
};

/**
 * Rejects a missing or bad token before the upload is read, so anonymous clients cannot make
 * the service buffer 5 MB; requireAuth then does the full check and withTx opens the transaction.
 */
export const tokenBeforeUpload: AppMiddleware = async (ctx, next) => {
  const token = bearerToken(ctx.get('authorization') || undefined);
  if (!token) throw new HttpError(401, AUTH_REQUIRED_MESSAGE);
  try {
    await verifyAccessToken(token, await loadPublicKey());
  } catch (err) {
    if (err instanceof InvalidTokenError) throw new HttpError(401, INVALID_TOKEN_MESSAGE);
    throw err;
  }
  await next();
};

/** The upload re-encoded (`@venue/service-kit/images`: content sniffing, then a clean WebP). */
export function reencode(input: Buffer): Promise<ReencodedImage> {
  return reencodeImage(input, {
    maxEdgePx: MAX_EDGE_PX,
    quality: 82,
    notAnImage: () => new HttpError(400, NOT_AN_IMAGE),
    failed: () => new HttpError(400, PROCESSING_FAILED),
  });
}

/** Whose picture the call is about: the caller, or (super admin only) `?userId=`. */
export async function pictureSubject(ctx: AppContext, tx: Tx): Promise<UserRow> {
  const { role, userId } = ctx.state.principal;
  if (role !== 'hall_owner' && role !== 'super_admin') throw forbidden(PICTURE_OWNERS_ONLY);
  const requested =
    typeof ctx.query.userId === 'string' && ctx.query.userId !== '' ? ctx.query.userId : userId;
  if (requested !== userId) {
    if (role !== 'super_admin') throw forbidden(PICTURE_OWNERS_ONLY);
    await widenToAllTenants(tx);
  }
  if (!isUuid(requested)) throw notFound('User not found.');
  const row = await kyselyOf<AdminDb>(tx)
    .selectFrom('users')
    .selectAll()
    .where('id', '=', requested)
    .where('deleted_at', 'is', null)
    .where('role', '<>', 'sub_user')
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw notFound('User not found.');
  return row;
}

export async function removePictures(tx: Tx, user: UserRow): Promise<void> {
  await kyselyOf<AdminDb>(tx)
    .deleteFrom('profile_pictures')
    .where('tenant_id', '=', user.tenant_id)
    .where('user_id', '=', user.id)
    .execute();
}

/**
 * A hall owner's picture is the venue's logo on its public page: the settings snapshot says
 * whether there is one (catalogue's public profile offers it only then), so it is published
 * again, in the same transaction, whenever the owner's picture is stored or removed.
 */
export async function venueLogoChanged(tx: Tx, user: UserRow): Promise<void> {
  if (user.id === user.tenant_id) await publishSettingsSnapshot(tx, user.tenant_id);
}

/** Stores the uploaded picture (re-encoded) as the subject's, in place of any before. */
export async function uploadPicture(ctx: AppContext, tx: Tx): Promise<void> {
  const file = (ctx.request as { file?: { buffer: Buffer } }).file;
  if (!file?.buffer?.length) throw new HttpError(400, NOT_AN_IMAGE);
  const user = await pictureSubject(ctx, tx);
  const image = await reencode(file.buffer);
  await removePictures(tx, user);
  const q = kyselyOf<AdminDb>(tx);
  const picture = await q
    .insertInto('profile_pictures')
    .values({
      tenant_id: user.tenant_id,
      user_id: user.id,
      data: image.data,
      width: image.width,
      height: image.height,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const url = `${PICTURE_PATH}${picture.id}.webp`;
  await q
    .updateTable('users')
    .set({ profile_picture: url, updated_at: NOW })
    .where('id', '=', user.id)
    .execute();
  await tx.audit(ctx, {
    action: 'user_updated',
    targetType: 'user',
    target: user.id,
    targetLabel: userLabel(user),
    additionalInfo: `Profile picture updated for ${user.email}`,
    changes: { profilePicture: { old: user.profile_picture, new: url } },
  });
  await venueLogoChanged(tx, user);
  ctx.body = { profilePicture: url, message: 'Profile picture updated successfully!' };
}
