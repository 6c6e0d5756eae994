/**
 * A part of a page fetched on first intent (pointing at it, focusing it) rather than with the
 * page, asked for once however often the intent repeats; a failed fetch (a chunk that did not
 * arrive) is asked for again the next time. Written once (issue 28 item 4) for the stand-ins that
 * keep a heavy field off a page's first paint. Imported as `@venue/ui/load-once`.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | null = null;
  return () =>
    (pending ??= load().catch((error: unknown) => {
      pending = null;
      throw error;
    }));
}
