/** RFC 5545 §3.1: a content line's octets, not counting its CRLF. */
const LINE_OCTETS = 75;

/**
 * One iCalendar content line folded as RFC 5545 §3.1 asks: at most 75 octets a line, the space
 * that starts a continuation line counted among them, split between characters (code points),
 * never inside a character's UTF-8 octets. The catalogue's feeds and bookings' customer file
 * fold the same way.
 */
export function foldIcsLine(line: string): string {
  const parts: string[] = [];
  let part = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char, 'utf8');
    if (octets + size > LINE_OCTETS) {
      parts.push(part);
      part = ' ';
      octets = 1;
    }
    part += char;
    octets += size;
  }
  parts.push(part);
  return parts.join('\r\n');
}
