/** The shape of a page while its code or texts load: reserves space so nothing jumps (no layout shift). */
export function PageSkeleton() {
  return (
    <div className="page-skeleton" aria-busy="true">
      <div className="skeleton skeleton-header" />
      <div className="skeleton skeleton-bar" />
      <div className="skeleton skeleton-card" />
      <div className="skeleton skeleton-card" />
    </div>
  );
}
