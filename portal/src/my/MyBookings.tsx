/** `/my`: the customer's bookings at this venue, newest event first, with their statuses. */
import { useQuery } from '@tanstack/react-query';
import { formatMoney } from '@venue/ui/light';
import { Link } from 'react-router';
import { portalApi } from '../api/client.ts';
import type { PortalBooking } from '../api/types.ts';
import { longDayLabel, timeRange } from '../ui/labels.ts';
import { Empty, ErrorMessage, Loading } from '../ui/states.tsx';
import { useVenueFormat } from '../ui/venue-format.ts';
import { bookingStatus } from './labels.ts';
import { PortalFrame } from './PortalFrame.tsx';

export const bookingsQuery = {
  queryKey: ['portal', 'bookings'],
  queryFn: () => portalApi.api<{ bookings: PortalBooking[] }>('/api/portal/bookings'),
};

export default function MyBookings() {
  return (
    <PortalFrame title="Your bookings">
      <BookingList />
    </PortalFrame>
  );
}

function BookingList() {
  const fmt = useVenueFormat();
  const bookings = useQuery(bookingsQuery);
  if (bookings.isPending) return <Loading label="Loading your bookings…" />;
  if (bookings.isError)
    return <ErrorMessage error={bookings.error} onRetry={() => void bookings.refetch()} />;
  if (bookings.data.bookings.length === 0) return <Empty>You have no bookings with this venue yet.</Empty>;
  return (
    <ul className="cards list">
      {bookings.data.bookings.map((b) => (
        <li key={b.id}>
          <article className="card" aria-labelledby={`booking-${b.id}`}>
            <div className="card-body">
              <h2 id={`booking-${b.id}`} className="card-title">
                <Link to={`/my/bookings/${encodeURIComponent(b.id)}`}>
                  {b.resourceName}, {longDayLabel(b.date, fmt)}
                </Link>
              </h2>
              <p className="resource-facts">
                <span>{timeRange(b.startTime, b.endTime, fmt)}</span>
                <span>{b.code}</span>
                <span>{formatMoney(b.totalCents, fmt)}</span>
              </p>
              <p>
                <span className={`status status-${b.status}`}>{bookingStatus(b, fmt)}</span>
              </p>
              {b.documentsNeeded.length > 0 && b.status !== 'cancelled' && (
                <p className="hint">The venue needs documents from you for this booking.</p>
              )}
            </div>
          </article>
        </li>
      ))}
    </ul>
  );
}
