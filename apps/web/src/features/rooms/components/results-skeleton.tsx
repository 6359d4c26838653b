/** Placeholders with the shape and size of room cards, so nothing moves when the results arrive. */
export function ResultsSkeleton({ count = 2 }: { count?: number }) {
  return (
    <div className="results-skeleton" aria-hidden="true">
      <div className="skeleton slot-heading-skeleton" />
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <div key={i} className="room-card card room-card--skeleton">
          <div className="gallery">
            <div className="gallery__frame skeleton" />
          </div>
          <div className="room-card__info">
            <div className="skeleton skeleton-line skeleton-line--title" />
            <div className="skeleton skeleton-line" />
            <div className="skeleton skeleton-line skeleton-line--short" />
          </div>
          <div className="room-card__rates">
            <div className="skeleton rate-skeleton" />
            <div className="skeleton rate-skeleton" />
          </div>
        </div>
      ))}
    </div>
  );
}
