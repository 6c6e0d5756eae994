/**
 * The catalogue's rules for a resource's photo (packages/contracts/src/catalogue/public.ts, the
 * server's own), repeated here without zod so the hall dialog's chunk does not take the schemas
 * along; photoRules.test.ts fails when the two part. The server reads the file's content again
 * and has the last word: these only spare an 8 MB upload the screen can already refuse.
 */
export const PHOTO_MAX_BYTES = 8 * 1024 * 1024;
export const PHOTO_PART = 'photo';
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
export const PHOTO_MAX_EDGE_PX = 1600;
export const PHOTO_NOT_AN_IMAGE = 'Please select an image file (JPEG, PNG, WebP or GIF).';
export const PHOTO_TOO_LARGE = 'Image size must be less than 8MB';

/** The file picker's filter, the accepted types. */
export const PHOTO_ACCEPT = PHOTO_TYPES.join(',');

/** Why this file cannot be a resource's photo, or null when the server may judge it. */
export function photoProblem(file: Pick<File, 'type' | 'size'>): string | null {
  if (!(PHOTO_TYPES as readonly string[]).includes(file.type)) return PHOTO_NOT_AN_IMAGE;
  if (file.size > PHOTO_MAX_BYTES) return PHOTO_TOO_LARGE;
  return null;
}

/** The upload's body: one file in the part the server reads. */
export function photoForm(file: File): FormData {
  const form = new FormData();
  form.append(PHOTO_PART, file, file.name);
  return form;
}
