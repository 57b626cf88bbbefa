import type { LeaderboardEntry, WeekDayActivity } from '@daybreak/contracts';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Flame, UserPlus, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useAuth } from '@/features/auth/use-auth';
import { cn } from '@/lib/cn';
import { listDisplayName } from './list-name';
import { leaderboardQueryOptions } from './queries';

export interface LeaderboardTabProps {
  /** Opens the FIND PEOPLE tab; the empty state suggests it. */
  onFindPeople: () => void;
}

const activityLabel: Record<WeekDayActivity['activityType'], string> = {
  '5am': '5AM post',
  '6am': '6AM post',
  none: 'no early post',
};

const dotClass: Record<WeekDayActivity['activityType'], string> = {
  '5am': 'bg-amber-400 ring-amber-500',
  '6am': 'bg-slate-400 ring-slate-500',
  none: 'bg-surface ring-line-strong',
};

function Dot({ activity }: { activity: WeekDayActivity['activityType'] }) {
  return (
    <span aria-hidden="true" className={cn('inline-block size-3 rounded-full ring-1', dotClass[activity])} />
  );
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

  if (leaderboard.isError) {
    return (
      <Card className="p-5 text-sm text-danger-ink" role="alert" data-testid="leaderboard-error">
        Couldn't load the leaderboard.{' '}
        <button type="button" className="font-semibold underline" onClick={() => void leaderboard.refetch()}>
          Try again
        </button>
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

function LeaderboardRow({ entry, rank }: { entry: LeaderboardEntry; rank: number }) {
  const name = listDisplayName(entry);
  return (
    <li data-testid="leaderboard-row" data-user-id={entry.id} data-current={entry.isCurrentUser || undefined}>
      <Link
        to="/profile/$userId"
        params={{ userId: entry.id }}
        search={{ from: 'leaderboard' }}
        aria-current={entry.isCurrentUser ? 'true' : undefined}
        className={cn(
          // Narrow screens put the numbers under the name; from `sm` they sit at the end of the row.
          'grid grid-cols-[1.75rem_2.5rem_minmax(0,1fr)] items-center gap-x-3 gap-y-2 rounded-2xl border p-3 shadow-sm transition-colors sm:grid-cols-[1.75rem_2.5rem_minmax(0,1fr)_auto]',
          entry.isCurrentUser
            ? 'border-amber-400 bg-highlight ring-2 ring-amber-300 hover:bg-highlight-strong'
            : 'border-line bg-surface hover:bg-surface-muted',
        )}
      >
        <span
          className="row-span-2 text-center text-lg font-black text-ink-soft sm:row-span-1"
          data-testid="leaderboard-rank"
        >
          {rank}
        </span>
        <Avatar
          src={entry.profileImageUrl}
          initial={name.charAt(0).toUpperCase()}
          alt={name}
          className="row-span-2 sm:row-span-1"
        />
        <span className="min-w-0">
          <span className="flex items-center gap-1.5">
            <span className="truncate font-black text-ink" data-testid="leaderboard-name">
              {name}
            </span>
            {entry.isCurrentUser && (
              <span className="rounded-full bg-amber-400 px-1.5 text-[10px] font-black text-on-accent">
                YOU
              </span>
            )}
          </span>
          <span className="mt-1 flex gap-1" role="list" aria-label="This week's mornings">
            {entry.weeklyData.map((day) => (
              <span
                key={day.date}
                role="listitem"
                aria-label={`${day.dayName}: ${activityLabel[day.activityType]}`}
                title={`${day.dayName} ${day.date}: ${activityLabel[day.activityType]}`}
                data-testid="day-dot"
                data-activity={day.activityType}
                className="inline-flex"
              >
                <Dot activity={day.activityType} />
              </span>
            ))}
          </span>
        </span>
        <span className="col-start-3 grid grid-cols-3 gap-2 text-center text-[10px] font-bold text-subtle sm:col-start-4 sm:gap-3">
          <RowStat
            label="5AM"
            srLabel="5AM days this week"
            testId="leaderboard-5am-days"
            className="text-amber-600 dark:text-amber-400"
          >
            {entry.fiveAmDaysThisWeek}
          </RowStat>
          <RowStat
            label="6AM"
            srLabel="6AM days this week"
            testId="leaderboard-6am-days"
            className="text-slate-600 dark:text-slate-300"
          >
            {entry.sixAmDaysThisWeek}
          </RowStat>
          <RowStat
            label="STREAK"
            srLabel="day current streak"
            testId="leaderboard-streak"
            className="text-accent-ink"
          >
            <Flame className="size-3.5" aria-hidden="true" />
            {entry.currentStreak}
          </RowStat>
        </span>
      </Link>
    </li>
  );
}

function RowStat({
  label,
  srLabel,
  testId,
  className,
  children,
}: {
  label: string;
  srLabel: string;
  testId: string;
  className: string;
  children: ReactNode;
}) {
  return (
    <span className="min-w-10">
      <span
        className={cn('flex items-center justify-center gap-0.5 text-base font-black', className)}
        data-testid={testId}
      >
        {children}
      </span>
      <span aria-hidden="true">{label}</span>
      <span className="sr-only">{srLabel}</span>
    </span>
  );
}
