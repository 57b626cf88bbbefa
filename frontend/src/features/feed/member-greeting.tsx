import { displayName, type CurrentUser } from '@daybreak/contracts';
import { useQuery } from '@tanstack/react-query';
import { Flame, Sunrise } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { statisticsQueryOptions } from '@/features/streaks/queries';
import { formatClock, hourIn, isEarlyBirdHour, partOfDay } from '@/lib/time';
import { useHydrated } from '@/lib/use-hydrated';
import { useNow } from '@/lib/use-now';

export function greetingFor(
  user: Pick<CurrentUser, 'firstName' | 'lastName' | 'profileName'>,
  hour: number,
): string {
  const name = user.firstName?.trim() || displayName(user);
  return `Good ${partOfDay(hour)}, ${name}`;
}

export function MemberGreeting({ user }: { user: CurrentUser }) {
  const now = useNow(30_000);
  // The server knows no device: it writes the member's stored zone, and so does hydration.
  const zone = useHydrated() ? undefined : (user.timezone ?? 'UTC');
  const hour = hourIn(now, zone);
  // The streaks service may not be up: any failure reads as a streak of 0 rather than an error.
  const statistics = useQuery(statisticsQueryOptions(user.id));
  const streak = statistics.data?.currentStreak ?? 0;

  return (
    <section
      className="relative overflow-hidden rounded-2xl bg-gradient-to-br from-night-raised via-night-raised to-orange-900 p-5 text-on-night shadow-sm"
      data-testid="greeting"
    >
      <div
        aria-hidden="true"
        className="absolute -right-10 -bottom-16 size-48 rounded-full bg-gradient-to-t from-orange-500 to-amber-300 opacity-40 blur-2xl"
      />
      <div className="relative flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-black tracking-tight" data-testid="greeting-text">
            {greetingFor(user, hour)}
          </h1>
          <p className="mt-1 text-sm text-on-night-muted">
            It's <time data-testid="local-time">{formatClock(now, zone)}</time> where you are.
          </p>
        </div>
        <Badge variant="sunrise" size="md" data-testid="streak-badge">
          <Flame className="size-3.5" aria-hidden="true" />
          {streak} DAY STREAK
        </Badge>
      </div>
      {isEarlyBirdHour(hour) && (
        <p
          className="relative mt-4 flex items-center gap-2 rounded-xl bg-amber-400/15 px-3 py-2 text-sm font-semibold text-amber-200"
          data-testid="optimal-window-hint"
        >
          <Sunrise className="size-4 shrink-0" aria-hidden="true" />
          You're in the optimal window! Share your morning between 5 and 7 AM.
        </p>
      )}
    </section>
  );
}
