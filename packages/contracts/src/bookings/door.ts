/**
 * The customer's door in the bookings service (issue 25, decision 56): what a visitor of a
 * venue's booking page asks (availability, a quote, a request, its e-mail verification), what a
 * signed-in customer asks of their own bookings (portal), and the staff calls beside them (the
 * booking's documents, the side menu's count of waiting requests). The service parses with these
 * schemas and answers their types; the portal app takes its types from here.
 *
 * Public answers carry nothing of other customers: availability is busy intervals only (no ids,
 * names, statuses or amounts), a refused slot names the reason and offers free times.
 */
// The pieces by who asks: the limits and messages (door-values.ts), a venue's visitors
// (door-public.ts), its signed-in customers and the staff beside them (door-portal.ts).
export * from './door-values.ts';
export * from './door-public.ts';
export * from './door-portal.ts';
