/**
 * A multipart upload read into memory, refused in the services' one way: the reader is the
 * service's own (@koa/multer with memory storage and its limits), the refusals are written here.
 */
import { HttpError } from '../errors.ts';
import type { AppContext } from './context.ts';

/** A @koa/multer reader (`multer({ storage, limits }).single(part)`), as a Koa middleware. */
export type UploadReader = (ctx: never, next: () => Promise<void>) => unknown;

export interface UploadRefusals {
  /** The 413's message when a file is over the reader's size limit. */
  tooLarge: string;
  /** The 400's message for any other failure of the body (too many parts or fields, a broken body). */
  refused: string;
  /** The form part the answer names as its field (`errors: [{ path: part, message }]`); none: no `errors`. */
  part?: string;
}

/** Runs `read` on the request, so the file is on `ctx.request` once this resolves; see UploadRefusals. */
export async function readUpload(
  ctx: AppContext,
  read: UploadReader,
  { tooLarge, refused, part }: UploadRefusals,
): Promise<void> {
  const refusal = (status: number, message: string) =>
    new HttpError(status, message, part === undefined ? undefined : { errors: [{ path: part, message }] });
  try {
    await read(ctx as never, async () => {});
  } catch (err) {
    const code = (err as { code?: string }).code;
    throw code === 'LIMIT_FILE_SIZE' ? refusal(413, tooLarge) : refusal(400, refused);
  }
}
