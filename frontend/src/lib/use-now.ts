import { useEffect, useState } from 'react';
import { renderClockNow } from '@/lib/render-clock';
import { useHydrated } from '@/lib/use-hydrated';

/** The current time, refreshed every `intervalMs`, for clocks and relative times that must tick. */
export function useNow(intervalMs = 60_000): Date {
  const [now, setNow] = useState(() => new Date());
  // The server's render and the hydration of it write times against the instant it was rendered at.
  const hydrated = useHydrated();
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return hydrated ? now : renderClockNow();
}
