import { WEEKDAYS, type OpeningHours, type Weekday } from '@venue/contracts';

/** Opening hours as the catalogue sends them: every day from `open` to `close`, the `closed` days closed. */
export function openHours(open: string, close: string, closed: Weekday[] = []): OpeningHours {
  return Object.fromEntries(
    WEEKDAYS.map((d) => [d, { open, close, closed: closed.includes(d) }]),
  ) as OpeningHours;
}
