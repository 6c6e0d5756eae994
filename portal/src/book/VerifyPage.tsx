/**
 * `/book/<slug>/verify?token=…`: the link of the "Verify your e-mail" message. Spends the token
 * once (a second visit of the same link is told the request is already with the venue, as the
 * server answers) and says what happened.
 */
import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams, useSearchParams } from 'react-router';
import { publicApi, venuePath } from '../api/client.ts';
import { venueQuery } from '../api/queries.ts';
import { MadeBookings, SkippedDates } from './RequestDone.tsx';
import type { VerifyAnswer } from '../api/types.ts';
import { formatDateTime } from '@venue/ui/light';
import { ErrorMessage, Loading } from '../ui/states.tsx';
import { formatOf, VenueFormatContext, DEFAULT_FORMAT } from '../ui/venue-format.ts';

/** One verification per token per page: React's development double effects must not spend it twice. */
const spent = new Map<string, Promise<VerifyAnswer>>();

function verify(slug: string, token: string): Promise<VerifyAnswer> {
  let p = spent.get(token);
  if (!p) {
    p = publicApi.api<VerifyAnswer>(venuePath(slug, '/requests/verify'), { method: 'POST', body: { token } });
    spent.set(token, p);
  }
  return p;
}

type Outcome =
  { state: 'working' } | { state: 'done'; answer: VerifyAnswer } | { state: 'failed'; error: unknown };

export default function VerifyPage() {
  const { slug = '' } = useParams();
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const venue = useQuery(venueQuery(slug));
  const [outcome, setOutcome] = useState<Outcome>({ state: 'working' });
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (!token) return;
    let live = true;
    verify(slug, token).then(
      (answer) => live && setOutcome({ state: 'done', answer }),
      (error: unknown) => live && setOutcome({ state: 'failed', error }),
    );
    return () => {
      live = false;
    };
  }, [slug, token]);

  useEffect(() => {
    if (outcome.state !== 'working') heading.current?.focus();
  }, [outcome.state]);

  const fmt = venue.data ? formatOf(venue.data) : DEFAULT_FORMAT;
  const name = venue.data?.name ?? 'the venue';
  return (
    <VenueFormatContext.Provider value={fmt}>
      <main className="page narrow">
        {!token ? (
          <>
            <h1>This link is incomplete</h1>
            <p>Open the link from the e-mail again, or copy the whole address into the browser.</p>
          </>
        ) : outcome.state === 'working' ? (
          <>
            <h1>Confirming your e-mail</h1>
            <Loading label="Sending your request to the venue…" />
          </>
        ) : outcome.state === 'failed' ? (
          <>
            <h1 ref={heading} tabIndex={-1}>
              Your request could not be confirmed
            </h1>
            <ErrorMessage title="The venue's answer" error={outcome.error} />
          </>
        ) : (
          <>
            <h1 ref={heading} tabIndex={-1}>
              {outcome.answer.status === 'already' ? 'Already confirmed' : 'Request received'}
            </h1>
            <p>Thank you: your e-mail address is confirmed and {name} has your request.</p>
            <MadeBookings bookings={outcome.answer.bookings} fmt={fmt} />
            <p>{outcome.answer.message}</p>
            {outcome.answer.hold && outcome.answer.holdExpiresAt ? (
              <p>The time is held for you until {formatDateTime(outcome.answer.holdExpiresAt, fmt)}.</p>
            ) : (
              <p>Nothing is booked until the venue confirms it.</p>
            )}
            <SkippedDates skipped={outcome.answer.skipped} fmt={fmt} />
          </>
        )}
        <p className="actions">
          <Link className="button secondary" to={`/book/${encodeURIComponent(slug)}`}>
            Back to {name}’s booking page
          </Link>
          <Link className="button secondary" to={`/my?venue=${encodeURIComponent(slug)}`}>
            Your bookings
          </Link>
        </p>
      </main>
    </VenueFormatContext.Provider>
  );
}
