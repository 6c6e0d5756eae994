import { Avatar, type AvatarProps } from '@mantine/core';
import { useAuthedImage } from '@venue/ui/authed-image';

function initials(name: string | null | undefined): string {
  const parts = (name ?? '')
    .trim()
    .split(/[\s@._-]+/)
    .filter(Boolean);
  return parts
    .slice(0, 2)
    .map((p) => p[0]?.toUpperCase() ?? '')
    .join('');
}

/** A profile picture (behind the gateway's bearer check, so fetched with the session's token). */
export function ProfileImage({
  src,
  name,
  alt,
  ...props
}: { src: string | null | undefined; name?: string | null; alt: string } & AvatarProps) {
  const image = useAuthedImage(src);
  return (
    <Avatar src={image.state === 'shown' ? image.url : null} alt={alt} radius="xl" {...props}>
      {initials(name)}
    </Avatar>
  );
}
