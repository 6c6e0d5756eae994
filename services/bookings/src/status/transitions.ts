export const STATUSES = ['pending', 'tentative', 'confirmed', 'completed', 'cancelled', 'expired'] as const;
export type BookingStatus = (typeof STATUSES)[number];

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

export function transitionRefusal(from: string, to: string): string {
  return `Cannot change a ${from} booking to ${to}.`;
}
