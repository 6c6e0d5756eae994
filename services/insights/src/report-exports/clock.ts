/**
 * The exports' and schedules' clock. Tests set `now` so a file's date, its range and a schedule's
 * next send can be worked out by hand; nothing else changes it.
 */
export const exportClock = { now: (): Date => new Date() };
