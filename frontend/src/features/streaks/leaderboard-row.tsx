import type { LeaderboardEntry } from '@daybreak/contracts';
import { Link } from '@tanstack/react-router';
import { Flame } from 'lucide-react';
import type { ReactNode } from 'react';
import { Avatar } from '@/components/ui/avatar';
import { cn } from '@/lib/cn';
import { listDisplayName } from './list-name';
import { activityLabel, Dot } from './week-dots';

/** One member on the weekly leaderboard: rank, name, the week's mornings, and the three counts. */
export function LeaderboardRow({ entry, rank }: { entry: LeaderboardEntry; rank: number }) {
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
