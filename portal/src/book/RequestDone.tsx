import { useEffect, useRef } from 'react';
import type { RequestAnswer, VenueProfile } from '../api/types.ts';
import { longDayLabel } from '../ui/labels.ts';
import { useVenueFormat } from '../ui/venue-format.ts';

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
          <p>
            We sent a link to <strong>{email}</strong>. Your request reaches {venue.name} once you open it.
          </p>
          <p className="hint">No e-mail? Look in your spam folder, or send the request again.</p>
        </>
      ) : (
        <>
          <h2 id="done-heading" ref={heading} tabIndex={-1}>
            Request received
          </h2>
          <p>
            {venue.name} has your request
            {answer.bookings.length === 1 ? (
              <>
                {' '}
                <strong>{answer.bookings[0]!.code}</strong> for {longDayLabel(answer.bookings[0]!.date, fmt)}
              </>
            ) : (
              <> for {answer.bookings.length} dates</>
            )}
            . {answer.hold ? 'The time is held for you for 24 hours while they review it.' : ''} You will hear
            from them by e-mail.
          </p>
          {answer.bookings.length > 1 && (
            <ul>
              {answer.bookings.map((b) => (
                <li key={b.code}>
                  {b.code}: {longDayLabel(b.date, fmt)}
                </li>
              ))}
            </ul>
          )}
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
