import { blockoutFormProblems } from '@venue/contracts';
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

/** The §5 bulk block-out messages (the service's own rules), every one at once. */
export function validateBlockout(b: BlockoutInput): string[] {
  return blockoutFormProblems(b).map((p) => p.message);
}
