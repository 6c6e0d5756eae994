import type { PublicResource } from '../api/types.ts';

/** A bookable space: what it is, what it holds and what it costs, in the venue's words. */
export function ResourceCard({
  resource,
  selected,
  onShowAvailability,
}: {
  resource: PublicResource;
  selected: boolean;
  onShowAvailability: () => void;
}) {
  const headingId = `resource-${resource.id}`;
  return (
    <article className={selected ? 'card resource selected' : 'card resource'} aria-labelledby={headingId}>
      {resource.photoUrl && (
        <img
          className="resource-photo"
          src={resource.photoUrl}
          alt={`Photo of ${resource.name}`}
          loading="lazy"
        />
      )}
      <div className="card-body">
        <h3 id={headingId}>{resource.name}</h3>
        <p className="resource-facts">
          {resource.capacity > 0 && <span>Up to {resource.capacity.toLocaleString('en-AU')} guests</span>}
          {resource.rateInWords && <span>{resource.rateInWords}</span>}
        </p>
        {resource.description && <p>{resource.description}</p>}
        {resource.equipment.length > 0 && (
          <>
            <h4 className="small-heading">Equipment</h4>
            <ul className="tags">
              {resource.equipment.map((e) => (
                <li key={e}>{e}</li>
              ))}
            </ul>
          </>
        )}
        <button
          type="button"
          className={selected ? 'button secondary' : 'button'}
          aria-pressed={selected}
          onClick={onShowAvailability}
        >
          See availability<span className="visually-hidden"> of {resource.name}</span>
        </button>
      </div>
    </article>
  );
}
