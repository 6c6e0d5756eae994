/**
 * A venue-local 'HH:mm' (a wall-clock time, never shifted by a zone) in the user's 12h/24h
 * setting, worded as the shared formatters word instants ("9:00 AM" / "09:00").
 */
export function wallClock(hhmm: string, timeFormat: '12h' | '24h' = '12h'): string {
  const m = /^(\d{1,2}):(\d{2})/.exec(hhmm);
  if (!m) return hhmm;
  const hour = Number(m[1]);
  if (timeFormat === '24h') return `${String(hour).padStart(2, '0')}:${m[2]}`;
  return `${hour % 12 || 12}:${m[2]} ${hour < 12 ? 'AM' : 'PM'}`;
}
