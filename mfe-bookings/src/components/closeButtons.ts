/** Mantine's close icons have no text; these give screen readers a name for them. */
export const CLOSE_DIALOG = { 'aria-label': 'Close dialog' };
export const CLOSE_DETAILS = { 'aria-label': 'Close details' };
