/** A profile picture's removal, and a stored picture by its address. */
import { kyselyOf, notFound, operation } from '@venue/service-kit';
import { NOW } from '../../db/clock.ts';
import type { AdminDb } from '../../db/schema.ts';
import { widenToAllTenants } from '../../users/account-rows.ts';
import { userLabel } from '../../users/serialise.ts';
import { isUuid } from '../../users/user-store.ts';
import { PICTURE_NOT_FOUND, pictureSubject, removePictures, venueLogoChanged } from '../pictures.ts';

export const deletePicture = operation('delete /api/users/delete-profile-picture', async ({ ctx, tx }) => {
  const user = await pictureSubject(ctx, tx);
  await removePictures(tx, user);
  await kyselyOf<AdminDb>(tx)
    .updateTable('users')
    .set({ profile_picture: null, updated_at: NOW })
    .where('id', '=', user.id)
    .execute();
  if (user.profile_picture) {
    await tx.audit(ctx, {
      action: 'user_updated',
      targetType: 'user',
      target: user.id,
      targetLabel: userLabel(user),
      additionalInfo: `Profile picture deleted for ${user.email}`,
      changes: { profilePicture: { old: user.profile_picture, new: null } },
    });
    await venueLogoChanged(tx, user);
  }
  return { message: 'Profile picture deleted successfully!', profilePicture: null };
});

export const getPicture = operation('get /api/files/profile-pictures/{file}', async ({ ctx, tx, params }) => {
  const match = /^([0-9a-f-]{36})\.webp$/i.exec(params.file);
  if (!match || !isUuid(match[1]!)) throw notFound(PICTURE_NOT_FOUND);
  // the super admin's Users table shows every hall owner's picture
  if (ctx.state.principal.role === 'super_admin') await widenToAllTenants(tx);
  const picture = await kyselyOf<AdminDb>(tx)
    .selectFrom('profile_pictures')
    .select(['data', 'mime_type'])
    .where('id', '=', match[1]!)
    .executeTakeFirst();
  if (!picture) throw notFound(PICTURE_NOT_FOUND);
  ctx.type = picture.mime_type;
  // ids change on every upload, so a cached copy never goes stale
  ctx.set('cache-control', 'private, max-age=86400, immutable');
  ctx.set('x-content-type-options', 'nosniff');
  ctx.body = Buffer.from(picture.data);
});
