/**
 * Answers of the bookings service (bookings, holds, calendar, customers), as it sends them.
 * Taken from the service's serialisers (booking-row.ts, customer-directory.ts, …); the contract
 * test (services/bookings/src/api-contract.test.ts) checks real answers against them. Money in cents; the
 * dollar fields beside some cents fields are the specification's own names, kept for old clients.
 */
// By resource: the bookings' answers, then the customers' (which name a booking's status).
export * from './booking-responses.ts';
export * from './customer-responses.ts';
