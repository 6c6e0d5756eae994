/**
 * Where a booking is found by its code: the bookings list, searched for it (`?q=`), as a link
 * from an accepted quotation to the booking it made (issue 24 item 9).
 */
export const bookingPath = (code: string) => `/BookingsAll?q=${encodeURIComponent(code)}`;
