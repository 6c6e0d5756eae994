/**
 * An uploaded picture made safe to store and serve (decision 15): admin's profile pictures and
 * the catalogue's resource photos (issue 25) go through this one function.
 *
 * Content sniffing (`file-type`), never the file's name or the client's content type, decides
 * what the file is; only JPEG, PNG, GIF and WebP are taken. `sharp` then applies the EXIF
 * orientation, fits the picture inside `maxEdgePx` a side (never enlarging it) and re-encodes it
 * as WebP, which carries no metadata (sharp drops EXIF, XMP and ICC unless asked to keep them: a
 * phone's location among them).
 *
 * sharp and file-type are dependencies of the services that import this entry
 * (`@venue/service-kit/images`: admin and catalogue), not of the kit: every service's image
 * installs the kit's dependencies, and sharp's native library has no place in the others.
 */
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';

const ACCEPTED = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/webp']);

export interface ReencodeOptions {
  /** The longest side the stored picture may have, in pixels. */
  maxEdgePx: number;
  /** WebP quality, 1 to 100. */
  quality: number;
  /** What to throw when the bytes are not one of the accepted images. */
  notAnImage: () => Error;
  /** What to throw when the image cannot be decoded or re-encoded. */
  failed: () => Error;
}

export interface ReencodedImage {
  data: Buffer;
  width: number;
  height: number;
}

/** The upload as a clean WebP of at most `maxEdgePx` a side, or the caller's error. */
export async function reencodeImage(input: Buffer, options: ReencodeOptions): Promise<ReencodedImage> {
  const type = await fileTypeFromBuffer(input);
  if (!type || !ACCEPTED.has(type.mime)) throw options.notAnImage();
  try {
    // rotate() applies the EXIF orientation first; the WebP output carries no metadata.
    const { data, info } = await sharp(input, { limitInputPixels: 50_000_000, failOn: 'error' })
      .rotate()
      .resize(options.maxEdgePx, options.maxEdgePx, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: options.quality })
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  } catch {
    throw options.failed();
  }
}
