import { useEffect, useRef } from 'react';
import { formatDateTime } from '@venue/ui/light';
import type { MadeBooking, PublicOccurrence, RequestAnswer, VenueProfile } from '../api/types.ts';
import { longDayLabel, timeRange } from '../ui/labels.ts';
import { useVenueFormat, type VenueFormat } from '../ui/venue-format.ts';

/** What happened to a sent request: an e-mail to confirm first, or the request is with the venue. */
export function RequestDone({
  venue,
  answer,
  email,
  onAgain,
}: {
  venue: VenueProfile;
  answer: RequestAnswer;
  email: string;
  onAgain: () => void;
}) {
  const fmt = useVenueFormat();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="done" aria-labelledby="done-heading">
      {answer.status === 'verify' ? (
        <>
          <h2 id="done-heading" ref={heading} tabIndex={-1}>
            Check your e-mail to confirm
          </h2>
          <p>{answer.message}</p>
          <p>
            The link went to <strong>{email}</strong>. Your request reaches {venue.name} once you open it.
          </p>
          <p className="hint">No e-mail? Look in your spam folder, or send the request again.</p>
        </>
      ) : (
        <>
          <h2 id="done-heading" ref={heading} tabIndex={-1}>
            Request received
          </h2>
          <p>{answer.message}</p>
          <MadeBookings bookings={answer.bookings} fmt={fmt} />
          {answer.hold && answer.holdExpiresAt && (
            <p>The time is held for you until {formatDateTime(answer.holdExpiresAt, fmt)}.</p>
          )}
          <SkippedDates skipped={answer.skipped} fmt={fmt} />
        </>
      )}
      <p className="actions">
        <button type="button" className="button secondary" onClick={onAgain}>
          Make another request
        </button>
        <a className="button secondary" href={`/my?venue=${encodeURIComponent(venue.slug)}`}>
          Your bookings
        </a>
      </p>
    </section>
  );
}

/** The booking(s) a request made: code, space, day and times. */
export function MadeBookings({ bookings, fmt }: { bookings: MadeBooking[]; fmt: VenueFormat }) {
  return (
    <ul className="plain-list">
      {bookings.map((b) => (
        <li key={b.code}>
          <strong>{b.code}</strong>: {b.resourceName}, {longDayLabel(b.date, fmt)},{' '}
          {timeRange(b.startTime, b.endTime, fmt)}
        </li>
      ))}
    </ul>
  );
}

/** The dates of a repeat that were not free, and why (never whose). */
export function SkippedDates({ skipped, fmt }: { skipped: PublicOccurrence[]; fmt: VenueFormat }) {
  if (skipped.length === 0) return null;
  return (
    <>
      <p>These dates were not free, so they were not requested:</p>
      <ul className="plain-list">
        {skipped.map((o) => (
          <li key={o.date}>
            {longDayLabel(o.date, fmt)}
            {o.clash ? `: ${o.clash}` : ''}
          </li>
        ))}
      </ul>
    </>
  );
}
