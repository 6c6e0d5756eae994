/**
 * Profile pictures: the removal and the stored picture are named handlers in
 * `handlers/pictures.ts` (`serveOperations`, issue 28 item 2). The upload stays written by hand:
 * the token is checked and the multipart body read before requireAuth (whose Idempotency-Key
 * step then sees the upload), while the kit puts the guard first and parses the body as JSON.
 */
import { ADMIN_ROUTES } from '@venue/contracts/admin';
import { inRequestTx, requireAuth, serveOperations, type AppRouter } from '@venue/service-kit';
import { deletePicture, getPicture } from './handlers/pictures.ts';
import { parseUpload, tokenBeforeUpload, uploadPicture } from './pictures.ts';

const paths = new Set(['/api/users/delete-profile-picture', '/api/files/profile-pictures/{file}']);

export function pictureRoutes(router: AppRouter): void {
  serveOperations(
    router,
    ADMIN_ROUTES.filter((r) => paths.has(r.path)),
    [deletePicture, getPicture],
  );
  router.post('/api/users/upload-profile-picture', tokenBeforeUpload, parseUpload, requireAuth, (ctx) =>
    inRequestTx(ctx, (tx) => uploadPicture(ctx, tx)),
  );
}
