/**
 * Screen styles for FullCalendar. Its default fades other months' day numbers to 30%
 * opacity, too faint to read (WCAG contrast); they stay visibly secondary but legible.
 * On a phone a week's seven day headings get ~40px each, so weekday and date go on two lines.
 * Month-cell bookings wrap (FullCalendar keeps them on one line and cuts them to a few letters);
 * on a phone the time is left out so the name and event type get the cell's ~48px.
 * Block-outs and buffers are drawn in their shades as given (FullCalendar fades background
 * events to 30 %), so they match the legend and the resource view.
 */
export const CALENDAR_CSS = `
.venue-calendar .fc .fc-bg-event { opacity: 1; }
.venue-calendar .fc .fc-day-other .fc-daygrid-day-top { opacity: 1; color: #5c5f66; }
.venue-calendar .fc .fc-daygrid-event { white-space: normal; }
.venue-calendar .venue-month-event { padding: 1px 3px; line-height: 1.25; overflow-wrap: anywhere; }
.venue-calendar .venue-month-time { font-weight: 700; }
.venue-calendar .venue-month-type { display: block; opacity: 0.9; }
@media (max-width: 600px) {
  .venue-calendar .fc .fc-col-header-cell-cushion { white-space: pre-line; font-size: 11px; padding: 2px 0; }
  .venue-calendar .fc .fc-daygrid-event { margin-left: 1px; margin-right: 1px; }
  .venue-calendar .venue-month-event { padding: 1px; font-size: 10px; hyphens: auto; }
  .venue-calendar .venue-month-time { display: none; }
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
