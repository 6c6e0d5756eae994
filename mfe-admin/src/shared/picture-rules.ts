/** Spec 01 §5: images only, at most 5 MB. The server checks the content again. */
export const MAX_PICTURE_BYTES = 5 * 1024 * 1024;
export const NOT_AN_IMAGE = 'Please select an image file';
export const TOO_LARGE = 'Image size must be less than 5MB';
export const PICTURE_ACCEPT = 'image/png,image/jpeg,image/gif,image/webp';

export function pictureProblem(file: File): string | null {
  if (!file.type.startsWith('image/')) return NOT_AN_IMAGE;
  if (file.size > MAX_PICTURE_BYTES) return TOO_LARGE;
  return null;
}

export function pictureForm(file: File): FormData {
  const form = new FormData();
  form.append('profilePicture', file);
  return form;
}
