/**
 * A picture served behind the gateway's bearer check (profile pictures, resource photos), written
 * once (issue 28 item 4). An <img src> cannot send the check's header, so the picture is fetched
 * with the session's token and shown from a blob URL, let go again when `src` changes or the
 * screen closes. Imported as `@venue/ui/authed-image`, bundled with the sections that use it.
 */
import { useEffect, useState } from 'react';
// Through the shared kit, like every sub-path: the session is the shell's one context.
import { useSession } from '@venue/ui';

export type AuthedImage =
  { state: 'none' } | { state: 'loading' } | { state: 'shown'; url: string } | { state: 'failed' };

/** The picture behind `src` as it stands: none asked for, on its way, shown, or not to be had. */
export function useAuthedImage(src: string | null | undefined): AuthedImage {
  const { getToken } = useSession();
  const [image, setImage] = useState<AuthedImage>({ state: src ? 'loading' : 'none' });
  useEffect(() => {
    if (!src) {
      setImage({ state: 'none' });
      return;
    }
    setImage({ state: 'loading' });
    let gone = false;
    let url: string | null = null;
    const token = getToken();
    fetch(src, { headers: token ? { Authorization: `Bearer ${token}` } : {}, credentials: 'same-origin' })
      .then(async (res) => {
        if (!res.ok) throw new Error(`picture answered ${res.status}`);
        const blob = await res.blob();
        if (gone) return;
        url = URL.createObjectURL(blob);
        setImage({ state: 'shown', url });
      })
      // the caller says so its own way: a photo in words, an avatar by its initials
      .catch(() => {
        if (!gone) setImage({ state: 'failed' });
      });
    return () => {
      gone = true;
      if (url) URL.revokeObjectURL(url);
    };
  }, [src, getToken]);
  return image;
}
