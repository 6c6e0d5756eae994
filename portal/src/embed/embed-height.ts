/**
 * In a frame on the venue's website (`?embed=1`), the page tells its parent how tall it is
 * whenever that changes, so embed.js can size the frame with no inner scroll bar. The height is
 * all it says (no visitor data), so any parent may hear it.
 */
import { useEffect } from 'react';

export const HEIGHT_MESSAGE = 'venuedesk:height';

export function useEmbedHeight(embedded: boolean): void {
  useEffect(() => {
    if (!embedded || window.parent === window) return;
    let last = 0;
    // The app's own box, not the document's: a document is never shorter than its frame, so
    // its height would only ever grow.
    const root = document.getElementById('root') ?? document.body;
    const post = () => {
      const height = Math.ceil(root.getBoundingClientRect().height);
      if (height === last) return;
      last = height;
      window.parent.postMessage({ type: HEIGHT_MESSAGE, height }, '*');
    };
    post();
    const observer = new ResizeObserver(post);
    observer.observe(root);
    return () => observer.disconnect();
  }, [embedded]);
}
