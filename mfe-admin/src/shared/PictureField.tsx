import { FileInput } from '@mantine/core';
import { PICTURE_ACCEPT } from './picture-rules.ts';

/** The file picker for a profile picture; the caller checks the file with `pictureProblem`. */
export function PictureField({
  label,
  value,
  error,
  onChange,
}: {
  label: string;
  value: File | null;
  error?: string | null;
  onChange: (file: File | null) => void;
}) {
  return (
    <FileInput
      label={label}
      description="JPG, PNG or GIF, up to 5 MB."
      placeholder="No file chosen"
      accept={PICTURE_ACCEPT}
      value={value}
      onChange={onChange}
      clearable
      error={error}
    />
  );
}
