/** The sunrise mark: a half sun on the horizon. `className` sets its size (`size-8` unless given). */
export function BrandMark({ className = 'size-8' }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={className}>
      <defs>
        <linearGradient id="daybreak-sun" x1="0" y1="1" x2="0" y2="0">
          <stop offset="0" stopColor="#f97316" />
          <stop offset="1" stopColor="#fbbf24" />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="8" fill="#1c1917" />
      <path d="M6 22a10 10 0 0 1 20 0z" fill="url(#daybreak-sun)" />
      <rect x="4" y="23" width="24" height="2" rx="1" fill="#fbbf24" />
    </svg>
  );
}
