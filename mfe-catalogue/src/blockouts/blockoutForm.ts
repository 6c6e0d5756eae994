import type { BlockoutInput } from '../api/types.ts';

/** Spec 03 §9 defaults for a new block-out. */
export function emptyBlockout(resourceIds: string[] = []): BlockoutInput {
  return {
    resourceIds,
    dateFrom: '',
    dateTo: '',
    timeFrom: '09:00',
    timeTo: '17:00',
    reason: 'Maintenance',
    notes: '',
  };
}

/** The §5 bulk block-out messages; a block-out is one period from start to end. */
export function validateBlockout(b: BlockoutInput): string[] {
  const errors: string[] = [];
  if (b.resourceIds.length === 0) errors.push('Please select at least one resource');
  if (!b.dateFrom) errors.push('Start date is required');
  if (!b.dateTo) errors.push('End date is required');
  if (b.dateFrom && b.dateTo) {
    if (b.dateFrom > b.dateTo) errors.push('End date must be after start date');
    else if (b.dateFrom === b.dateTo && !(b.timeFrom < b.timeTo))
      errors.push('End time must be after start time');
  }
  return errors;
}
