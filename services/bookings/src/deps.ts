import type { BookingClients } from './remote/clients.ts';

/** What every feature gets from the composition root; tests pass fakes for both. */
export interface Deps {
  clients: BookingClients;
  now: () => Date;
}
