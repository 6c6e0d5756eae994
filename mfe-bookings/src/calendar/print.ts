/**
 * Printing the calendar: only the calendar grid and its title. The shell's navigation is
 * hidden by element type because this remote cannot add classes to the shell.
 */
export const PRINT_CSS = `
@media print {
  nav, header, aside, .no-print, [data-testid="sidebar"] { display: none !important; }
  .venue-calendar { width: 100%; }
  .venue-calendar .fc { font-size: 10px; }
  .venue-calendar .fc-event { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
}
`;
