import { blockoutDayCount, blockoutFormProblems } from '@venue/contracts';
import type { BlockoutInput } from '../api/types.ts';

/** Spec 03 §9 defaults for a new block-out; several days make one block-out per day. */
export function emptyBlockout(resourceIds: string[] = []): BlockoutInput {
  return {
    resourceIds,
    dateFrom: '',
    dateTo: '',
    timeFrom: '09:00',
    timeTo: '17:00',
    reason: 'Maintenance',
    notes: '',
    span: 'daily',
  };
}

/** The §5 bulk block-out messages (the service's own rules), every one at once. */
export function validateBlockout(b: BlockoutInput): string[] {
  return blockoutFormProblems(b).map((p) => p.message);
}

/**
 * What saving will create, in words (null until both dates are given in order): the dialog
 * shows it so a two-day period is never a surprise 28-hour block. `date` and `time` format a
 * yyyy-MM-dd and an HH:mm the way the tenant reads them.
 */
export function blockoutSummary(
  b: Pick<BlockoutInput, 'dateFrom' | 'dateTo' | 'timeFrom' | 'timeTo' | 'span'>,
  date: (d: string) => string,
  time: (t: string) => string,
): string | null {
  if (!b.dateFrom || !b.dateTo || b.dateTo < b.dateFrom) return null;
  const hours = `${time(b.timeFrom)}–${time(b.timeTo)}`;
  if (b.dateFrom === b.dateTo) return `Creates one block-out on ${date(b.dateFrom)}, ${hours}.`;
  if (b.span === 'continuous')
    return `Creates one continuous block-out from ${date(b.dateFrom)} ${time(b.timeFrom)} to ${date(b.dateTo)} ${time(b.timeTo)}.`;
  const days = blockoutDayCount(b.dateFrom, b.dateTo);
  return `Creates one block-out per day, ${hours}, on each of the ${days} days from ${date(b.dateFrom)} to ${date(b.dateTo)}.`;
}
