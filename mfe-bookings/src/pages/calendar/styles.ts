/**
 * Screen styles for FullCalendar. Its default fades other months' day numbers to 30%
 * opacity, too faint to read (WCAG contrast); they stay visibly secondary but legible.
 * On a phone a week's seven day headings get ~40px each, so weekday and date go on two lines.
 */
export const CALENDAR_CSS = `
.venue-calendar .fc .fc-day-other .fc-daygrid-day-top { opacity: 1; color: #5c5f66; }
@media (max-width: 600px) {
  .venue-calendar .fc .fc-col-header-cell-cushion { white-space: pre-line; font-size: 11px; padding: 2px 0; }
}
`;

/** The heading over the grid: month names spelled out, so it reads the same in any date format. */
export function viewTitle(viewType: string, start: Date, endExclusive: Date): string {
  const last = new Date(endExclusive.getTime() - 1);
  const day = (d: Date, opts: Intl.DateTimeFormatOptions) => d.toLocaleDateString('en-AU', opts);
  if (viewType === 'dayGridMonth') return day(start, { month: 'long', year: 'numeric' });
  if (viewType === 'timeGridDay')
    return day(start, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
  const sameMonth = start.getMonth() === last.getMonth() && start.getFullYear() === last.getFullYear();
  const from = day(
    start,
    sameMonth
      ? { day: 'numeric' }
      : {
          day: 'numeric',
          month: 'short',
          year: start.getFullYear() === last.getFullYear() ? undefined : 'numeric',
        },
  );
  return `${from} – ${day(last, { day: 'numeric', month: 'short', year: 'numeric' })}`;
}
