/**
 * `/book/<slug>`: a venue's public booking page (issue 25 items 1 and 2). The venue, its
 * resources as cards, a free/busy calendar per resource, and the request form for the slot
 * picked. `?embed=1` leaves out the page's header and footer and tells the parent page its
 * height (the venue's website frames it: embed/embed.ts).
 */
import { lazy, Suspense, useEffect, useRef, useState, type RefObject } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams, useSearchParams } from 'react-router';
import { venueQuery } from '../api/queries.ts';
import type { PublicResource, RequestAnswer, Slot, VenueProfile } from '../api/types.ts';
import { ErrorMessage, Loading } from '../ui/states.tsx';
import { formatOf, VenueFormatContext } from '../ui/venue-format.ts';
import { useEmbedHeight } from '../embed/embed-height.ts';
import { rememberVenue } from '../my/remembered-venue.ts';
import { AvailabilityCalendar } from './AvailabilityCalendar.tsx';
import { ResourceCard } from './ResourceCard.tsx';
import { RequestDone } from './RequestDone.tsx';
import { VenueHeader } from './VenueHeader.tsx';

const RequestForm = lazy(() => import('./RequestForm.tsx'));

export interface PickedSlot extends Slot {
  resourceId: string;
}

export default function BookPage() {
  const { slug = '' } = useParams();
  const [search] = useSearchParams();
  const embed = search.get('embed') === '1';
  useEmbedHeight(embed);
  const venue = useQuery(venueQuery(slug));

  useEffect(() => {
    if (venue.data) {
      document.title = `Book ${venue.data.name}`;
      rememberVenue(slug);
    }
  }, [venue.data, slug]);

  return (
    <div className={embed ? 'embedded' : undefined}>
      {venue.isPending ? (
        <main className="page">
          <Loading label="Loading the venue…" />
        </main>
      ) : venue.isError ? (
        <main className="page narrow">
          <h1>Book online</h1>
          <ErrorMessage
            title="This booking page is not available"
            error={venue.error}
            onRetry={() => void venue.refetch()}
          />
        </main>
      ) : (
        <VenueFormatContext.Provider value={formatOf(venue.data)}>
          <Booking venue={venue.data} embed={embed} />
        </VenueFormatContext.Provider>
      )}
    </div>
  );
}

function Booking({ venue, embed }: { venue: VenueProfile; embed: boolean }) {
  const [resourceId, setResourceId] = useState(venue.resources[0]?.id ?? '');
  const [picked, setPicked] = useState<PickedSlot | null>(null);
  const [done, setDone] = useState<{ answer: RequestAnswer; email: string } | null>(null);
  const calendarRef = useRef<HTMLElement>(null);
  const resource = venue.resources.find((r) => r.id === resourceId);

  const showCalendar = (id: string) => {
    setResourceId(id);
    setPicked(null);
    requestAnimationFrame(() => calendarRef.current?.querySelector<HTMLElement>('h2')?.focus());
  };

  return (
    <>
      {!embed && <VenueHeader venue={venue} />}
      <main className="page" id="main">
        {embed && <h1 className="embedded-title">Book {venue.name}</h1>}
        {done ? (
          <RequestDone venue={venue} answer={done.answer} email={done.email} onAgain={() => setDone(null)} />
        ) : venue.resources.length === 0 ? (
          <p className="state state-empty">
            {venue.name} has no spaces open for online requests at the moment.
          </p>
        ) : (
          <>
            {!picked && <Spaces venue={venue} resourceId={resourceId} onShowAvailability={showCalendar} />}
            {resource && !picked && (
              <CalendarSection
                sectionRef={calendarRef}
                venue={venue}
                resource={resource}
                onPick={(slot) => setPicked({ ...slot, resourceId: resource.id })}
              />
            )}
            {picked && (
              <Suspense fallback={<Loading label="Loading the request form…" />}>
                <RequestForm
                  venue={venue}
                  initial={picked}
                  onChangeTime={(id) => {
                    setPicked(null);
                    if (id) setResourceId(id);
                  }}
                  onDone={(answer, email) => {
                    setPicked(null);
                    setDone({ answer, email });
                  }}
                />
              </Suspense>
            )}
          </>
        )}
      </main>
      {!embed && (
        <footer className="page-footer">
          <Link to={`/my?venue=${encodeURIComponent(venue.slug)}`}>Your bookings with {venue.name}</Link>
        </footer>
      )}
    </>
  );
}

/** The venue's spaces, each with its way to the availability calendar. */
function Spaces({
  venue,
  resourceId,
  onShowAvailability,
}: {
  venue: VenueProfile;
  resourceId: string;
  onShowAvailability: (id: string) => void;
}) {
  return (
    <section aria-labelledby="spaces-heading">
      <h2 id="spaces-heading">Our spaces</h2>
      <ul className="cards">
        {venue.resources.map((r) => (
          <li key={r.id}>
            <ResourceCard
              resource={r}
              selected={r.id === resourceId}
              onShowAvailability={() => onShowAvailability(r.id)}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The chosen space's calendar; its heading takes the focus when a space is chosen. */
function CalendarSection({
  sectionRef,
  venue,
  resource,
  onPick,
}: {
  sectionRef: RefObject<HTMLElement | null>;
  venue: VenueProfile;
  resource: PublicResource;
  onPick: (slot: Slot) => void;
}) {
  return (
    <section ref={sectionRef} aria-labelledby="calendar-heading" className="calendar-section">
      <h2 id="calendar-heading" tabIndex={-1}>
        Availability: {resource.name}
      </h2>
      <AvailabilityCalendar slug={venue.slug} resource={resource} online={venue.online} onPick={onPick} />
    </section>
  );
}
