export const STATUSES = ['pending', 'tentative', 'confirmed', 'completed', 'cancelled', 'expired'] as const;
export type BookingStatus = (typeof STATUSES)[number];
export const isStatus = (s: string): s is BookingStatus => (STATUSES as readonly string[]).includes(s);

/** Statuses that hold their time on the resource (the issue adds tentative holds to the spec's two). */
export const BLOCKING: readonly BookingStatus[] = ['pending', 'tentative', 'confirmed'];

export const TRANSITIONS: Record<BookingStatus, readonly BookingStatus[]> = {
  pending: ['tentative', 'confirmed', 'cancelled'],
  tentative: ['confirmed', 'cancelled', 'expired'],
  confirmed: ['completed', 'cancelled'],
  completed: [],
  cancelled: [],
  expired: [],
};

export function canTransition(from: BookingStatus, to: BookingStatus): boolean {
  return TRANSITIONS[from].includes(to);
}

export const isBlocking = (s: string) => (BLOCKING as readonly string[]).includes(s);

/** What a move to each status is called in a refusal ("already confirmed by someone else"). */
const DONE: Record<string, string> = {
  pending: 'reopened',
  tentative: 'accepted',
  confirmed: 'confirmed',
  completed: 'completed',
  cancelled: 'cancelled',
  expired: 'expired',
};

/**
 * The refusal of a move the booking's current status does not allow. Asking for the status it
 * already has almost always means another user (or tab) got there first, so it says so.
 */
export function transitionRefusal(from: string, to: string): string {
  if (from === to) return alreadyDone(to);
  return `Cannot change a ${from} booking to ${to}.`;
}

export function alreadyDone(status: string): string {
  return `This booking was already ${DONE[status] ?? 'changed'} by someone else; it is ${status} now.`;
}

/**
 * The loser of a race: the booking's status changed between reading it and writing (the
 * conditional update matched no row, or the row lock found another status). `now` is the
 * status the winner left; `to` what this request wanted.
 */
export function changedMeanwhile(now: string, to?: string): string {
  if (to === now) return alreadyDone(now);
  if (now in DONE && now !== 'pending')
    return `This booking was ${DONE[now]} by someone else meanwhile; it is ${now} now. Reload and try again.`;
  return `This booking was changed by someone else meanwhile; it is ${now} now. Reload and try again.`;
}
