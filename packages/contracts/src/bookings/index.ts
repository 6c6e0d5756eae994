// `@venue/contracts/bookings`: the bookings service's answers and requests, and its route table.
export * from './values.ts';
export * from './responses.ts';
export * from './requests.ts';
export * from './booking-body.ts';
export * from './routes.ts';
export * from './blockout-reservations.ts';
export * from './door.ts';
