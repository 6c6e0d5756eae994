/**
 * Bulk block-out rules (spec 03 §5): the messages and the order of the period's ends. The
 * catalogue service adds the wire checks (ids, date and time formats) around them.
 */
import type { FieldProblem } from './field-problem.ts';

export const SELECT_RESOURCE_MESSAGE = 'Please select at least one resource';
export const START_DATE_MESSAGE = 'Start date is required';
export const END_DATE_MESSAGE = 'End date is required';

export interface BlockoutPeriod {
  dateFrom: string;
  dateTo: string;
  timeFrom: string;
  timeTo: string;
}

/** A block-out is one period: the end date may not precede the start, nor on one day the end time. */
export function blockoutPeriodProblem(b: BlockoutPeriod): FieldProblem | null {
  if (b.dateTo < b.dateFrom) return { path: 'dateTo', message: 'End date must be after start date' };
  if (b.dateTo === b.dateFrom && b.timeTo <= b.timeFrom)
    return { path: 'timeTo', message: 'End time must be after start time' };
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
