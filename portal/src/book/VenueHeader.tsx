import type { VenueProfile } from '../api/types.ts';

/** The venue's name, logo and how to reach it. */
export function VenueHeader({ venue }: { venue: VenueProfile }) {
  const { phone, email, address } = venue.contact;
  return (
    <header className="venue-header">
      <div className="venue-header-inner">
        {venue.logoUrl && <img className="venue-logo" src={venue.logoUrl} alt="" width={56} height={56} />}
        <div>
          <h1>{venue.name}</h1>
          <p className="venue-tagline">Request a booking online</p>
        </div>
      </div>
      {(phone || email || address) && (
        <address className="venue-contact">
          {phone && (
            <a href={`tel:${phone.replace(/[^\d+]/g, '')}`}>
              <span className="visually-hidden">Phone: </span>
              {phone}
            </a>
          )}
          {email && (
            <a href={`mailto:${email}`}>
              <span className="visually-hidden">E-mail: </span>
              {email}
            </a>
          )}
          {address && <span>{address}</span>}
        </address>
      )}
    </header>
  );
}
