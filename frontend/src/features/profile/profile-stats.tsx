import type { Statistics } from '@daybreak/contracts';
import { Card, CardContent, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { ActivityCalendar } from './activity-calendar';

type Counts = Pick<Statistics, 'fiveAmPostsCount' | 'sixAmPostsCount' | 'currentStreak' | 'longestStreak'>;

function Stat({ label, value, testId }: { label: string; value: number; testId: string }) {
  return (
    <div className="rounded-xl bg-surface-muted p-3 text-center">
      <p className="text-2xl font-black tabular-nums" data-testid={testId}>
        {value}
      </p>
      <p className="text-[11px] font-bold tracking-wide text-subtle uppercase">{label}</p>
    </div>
  );
}

/** Statistics and the 30-day calendar (spec §3). `days` is null while loading, 'unavailable' on failure. */
export function ProfileStats({
  counts,
  days,
}: {
  counts: Counts;
  days: Statistics['last30DaysActivity'] | null | 'unavailable';
}) {
  return (
    <Card data-testid="profile-statistics">
      <CardContent className="space-y-5">
        <CardTitle>STATISTICS</CardTitle>
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
          <Stat label="5 AM posts" value={counts.fiveAmPostsCount} testId="stat-5am" />
          <Stat label="6 AM posts" value={counts.sixAmPostsCount} testId="stat-6am" />
          <Stat label="Current streak" value={counts.currentStreak} testId="stat-current-streak" />
          <Stat label="Longest streak" value={counts.longestStreak} testId="stat-longest-streak" />
        </div>
        <div>
          <h3 className="mb-2 text-xs font-black tracking-widest text-subtle uppercase">Last 30 days</h3>
          {days === null && <Skeleton className="h-40 w-full" />}
          {days === 'unavailable' && (
            <p className="text-sm text-subtle" data-testid="activity-unavailable">
              Activity is unavailable right now.
            </p>
          )}
          {Array.isArray(days) && <ActivityCalendar days={days} />}
        </div>
      </CardContent>
    </Card>
  );
}
