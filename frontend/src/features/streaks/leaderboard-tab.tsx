import { useQuery } from '@tanstack/react-query';
import { UserPlus, Users } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { TryAgainButton } from '@/components/ui/try-again-button';
import { useAuth } from '@/features/auth/use-auth';
import { LeaderboardRow } from './leaderboard-row';
import { leaderboardQueryOptions } from './queries';
import { activityLabel, Dot } from './week-dots';

export interface LeaderboardTabProps {
  /** Opens the FIND PEOPLE tab; the empty state suggests it. */
  onFindPeople: () => void;
}

/**
 * The LEADERBOARD tab of /following (spec §2): the viewer and everyone they follow, ranked by the server
 * (5am days, then 6am days, then current streak). Members only; it renders nothing for guests.
 */
export function LeaderboardTab({ onFindPeople }: LeaderboardTabProps) {
  const { user } = useAuth();
  const leaderboard = useQuery({ ...leaderboardQueryOptions(user?.id ?? ''), enabled: user !== null });

  if (!user) return null;

  if (leaderboard.isPending) {
    return (
      <ul
        className="space-y-2"
        aria-busy="true"
        aria-label="Loading leaderboard"
        data-testid="leaderboard-loading"
      >
        {[0, 1, 2, 3].map((index) => (
          <li key={index}>
            <Card className="flex items-center gap-3 p-3">
              <Skeleton className="h-5 w-6" />
              <Skeleton rounded="full" className="size-10" />
              <div className="flex-1 space-y-2">
                <Skeleton className="h-4 w-32" />
                <Skeleton className="h-3 w-24" />
              </div>
              <Skeleton className="h-8 w-20" />
            </Card>
          </li>
        ))}
      </ul>
    );
  }

  if (leaderboard.isLoadingError) {
    return (
      <Card className="p-5 text-sm text-danger-ink" role="alert" data-testid="leaderboard-error">
        Couldn't load the leaderboard. <TryAgainButton onClick={() => void leaderboard.refetch()} />
      </Card>
    );
  }

  const entries = leaderboard.data;
  // The board always holds the viewer; with nobody followed there is nobody to race.
  if (!entries.some((entry) => !entry.isCurrentUser)) {
    return (
      <Card
        className="flex flex-col items-center gap-3 px-6 py-12 text-center"
        data-testid="leaderboard-empty"
      >
        <Users className="size-10 text-accent" aria-hidden="true" />
        <h2 className="text-xl font-black tracking-tight">NO ONE TO RACE YET</h2>
        <p className="max-w-sm text-sm text-muted">
          Follow other early risers and see who wins the week's 5AM club.
        </p>
        <Button variant="primary" onClick={onFindPeople} data-testid="leaderboard-find-people">
          <UserPlus aria-hidden="true" /> FIND PEOPLE
        </Button>
      </Card>
    );
  }

  return (
    <section aria-label="Weekly leaderboard" className="space-y-3">
      <p
        className="flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-subtle"
        data-testid="leaderboard-legend"
      >
        <span>This week, Monday to Sunday:</span>
        {(['5am', '6am', 'none'] as const).map((activity) => (
          <span key={activity} className="inline-flex items-center gap-1">
            <Dot activity={activity} /> {activityLabel[activity]}
          </span>
        ))}
      </p>
      <ol className="space-y-2">
        {entries.map((entry, index) => (
          <LeaderboardRow key={entry.id} entry={entry} rank={index + 1} />
        ))}
      </ol>
    </section>
  );
}
