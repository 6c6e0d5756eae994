/**
 * Bulk block-out rules (spec 03 §5): the messages and the order of the period's ends. The
 * catalogue service adds the wire checks (ids, date and time formats) around them.
 */
import type { FieldProblem } from './field-problem.ts';

export const SELECT_RESOURCE_MESSAGE = 'Please select at least one resource';
export const START_DATE_MESSAGE = 'Start date is required';
export const END_DATE_MESSAGE = 'End date is required';

/**
 * How a bulk block-out over several days is laid out: `daily` makes one block-out per day for
 * the clock times given (15–16 Feb, 08:00–12:00 → two mornings), `continuous` one period from
 * the start date and time to the end date and time (a 28-hour block in that example).
 */
export const BLOCKOUT_SPANS = ['daily', 'continuous'] as const;
export type BlockoutSpan = (typeof BLOCKOUT_SPANS)[number];
/** One block-out per day for at most a year; a longer closure is one continuous period. */
export const MAX_DAILY_BLOCKOUT_DAYS = 366;

export interface BlockoutPeriod {
  dateFrom: string;
  dateTo: string;
  timeFrom: string;
  timeTo: string;
  /** Absent: one period (the single form, an edit). */
  span?: BlockoutSpan;
}

/** Days from `dateFrom` to `dateTo`, both counted (yyyy-MM-dd; calendar arithmetic, no zone). */
export function blockoutDayCount(dateFrom: string, dateTo: string): number {
  const ms = Date.parse(`${dateTo}T00:00:00Z`) - Date.parse(`${dateFrom}T00:00:00Z`);
  return Math.round(ms / 86_400_000) + 1;
}

/**
 * A block-out is one period: the end date may not precede the start, nor on one day the end
 * time. Laid out per day, each day runs from the start time to the end time, so the end time
 * must come after the start time whatever the dates.
 */
export function blockoutPeriodProblem(b: BlockoutPeriod): FieldProblem | null {
  if (b.dateTo < b.dateFrom) return { path: 'dateTo', message: 'End date must be after start date' };
  const daily = b.span === 'daily' && b.dateTo !== b.dateFrom;
  if ((b.dateTo === b.dateFrom || daily) && b.timeTo <= b.timeFrom)
    return {
      path: 'timeTo',
      message: daily
        ? 'End time must be after start time on each day (choose Continuous for a period across midnight)'
        : 'End time must be after start time',
    };
  if (daily && blockoutDayCount(b.dateFrom, b.dateTo) > MAX_DAILY_BLOCKOUT_DAYS)
    return {
      path: 'dateTo',
      message: `One block-out per day covers at most ${MAX_DAILY_BLOCKOUT_DAYS} days; choose Continuous for a longer period`,
    };
  return null;
}

/** Every broken rule of the form, in the spec's order (the dialog lists them all). */
export function blockoutFormProblems(b: BlockoutPeriod & { resourceIds: readonly string[] }): FieldProblem[] {
  const problems: FieldProblem[] = [];
  if (b.resourceIds.length === 0) problems.push({ path: 'resourceIds', message: SELECT_RESOURCE_MESSAGE });
  if (!b.dateFrom) problems.push({ path: 'dateFrom', message: START_DATE_MESSAGE });
  if (!b.dateTo) problems.push({ path: 'dateTo', message: END_DATE_MESSAGE });
  if (b.dateFrom && b.dateTo) {
    const period = blockoutPeriodProblem(b);
    if (period) problems.push(period);
  }
  return problems;
}
