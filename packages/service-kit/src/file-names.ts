/**
 * A file name as a person's upload or attachment gave it, safe to store and to send on in a
 * header (bookings' documents, comms' attachments): no path, no control characters, none of the
 * ones mail headers and file systems trip over (a backslash is a path's and goes with it), at
 * most its last 200 characters; `fallback` when nothing is left.
 */
export function cleanFileName(name: string, fallback: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const clean = [...base]
    .filter((ch) => ch.charCodeAt(0) > 0x1f && ch.charCodeAt(0) !== 0x7f && !'"<>|'.includes(ch))
    .join('')
    .trim()
    .slice(-200);
  return clean || fallback;
}
