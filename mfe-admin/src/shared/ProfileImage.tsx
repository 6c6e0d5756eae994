import { useEffect, useState } from 'react';
import { Avatar, type AvatarProps } from '@mantine/core';
import { useSession } from '@venue/ui';

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

/**
 * Profile pictures are served behind the gateway's bearer check, which an <img src> cannot
 * send, so the image is fetched with the session's token and shown from a blob URL.
 */
export function ProfileImage({
  src,
  name,
  alt,
  ...props
}: { src: string | null | undefined; name?: string | null; alt: string } & AvatarProps) {
  const { getToken } = useSession();
  const [objectUrl, setObjectUrl] = useState<string | null>(null);

  useEffect(() => {
    setObjectUrl(null);
    if (!src) return;
    let revoked = false;
    let url: string | null = null;
    const token = getToken();
    fetch(src, { headers: token ? { Authorization: `Bearer ${token}` } : {}, credentials: 'same-origin' })
      .then(async (res) => {
        if (!res.ok) throw new Error(`picture answered ${res.status}`);
        const blob = await res.blob();
        if (revoked) return;
        url = URL.createObjectURL(blob);
        setObjectUrl(url);
      })
      .catch((error: unknown) => console.warn('Could not load a profile picture', error));
    return () => {
      revoked = true;
      if (url) URL.revokeObjectURL(url);
    };
  }, [src, getToken]);

  return (
    <Avatar src={objectUrl} alt={alt} radius="xl" {...props}>
      {initials(name)}
    </Avatar>
  );
}
