/**
 * Grey placeholder lines in the shape of what is loading. The label is the part screen readers hear
 * (a polite status); the lines are decoration.
 */
export function LoadingSkeleton({ label, lines = 4 }: { label: string; lines?: number }) {
  return (
    <div className="loading-skeleton" role="status">
      <p className="loading-skeleton__label">{label}</p>
      <div className="loading-skeleton__lines" aria-hidden="true">
        {Array.from({ length: lines }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: identical decorative lines; their position is their identity
          <span key={index} className="loading-skeleton__line" />
        ))}
      </div>
    </div>
  )
}
